"""argparse's own words ("usage:", "options", "show this help message and exit", its error
messages) in the user's language (no Qt).

argparse looks its texts up with `gettext.gettext`, in the default gettext domain, where no
catalogue of this product is installed (and Python ships none). `install()` points argparse's
lookup at the product's catalogues (editor/i18n.py) instead, so `conquest --help` and the
editor's `--help` say "Verwendung:" and "Optionen" in German. The texts are listed here, marked,
so the catalogues hold them; they keep argparse's %-placeholders, which the catalogue check
compares like `{name}` ones. A text argparse adds in a later Python stays English.
"""

from __future__ import annotations

import argparse

from editor.i18n import N_, _, ngettext

#: argparse's texts a user of the command line can see (Python 3.11-3.13)
TEXTS: tuple[str, ...] = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("unexpected option string: %s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


def expected_arguments(n: int) -> str:
    """argparse's one plural text, "expected N arguments" (marked here for the catalogues)."""
    return ngettext("expected %s argument", "expected %s arguments", n)


def install() -> None:
    """From now on argparse speaks the current language (`editor.i18n.set_language`): its
    module-level `_` and `ngettext` (gettext's, as argparse imports them) become the product's,
    which read the language at each call."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
