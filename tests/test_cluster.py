"""generate and solve-all on a Dask cluster (a LocalCluster of two worker processes): the same puzzles
and outcomes as a local run with the same seed; the store written the same way. Skipped only when the
extra (pip install 'ascent[cluster]') is missing."""

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

distributed = pytest.importorskip("distributed", reason="the cluster extra is not installed")

from ascent.tools import cluster  # noqa: E402
from ascent.tools.batch import Job, solve_many  # noqa: E402
from ascent.cli import app  # noqa: E402
from ascent.tools.generate import Unreachable, make  # noqa: E402
from ascent.store import load, read_file  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[1] / "ascent" / "store" / "samples"
runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def address():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                                  silence_logs=50) as lc:
        yield lc.scheduler_address


def test_generate_on_the_cluster_makes_the_local_puzzles(address, tmp_path):
    here = invoke("generate", 5, "--level", "hard", "--count", 4, "--seed", 7, "--store", tmp_path / "here")
    there = invoke("generate", 5, "--level", "hard", "--count", 4, "--seed", 7, "--store", tmp_path / "there",
                   "--cluster", address)
    assert here.exit_code == there.exit_code == 0, there.stderr
    a = read_file(tmp_path / "here" / "5x5-puzzles.json")
    b = read_file(tmp_path / "there" / "5x5-puzzles.json")
    assert a == b and len(a["hard"]) == 4  # the same puzzles, in the same order
    printed = invoke("generate", 5, "--level", "hard", "--count", 4, "--seed", 7, "--cluster", address)
    assert [json.loads(line) for line in printed.stdout.splitlines()] == a["hard"]
    assert "4 5x5 hard puzzles" in there.stderr


def test_the_library_gives_every_index_once_and_raises_what_make_raises(address):
    with cluster.connect(address) as client:
        assert cluster.workers(client) == 2
        got = dict(cluster.generate(client, 4, "easy", 3, "lib"))
        assert sorted(got) == [0, 1, 2]
        assert all(got[k].puzzle == make(4, "easy", "lib", k).puzzle for k in got)
        with pytest.raises(Unreachable):
            list(cluster.generate(client, 4, "extreme", 1, 0, attempts=1))


def test_solve_all_on_the_cluster_matches_the_local_run(address, tmp_path):
    entries = [e for e in load(SAMPLES) if e.size <= 6]
    jobs = [Job(e.size, e.label, e.ident, e.record) for e in entries]
    with cluster.connect(address) as client:
        far = cluster.solve(client, jobs, chunk=5)
    near = solve_many(jobs, 1)
    keep = lambda o: (o.size, o.diff, o.id, o.status, o.grade, o.level, o.score, o.solution)  # noqa: E731
    assert [keep(o) for o in far] == [keep(o) for o in near]
    r = invoke("solve-all", "--store", SAMPLES, "--sizes", "4,5", "--reports", tmp_path, "--cluster", address,
               "--json", tmp_path / "out.json")
    assert r.exit_code == 0, r.stderr
    local = invoke("solve-all", "--store", SAMPLES, "--sizes", "4,5", "--reports", tmp_path, "--workers", 1,
                   "--json", tmp_path / "local.json")
    strip = lambda d: [{k: v for k, v in p.items() if k != "seconds"} for p in d["puzzles"]]  # noqa: E731
    assert strip(json.loads((tmp_path / "out.json").read_text())) == strip(json.loads((tmp_path / "local.json").read_text()))
    assert "on 2 workers" in r.stdout


def test_an_unreachable_scheduler_is_one_line():
    r = invoke("generate", 4, "--level", "easy", "--seed", 1, "--cluster", "tcp://127.0.0.1:9")
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: cannot reach the Dask scheduler at")
