"""The ascent command line. Each command lives in its own module; importing them registers them on ``app``."""

from . import solving, puzzles, grading, generating, playing, share, fetching, loopover  # noqa: F401, I001  (registers the commands, in the order --help lists them)
from .base import app

__all__ = ["app", "main"]


def main() -> None:
    app()
