"""Entry point of the desktop bundle: the same `reviewer-app` command as the CLI."""

import sys

from reviewer_app.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
