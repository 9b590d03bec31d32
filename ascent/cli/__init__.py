"""The ascent command line. Each command lives in its own module of this package, imported only when
that command runs (``base.COMMANDS`` lists them), so a command loads only what it uses."""

from .base import app

__all__ = ["app", "main"]


def main() -> None:
    app()
