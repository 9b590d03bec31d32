"""The puzzle store: one file per size, ``{N}x{N}-puzzles.json``, shaped ``{"<label>": [record, ...]}``."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any


FILE = re.compile(r"^(\d+)x(\d+)-puzzles\.json$")


class StoreError(Exception):
    """A store file cannot be read or written. The message names the file."""


def file_for(root: Path, size: int) -> Path:
    return Path(root) / f"{size}x{size}-puzzles.json"


def read_file(path: Path) -> dict[str, list[dict[str, Any]]]:
    """One store file; {} when it does not exist. Corrupt files raise StoreError and are left as they are."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as e:
        raise StoreError(f"cannot read {path}: {e}") from None
    except json.JSONDecodeError as e:
        raise StoreError(f"{path} is not valid JSON (line {e.lineno}, column {e.colno}): {e.msg}") from None
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise StoreError(f"{path} is not a store file: expected {{\"<label>\": [record, ...]}}")
    return {str(k): v for k, v in data.items()}


def all_dates() -> list[str]:
    """Every date MMDD of a year, 0101 .. 1231, with 0229."""
    days = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    return [f"{m:02d}{d:02d}" for m in range(1, 13) for d in range(1, days[m - 1] + 1)]


def date_of(record: Any) -> str | None:
    """A record's date MMDD: its ``date`` field, else the ``date=`` in its url."""
    if not isinstance(record, dict):
        return None
    if isinstance(record.get("date"), str):
        return record["date"]
    from .puzzle import date_from_url

    return date_from_url(record.get("url") if isinstance(record.get("url"), str) else None)


def sizes_in(root: Path) -> list[int]:
    root = Path(root)
    if not root.is_dir():
        return []
    out = []
    for p in root.iterdir():
        m = FILE.match(p.name)
        if m and m.group(1) == m.group(2):
            out.append(int(m.group(1)))
    return sorted(out)


@dataclass
class Entry:
    size: int
    label: str
    index: int
    record: dict[str, Any]

    @property
    def ident(self) -> str:
        """The record's id, else its url, else its index in its list."""
        rec = self.record
        return str(rec.get("id") or rec.get("url") or self.index)


def load(root: Path, sizes=None, labels=None) -> list[Entry]:
    """Every record in the store, optionally only some sizes and labels, in size then label order."""
    out = []
    for n in sizes_in(root):
        if sizes and n not in sizes:
            continue
        data = read_file(file_for(root, n))
        for label in sorted(data, key=_label_key):
            if labels and label not in labels:
                continue
            out.extend(Entry(n, label, i, rec) for i, rec in enumerate(data[label]))
    return out


def _label_key(label: str):
    return (0, int(label), "") if label.isdigit() else (1, 0, label)


def write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file in the same folder, then rename: never a half-written file."""
    import tempfile

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
