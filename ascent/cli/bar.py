"""The progress bar every long command shows: rich's Progress, transient, three columns short of the
line.

The terminal echoes Ctrl-C as "^C" where the cursor is. After a bar as wide as the terminal, the
cursor waits at the end of the line, so the echo wraps onto a new line; the bar's clean-up then
erases that line and leaves the bar's last frame on the screen above "interrupted: N of M done".
Three free columns keep the echo on the bar's own line, which the clean-up erases.
"""

from __future__ import annotations

from rich.constrain import Constrain
from rich.progress import Progress

FREE = 3  # columns left free at the end of the bar's line


class Bar(Progress):
    def __init__(self, *columns, console, **options) -> None:
        from ..show.console import settings

        self._out = console  # set first: Progress asks for its renderable while it is made
        # only on a terminal (into a file it would leave a blank line), and not under --quiet
        options.setdefault("disable", settings.quiet or not console.is_terminal)
        super().__init__(*columns, console=console, transient=True, **options)

    def get_renderable(self):
        return Constrain(super().get_renderable(), width=max(10, self._out.width - FREE))
