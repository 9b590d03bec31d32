"""The ascent command line. Each command lives in its own module; importing them registers them on ``app``."""

from . import fetching, puzzles, solving  # noqa: F401  (registers the commands)
from .base import app

__all__ = ["app", "main"]


def main() -> None:
    app()
