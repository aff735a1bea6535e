"""The `conquest` command line."""
