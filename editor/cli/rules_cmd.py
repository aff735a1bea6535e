"""`conquest rules [ID|WORD ...]`: the rules catalogue on the command line.

An ID (`conquest rules OBST-3`) prints that rule: text, editions, source passages and the
options (CONF) that switch it. Words print the entries that hold all of them (one match: the
whole entry; more: one line each). No argument lists every entry. Nothing found exits 1.
"""

from __future__ import annotations

import argparse
import sys

from editor.cli.exits import EXIT_FINDINGS, EXIT_OK
from editor.i18n import N_, _, ngettext
from editor.model.rulebook import load_catalogue

NAME = "rules"
HELP = N_("Show a rule of the rules catalogue by ID (OBST-3) or search it by words.")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", nargs="*", metavar="ID|WORD",
                   help=_("a rule ID (OBST-3, CONF-16, BF-4) or words to search for; none: "
                          "list every entry"))


def run(args: argparse.Namespace) -> int:
    catalogue = load_catalogue()
    query = " ".join(args.query).strip()
    if not query:
        for rule in catalogue.rules.values():
            print(rule.heading)
        n = len(catalogue.rules)
        print(ngettext("# {n} entry", "# {n} entries", n).format(n=n), file=sys.stderr)
        return EXIT_OK
    hits = catalogue.search(query)
    if not hits:
        print(_("conquest rules: nothing in the rules catalogue matches '{query}'; try a rule ID"
                " such as OBST-3 or one word, or `conquest rules` for the list").format(
                  query=query),
              file=sys.stderr)
        return EXIT_FINDINGS
    exact = catalogue.get(query)
    if exact is not None or len(hits) == 1:
        print(catalogue.describe((exact or hits[0]).id))
        return EXIT_OK
    for rule in hits:
        print(rule.heading)
    print(ngettext("# {n} entry matches '{query}'; `conquest rules ID` prints one",
                   "# {n} entries match '{query}'; `conquest rules ID` prints one",
                   len(hits)).format(n=len(hits), query=query),
          file=sys.stderr)
    return EXIT_OK
