"""The one shared rich Console (stdout) and its twin for errors (stderr). Only the CLI prints.

Their width is the terminal's; when output is piped, $COLUMNS or 80. Grids lay themselves out for
that width; step lines are never wrapped when piped (one step per line, for grep and diff).
"""

from rich.console import Console

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True)
