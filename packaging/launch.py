"""Entry point of the bundle (packaging/conquest-workbench.spec): one program, two names.

Started as `conquest` (the symlink beside it, or a copy on Windows) it is the command line;
under any other name it is the editor, `conquest-editor`.
"""

import multiprocessing
import sys
from pathlib import Path


def main() -> int:
    multiprocessing.freeze_support()  # `conquest balance` starts worker processes
    if Path(sys.argv[0]).stem.lower() == "conquest":
        from editor.cli.main import main as cli

        return cli()
    from editor.gui.app import main as editor

    return editor()


if __name__ == "__main__":
    sys.exit(main())
