"""`python -m ncclkit` entry point."""

import sys

from ncclkit.cli.main import main

sys.exit(main())
