"""The puzzle store: one file per size, ``{N}x{N}-puzzles.json``, shaped ``{"<label>": [record, ...]}``."""

from __future__ import annotations

import json
import os
import random
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, Callable, Optional

from . import files


OWN_LEVELS = ("easy", "tricky", "hard", "extreme", "unreasonable")  # our own set's labels (ascent.solver.grade.LEVELS)
FILE = re.compile(r"^(\d+)x(\d+)-puzzles\.json$")
SAMPLES = Path(__file__).resolve().parent / "samples"


class StoreError(Exception):
    """A store file cannot be read or written, or holds a bad record. The message names the file."""


class FileError(StoreError):
    """A file that cannot be read as the kind of file it was given as: not UTF-8, not JSON, not a store
    file. The file is wrong, not a puzzle in it (the command line calls it usage, exit 2)."""


class ChoiceError(Exception):
    """What the user chose does not exist or cannot be read (a store folder, a file, a date, a size and
    difficulty): the choice is wrong, not the data. The message names what was chosen."""


def file_for(root: Path, size: int) -> Path:
    return Path(root) / f"{size}x{size}-puzzles.json"


def read_file(path: Path) -> dict[str, list[dict[str, Any]]]:
    """One store file; {} when it does not exist. Corrupt files raise StoreError and are left as they are."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        data = loads(files.read_bytes(path).decode("utf-8-sig"), str(path))
    except files.TooLarge:
        raise FileError(f"{path} is larger than {files.LIMIT_TEXT}: not a store file") from None
    except OSError as e:
        raise FileError(f"cannot read {path}: {files.words(e)}") from None
    except UnicodeDecodeError:
        raise FileError(f"{path} is not UTF-8 text") from None
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise FileError(f"{path} is not a store file: expected {{\"<label>\": [record, ...]}}")
    return {str(k): v for k, v in data.items()}


MAX_CONTAINERS = 2_000_000  # strings, lists and objects in one JSON text: 100,000 records, and far less than 2 GB


class TooMany(FileError):
    """A JSON text of millions of strings, lists or objects: refused before Python builds them (each
    costs 50 to 200 bytes; a 64 MB text of them would take gigabytes)."""


def loads(text: str, name: str, line: int | None = None):
    """JSON text read from ``name``; anything that does not parse (bad syntax, nesting too deep for a
    puzzle file, a number of thousands of digits) is one FileError naming the file (and the line of
    JSON lines)."""
    where = f"{name}: line {line}" if line is not None else name
    if len(text) > 1 << 20 and text.count("{") + text.count("[") + text.count('"') // 2 > MAX_CONTAINERS:
        raise TooMany(f"{where} holds more than {MAX_CONTAINERS:,} JSON strings, lists and objects: "
                      "far more than any puzzle file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        at = f"column {e.colno}" if line is not None else f"line {e.lineno}, column {e.colno}"
        raise FileError(f"{where} is not valid JSON ({at}): {e.msg}") from None
    except RecursionError:
        raise FileError(f"{where} is not a puzzle file: its lists or objects nest too deeply") from None
    except ValueError:  # a number too long to read (Python stops at 4300 digits)
        raise FileError(f"{where} is not a puzzle file: it holds a number thousands of digits long") from None


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
    from ..puzzle import date_from_url

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
    """Numbers first (brainbashers' 1, 2, 3), then our own set's levels easiest first, then the rest."""
    if label.isdigit():
        return (0, int(label), "")
    if label in OWN_LEVELS:
        return (1, OWN_LEVELS.index(label), "")
    return (2, 0, label)


def write_atomic(path: Path, text: str) -> None:
    """A store's own file (a size file, a report, a failed page), its folder made when missing:
    written as ``ascent.store.files.write`` does (atomically; a symlink's target; a FIFO in place)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    files.write(path, text)


# ---------------------------------------------------------------------------- choosing a store
def home() -> Path:
    """Where fetched/ and reports/ live: the checkout for a source install (pip install -e .),
    else the user data folder (platformdirs: ~/.local/share/ascent on Linux)."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "ascent" / "cli").is_dir():
        return root
    from platformdirs import user_data_path

    return user_data_path("ascent", appauthor=False)


def default_store() -> Path:
    return home() / "fetched"


def store_path(store: Optional[Path]) -> Path:
    """The store asked for: ``store``, else $ASCENT_STORE, else the default fetched/."""
    if store is not None:
        return Path(store)
    env = os.environ.get("ASCENT_STORE")
    return Path(env) if env else default_store()


def check_store(store: Path) -> None:
    """A store the user named (--store or $ASCENT_STORE) must be a folder that exists."""
    if store == default_store():
        return
    if not store.exists():
        raise ChoiceError(f"store {store}: no such folder")
    if not store.is_dir():
        raise ChoiceError(f"store {store}: not a folder of NxN-puzzles.json files")


def entries_or_samples(store: Path, sizes=None, diffs=None) -> tuple[list[Entry], Path]:
    """(entries, the folder they came from). Only the default store falls back to the embedded
    samples when it is empty or missing (the folder returned then is SAMPLES, not ``store``); a store
    the user named must exist."""
    check_store(store)
    if sizes_in(store) or store != default_store():
        return load(store, sizes, diffs), store
    return load(SAMPLES, sizes, diffs), SAMPLES


def what_is_there(root: Path) -> str:
    """The sizes and difficulty labels a store holds, in words."""
    found = []
    for n in sizes_in(root):
        found.append(f"{n}x{n}: " + ", ".join(sorted(read_file(file_for(root, n)), key=_label_key)))
    return "it has " + "; ".join(found) if found else "it is empty"


def own_level(name: str) -> str:
    """A level of our own set, named in any case; ChoiceError naming the levels otherwise."""
    key = name.strip().lower()
    if key not in OWN_LEVELS:
        raise ChoiceError(f"--level: unknown level {name!r}; our own set has {', '.join(OWN_LEVELS)}")
    return key


def pick_stored(store: Optional[Path], size: int, diff: Optional[str] = None, when: Optional[str] = None,
                random_date: bool = False, on_samples: Optional[Callable[[Path, "Entry"], None]] = None,
                level: Optional[str] = None):
    """The stored puzzle of that size and difficulty ``diff`` (default "1"): dated ``when``, or at
    random, else today's, else the set's first.

    Our own set (SAMPLES: puzzles ascent made, labelled by level, with no dates) is used when
    ``level`` is given, or when the default store is empty and neither ``diff`` nor ``when`` is (then
    at level easy); ``on_samples(store, entry)`` is called then, so the caller can say so. A
    difficulty or a date names a brainbashers puzzle, which our own set never stands in for: with the
    default store empty, that is a ChoiceError saying where such puzzles come from. A record that does
    not read, or is of another size, is a StoreError naming it; a choice that matches nothing is a
    ChoiceError."""
    if when is not None and random_date:
        raise ChoiceError("give --date or --random-date, not both")
    if when is not None and when not in all_dates():
        raise ChoiceError(f"--date: {when!r} is not a date MMDD such as 0521")
    root = store_path(store)
    if level is not None:
        if diff is not None or when is not None:
            raise ChoiceError("--level picks from our own set, which has no difficulties or dates: "
                              "give --level, or --diff and --date")
        entries, used = _own(size, own_level(level))
    else:
        entries, used = entries_or_samples(root, [size], None)
        if used != root:
            if diff is not None or when is not None:
                asked = " ".join(part for part in (f"of difficulty {diff}" if diff is not None else "",
                                                   f"dated {when}" if when is not None else "") if part)
                raise ChoiceError(f"no {size}x{size} puzzle {asked}: the store {root} is empty (ascent fetch fills "
                                  f"it from brainbashers); --level {'|'.join(OWN_LEVELS[:3])}|... picks from our own set")
            entries, used = _own(size, OWN_LEVELS[0])
        else:
            if diff is None:  # brainbashers' easiest, or the easiest level when the store named is our own set
                diff = OWN_LEVELS[0] if used.resolve() == SAMPLES else "1"
            entries = [e for e in entries if e.label == diff]
            if not entries:
                held = what_is_there(used)
                if held == "it is empty":
                    held += "; 'ascent fetch' fills a store, and --level picks from our own set"
                raise ChoiceError(f"no {size}x{size} puzzles with difficulty {diff} in {used} ({held})")
    if random_date:
        entry = random.choice(entries)
    elif when is not None:
        entry = next((e for e in entries if date_of(e.record) == when), None)
        if entry is None:
            raise ChoiceError(f"no {size}x{size} difficulty {diff} puzzle dated {when} in {used}")
    else:
        today = date.today().strftime("%m%d")
        entry = next((e for e in entries if date_of(e.record) == today), entries[0])
    if used == SAMPLES and on_samples is not None:
        on_samples(root, entry)
    from ..puzzle import Puzzle, PuzzleError

    where = f"{file_for(used, entry.size)}: difficulty {entry.label} entry {entry.ident}"
    try:
        puzzle = Puzzle.from_record(entry.record, entry.label)
    except PuzzleError as e:
        raise StoreError(f"{where}: {e}") from None
    if puzzle.size != entry.size:
        raise StoreError(f"{where} is a {puzzle.size}x{puzzle.size} puzzle in the {entry.size}x{entry.size} file")
    return puzzle


def _own(size: int, level: str) -> tuple[list[Entry], Path]:
    """Our own set's puzzles of a size and level; a ChoiceError saying which sizes it has otherwise."""
    entries = load(SAMPLES, [size], [level])
    if not entries:
        raise ChoiceError(f"our own set has no {size}x{size} {level} puzzles (sizes "
                          f"{', '.join(str(n) for n in sizes_in(SAMPLES))}; levels {', '.join(OWN_LEVELS)})")
    return entries, SAMPLES


# ---------------------------------------------------------------------------- puzzle files
def file_name(file: Path) -> str:
    return "stdin" if str(file) == "-" else str(file)


def read_text(file: Path, kind: str = "a puzzle file") -> str:
    """A file's text ('-': standard input), at most ``files.LIMIT`` bytes; a UTF-8 byte-order mark is
    dropped. A file that cannot be read is a ChoiceError; ``kind`` says what the file was given as."""
    name = file_name(file)
    try:
        return files.read_bytes(file).decode("utf-8-sig")
    except files.TooLarge:
        raise ChoiceError(f"{name} is larger than {files.LIMIT_TEXT}: too large for {kind}") from None
    except FileNotFoundError:
        raise ChoiceError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise ChoiceError(f"{name}: is a folder, not a file") from None
    except UnicodeDecodeError as e:
        raise ChoiceError(f"{name} is not UTF-8 text (byte {e.start + 1})") from None
    except OSError as e:
        raise ChoiceError(f"{name}: cannot read it: {files.words(e)}") from None


def read_json(file: Path, kind: str = "a puzzle file"):
    """A JSON file's contents ('-': standard input); JSON that does not parse is a FileError."""
    return loads(read_text(file, kind), file_name(file))


def read_records(file: Path, resolve=None) -> list[tuple[str, Optional[str], dict]]:
    """[(where, label, record)] of a puzzle file: one record, a list of them, a store file
    {label: [record, ...]}, or one puzzle a line in any text format (``ascent.puzzle.textlines``: JSON lines as
    'ascent generate' prints, Tatham ids, puzz.link URLs, keys, clockwise clues). A line holding another web
    address (a brainbashers page) is read by ``resolve`` (the CLI passes ``ascent.store.urls.read``); without
    one it is a StoreError saying so."""
    text = read_text(file)
    name = file_name(file)
    try:
        data = loads(text, name)
    except TooMany:
        raise
    except FileError as first:
        if text.count("\n") > MAX_CONTAINERS:  # not a puzzle's lines: never split millions of lines
            raise first from None
        return _text_records(text, name, first, resolve)
    if isinstance(data, (int, float)) and not isinstance(data, bool):  # a bare number is a line of keys
        return _text_records(text, name, None, resolve)  # (2213322131232231), not JSON
    if isinstance(data, list):
        out = [(f"record {k}", None, rec) for k, rec in enumerate(data, 1)]
    elif isinstance(data, dict) and data and all(isinstance(v, list) for v in data.values()):
        out = [(f"{label} entry {k}", label, rec) for label, recs in data.items() for k, rec in enumerate(recs, 1)]
    elif not isinstance(data, dict):
        from ..puzzle.parts import json_kind

        raise StoreError(f"{name} holds {json_kind(data)}, not a puzzle")
    else:
        return [("", None, data)]
    if not out:
        raise FileError(f"{name} holds no puzzles")
    return out


def _text_records(text: str, name: str, not_json: Optional[FileError], resolve) -> list:
    """The records of a file that is not JSON: one puzzle a line (``ascent.puzzle.textlines``)."""
    from ..puzzle import textlines as one_a_line  # one puzzle a line, in any text format

    lines = [(k, line) for k, line in enumerate(text.splitlines(), 1) if not one_a_line.skipped(line)]
    if not lines:
        raise FileError(f"{name} holds no puzzles: it is empty")
    if not_json is not None and len(lines) < 2 and one_a_line.kind(lines[0][1]) in (None, "record"):
        raise not_json  # one line that is no puzzle in any format: what the JSON reader said of it
    return [(f"line {k}", None, _line_record(name, k, line, one_a_line, resolve)) for k, line in lines]


def _line_record(name: str, k: int, line: str, one_a_line, resolve) -> dict:
    """The record of line ``k``: a JSON record as it is, a puzzle in another format as its record."""
    from ..puzzle import PuzzleError

    if one_a_line.kind(line) == "record":
        return loads(line, name, k)
    if one_a_line.kind(line) is None:
        raise FileError(f"{name}: line {k}: {one_a_line.unknown(line)}")
    try:
        return one_a_line.read(line, resolve or one_a_line.offline).to_record()
    except PuzzleError as e:
        raise StoreError(f"{name}: line {k}: {e}") from None


def puzzles_of(records: list[tuple[str, Optional[str], dict]], name: str, say_where: bool) -> list:
    """[(where, Puzzle)] of records read from the file ``name``; a bad record is a StoreError naming
    the file and, when ``say_where``, the record."""
    from ..puzzle import Puzzle, PuzzleError

    out = []
    for where, label, record in records:
        try:
            out.append((where, Puzzle.from_record(record, label)))
        except PuzzleError as e:
            raise StoreError(f"{name}: {where}: {e}" if say_where else f"{name}: {e}") from None
    return out
