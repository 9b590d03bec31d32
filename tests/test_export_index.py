"""A file of several traces (what 'solve --file puzzles --json' writes) is one 'export' reads, with --index."""

import json

from typer.testing import CliRunner

from ascent.cli import app

runner = CliRunner()
PUZZLES = ["2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3", "0 0 1 2 0 2 0 0 0 3 0 0 0 1 0 0"]


def _traces(tmp_path):
    lines = tmp_path / "two.txt"
    lines.write_text("\n".join(PUZZLES) + "\n")  # one puzzle a line (clockwise clues)
    traces = tmp_path / "traces.json"
    r = runner.invoke(app, ["solve", "--file", str(lines), "--json", str(traces)])
    assert r.exit_code == 0, r.stderr
    data = json.loads(traces.read_text())
    assert isinstance(data, list) and len(data) == 2
    return traces, data


def test_export_draws_the_kth_trace_of_a_file_of_traces(tmp_path):
    traces, data = _traces(tmp_path)
    drawn = []
    for k in (1, 2):
        svg = tmp_path / f"{k}.svg"
        r = runner.invoke(app, ["export", str(traces), "--index", str(k), "--svg", str(svg)])
        assert r.exit_code == 0, r.stderr
        alone = tmp_path / f"alone{k}.json"  # the same trace on its own: the K-th is drawn exactly as it
        alone.write_text(json.dumps(data[k - 1]))
        r = runner.invoke(app, ["export", str(alone), "--svg", str(tmp_path / f"alone{k}.svg")])
        assert r.exit_code == 0, r.stderr
        assert svg.read_text() == (tmp_path / f"alone{k}.svg").read_text()
        drawn.append(svg.read_text())
    assert drawn[0] != drawn[1]  # two puzzles, two drawings: --index chose


def test_a_file_of_traces_without_index_or_past_its_end_is_one_line(tmp_path):
    traces, _ = _traces(tmp_path)
    r = runner.invoke(app, ["export", str(traces), "--svg", str(tmp_path / "x.svg")])
    assert r.exit_code == 2 and "holds 2 traces: choose one with --index K (1..2)" in r.stderr
    r = runner.invoke(app, ["export", str(traces), "--index", "3", "--svg", str(tmp_path / "x.svg")])
    assert r.exit_code == 2 and "holds only 2 traces" in r.stderr
    assert not (tmp_path / "x.svg").exists()
