"""numpy is the [loopover] extra: without it Loopover says so in one line (exit 2), and the rest of ascent
never needs it."""

import subprocess
import sys

# A fresh interpreter where numpy cannot be imported (None in sys.modules stops the import), the
# command run through typer's CliRunner.
WITHOUT_NUMPY = """
import sys
sys.modules["numpy"] = None
from typer.testing import CliRunner
from ascent.cli.base import app
import ascent.cli
result = CliRunner().invoke(app, {args!r})
print(result.exit_code)
print(result.output)
"""


def run_without_numpy(args: list[str]) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", WITHOUT_NUMPY.format(args=args)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    code, _, output = done.stdout.partition("\n")
    return int(code), output


def test_loopover_without_numpy_asks_for_the_extra_in_one_line():
    code, output = run_without_numpy(["loopover", "AB/CD", "AC/BD"])
    assert code == 2
    lines = [line for line in output.splitlines() if line.strip()]
    assert lines == ["error: Loopover needs numpy, which is not installed: pip install 'ascent[loopover]'"]


def test_skyscrapers_commands_run_without_numpy():
    code, output = run_without_numpy(["solve", "--clues", "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"])
    assert code == 0, output
    assert "Traceback" not in output
