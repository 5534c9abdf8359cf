"""Entry point of the desktop bundle: the same `reviewer-app` command as the CLI."""

import multiprocessing
import sys

from reviewer_app.cli.main import main

if __name__ == "__main__":
    # Detection runs in a child process; in a frozen program the child is this same
    # executable, and freeze_support() makes it run the child's work instead of the CLI.
    multiprocessing.freeze_support()
    sys.exit(main())
