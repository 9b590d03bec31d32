"""The one shared rich Console (stdout) and its twin for errors (stderr). Only the CLI prints.

Their width is the terminal's; when output is piped, $COLUMNS or 80. Grids lay themselves out for
that width; step lines are never wrapped when piped (one step per line, for grep and diff).
"""

import os
import sys

from rich.console import Console


class _Console(Console):
    def on_broken_pipe(self) -> None:
        """The reader went away (``ascent ... | head``): printing stops quietly, but the command goes on,
        so the files it was asked to write are still written and its exit code still tells."""
        self.quiet = True
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass


console = _Console(highlight=False)
err_console = _Console(stderr=True, highlight=False, soft_wrap=True)
