import json
import os
from pathlib import Path

import pytest

SHARED = Path(os.environ.get("ASCENT_SHARED") or Path(__file__).resolve().parents[1].parent / "shared")  # ../shared


def shared_sets(folder: str):
    """(size, label, record) for every puzzle in ../shared/<folder>."""
    root = SHARED / folder
    out = []
    for path in sorted(root.glob("*x*-puzzles.json")):
        n = int(path.name.split("x")[0])
        for label, records in json.loads(path.read_text()).items():
            for rec in records:
                out.append((n, label, rec))
    return out


@pytest.fixture(scope="session")
def shared():
    if not (SHARED / "brainbashers").is_dir():
        pytest.skip("../shared is not beside the project")
    return SHARED


@pytest.fixture
def default_store(tmp_path, monkeypatch):
    """The CLI's default store (fetched/ in its data folder) is an empty folder under tmp_path."""
    import ascent.store as store

    monkeypatch.delenv("ASCENT_STORE", raising=False)
    monkeypatch.setattr(store, "home", lambda: tmp_path)
    return tmp_path / "fetched"
