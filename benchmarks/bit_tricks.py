"""A rough count of the raw bit tricks outside ``cands.py``: lines of ``ascent/`` (Loopover left out) whose
code matches ``<<``, ``>>``, ``& ~``, ``& -x``, ``(x - 1)``, ``bit_length`` or ``bit_count``.

    python benchmarks/bit_tricks.py            # this tree
    python benchmarks/bit_tricks.py /tmp/base  # another tree
"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path

PATTERN = re.compile(r"<<|>>|&\s*~|&\s*-\w|\(\w+ - 1\)|bit_length|bit_count")


def main() -> None:
    root = (Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent) / "ascent"
    counts: collections.Counter = collections.Counter()
    for path in sorted(root.rglob("*.py")):
        if "loopover" in path.parts or path.name == "cands.py":
            continue
        for line in path.read_text().splitlines():
            code = line.split("#")[0]
            if not code.strip().startswith(('"', "'")) and PATTERN.search(code):
                counts[str(path.relative_to(root))] += 1
    for name, k in counts.most_common():
        print(f"{k:4} {name}")
    print(f"{sum(counts.values()):4} in all")


if __name__ == "__main__":
    main()
