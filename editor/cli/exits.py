"""Exit codes of `conquest`: 0 success, 1 problems found in the inputs, 2 usage errors or
unreadable inputs, 3 an internal error (a bug: never confused with "errors found"). A module
of its own so subcommands need not import `editor.cli.main` (which imports them)."""

EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_CRASH = 0, 1, 2, 3
