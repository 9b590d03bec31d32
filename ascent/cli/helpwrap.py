"""Help text that fits a narrow terminal: click keeps a ``\\b`` block (examples, tables) line for line,
so a line wider than the terminal was cut by the terminal mid-word ("chang" / "ed" at 60 columns).

Here such a line is wrapped at the help's width instead: an example command between its words, with
a shell line continuation (" \\") so it still pastes as one command, and a line of prose at its words
with a hanging indent. Quoted arguments are never split, nor words at their hyphens. Lines that fit
are left exactly as written.
"""

from __future__ import annotations

import re
import textwrap

_TOKEN = re.compile(r'"[^"]*"|\'[^\']*\'|\S+')
_INNER_HYPHEN = re.compile(r"(?<=\w)-(?=\w)")
_HELD = "\x00"  # one character, not a space and not a hyphen: the wrapper keeps it inside its word


def wrap_line(line: str, width: int) -> list[str]:
    """One line of a ``\\b`` block, as lines no wider than ``width`` where its words allow."""
    if len(line) <= width:
        return [line]
    indent = len(line) - len(line.lstrip())
    body = line.strip()
    if body.startswith("ascent "):  # an example: break between arguments, continued with a backslash
        out, current = [], " " * indent
        tokens = _TOKEN.findall(body)
        for k, token in enumerate(tokens):
            after_pipe = k > 0 and tokens[k - 1] == "|" and len(current) > width // 2  # a pipe is a good place
            if current.strip() and (after_pipe or len(current) + 1 + len(token) + 2 > width):
                out.append(current + " \\")
                current = " " * (indent + 4) + token
            else:
                current += (" " if current.strip() else "") + token
        out.append(current)
        return out
    return textwrap.wrap(body, width, initial_indent=" " * indent, subsequent_indent=" " * (indent + 2),
                         break_long_words=False, break_on_hyphens=False) or [line]


def install() -> None:
    """Wrap over-long lines of ``\\b`` blocks in every help screen (typer's bundled click)."""
    try:
        from typer._click import formatting
    except ImportError:  # typer's internals moved: help is printed as click prints it
        return
    original = formatting.wrap_text
    if getattr(original, "_ascent", False):
        return

    def wrap_text(text, width=78, initial_indent="", subsequent_indent="", preserve_paragraphs=False):
        if preserve_paragraphs:
            lines, raw = [], False
            for line in text.splitlines():
                if not line.strip():
                    raw = False
                elif line.strip() == "\b":
                    raw = True
                elif raw:
                    room = width - len(initial_indent)
                    lines.extend(wrap_line(line, room))
                    continue
                lines.append(line)
            text = "\n".join(lines)
        # a hyphen inside a word ("one-line", "--no-backtrack") is no place to break: held as a stand-in
        held = _INNER_HYPHEN.sub(_HELD, text)
        return original(held, width, initial_indent, subsequent_indent, preserve_paragraphs).replace(_HELD, "-")

    wrap_text._ascent = True
    formatting.wrap_text = wrap_text
