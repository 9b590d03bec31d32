"""The one shared rich Console (stdout) and its twin for errors (stderr). Only the CLI prints.

Their width is the terminal's; when output is piped, $COLUMNS or 80. Grids lay themselves out for
that width; step lines and other lines of text are never wrapped when piped (one per line, for grep
and diff), and piped lines carry no trailing spaces.
"""

import os
import sys

from rich.console import Console
from rich.text import Text


class _Console(Console):
    def print(self, *objects, soft_wrap=None, **kw) -> None:
        """Lines of text (str or rich Text) are never wrapped when the output is not a terminal: a file
        or a pipe gets each summary, note and error on one line (grids and tables still lay out for
        the width)."""
        if soft_wrap is None and not self.is_terminal and all(isinstance(o, (str, Text)) for o in objects):
            soft_wrap = True
        super().print(*objects, soft_wrap=soft_wrap, **kw)

    def _render_buffer(self, buffer) -> str:
        """Output that is not a terminal has no trailing spaces (rich pads table cells)."""
        text = super()._render_buffer(buffer)
        if self.is_terminal or not text:
            return text
        return "\n".join(line.rstrip(" ") for line in text.split("\n"))

    def clear_line(self) -> None:
        """Wipe the line the cursor is on, on a terminal: Ctrl-C can cut a write short in the middle
        of a progress bar (the write is not finished when the signal's exception is raised), and
        the bar's own clean-up then misses that half line."""
        if self.is_terminal:
            try:
                self.file.write("\r\x1b[2K")
                self.file.flush()
            except (OSError, ValueError):
                pass

    def on_broken_pipe(self) -> None:
        """The reader went away (``ascent ... | head``): printing stops quietly, but the command goes on,
        so the files it was asked to write are still written and its exit code still tells."""
        self.quiet = True
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):
            pass


console = _Console(highlight=False)
err_console = _Console(stderr=True, highlight=False)  # wraps at words on a terminal; one line a message when piped


class Settings:
    """What the command line's own options set for every command: ``--quiet`` (no notes, no progress)."""

    quiet = False


settings = Settings()


def note(text: str) -> None:
    """A note on stderr (``note: ...``, a seed, a summary of made puzzles): left out under --quiet."""
    if not settings.quiet:
        err_console.print(text, markup=False)


_AUTO = {id(c): (c._color_system, c.no_color) for c in (console, err_console)}  # as rich found them


def set_color(on: "bool | None") -> None:
    """--color / --no-color: colours on (even into a pipe or file) or off, on both consoles; None:
    back to what rich found (colour on a terminal, unless $NO_COLOR is set)."""
    from rich.color import ColorSystem

    for c in (console, err_console):
        if on is None:
            c._color_system, c.no_color = _AUTO[id(c)]
        else:
            c._color_system, c.no_color = (ColorSystem.STANDARD if on else None), not on
