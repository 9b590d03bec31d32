"""The one shared rich Console (stdout) and its twin for errors (stderr). Only the CLI prints."""

import sys

from rich.console import Console

# Piped output is not cut to 80 columns: an 8x8 grid of candidates needs about 110.
_width = None if sys.stdout.isatty() else 200
console = Console(width=_width, highlight=False)
err_console = Console(stderr=True, width=_width, highlight=False)
