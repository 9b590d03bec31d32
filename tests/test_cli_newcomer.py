"""Issue 8: the CLI as a newcomer meets it. Each test here failed on the code before the fix."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ascent import Puzzle, solve
from ascent.model import cands
from ascent.cli import app
from ascent.show.console import console
from ascent.solver.engine import ORDER
from ascent.model.grid import Grid
from ascent.store import file_for, read_file

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "ascent" / "store" / "samples"
KATA = "2 2 1 3 2 2 3 1 1 2 2 3 3 2 1 3"
MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # needs forcing
TECHNIQUES = ORDER + ("backtrack",)


@pytest.fixture(autouse=True)
def _console_width():
    """Tests here set the shared console's width; put it back for the other test files."""
    before = console._width
    yield
    console._width = before


def invoke(*args, width=80, **kw):
    console.width = width  # the shared console: as wide as the terminal under test
    return runner.invoke(app, [str(a) for a in args], **kw)


def run(*args, columns=80, env=None, **kw):
    """The real program in a subprocess, its stdout a pipe (not a terminal), as a user's shell runs it."""
    e = {**os.environ, "COLUMNS": str(columns), **(env or {})}
    if not env or "ASCENT_STORE" not in env:
        e.pop("ASCENT_STORE", None)
    return subprocess.run([sys.executable, "-m", "ascent", *map(str, args)], capture_output=True, text=True, env=e,
                          timeout=60, **kw)


def one_line_error(result, code, *words):
    assert result.exit_code == code, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for w in words:
        assert w in lines[0]


# ------------------------------------------------------------------ 1. narrow terminals
def read_grid(lines: list[str], n: int):
    """Parse a rendered grid without the renderer: ({(r, c): heights shown}, clues on each side).

    Cells are the columns of text separated by blank columns; a cell may span several lines
    (pencil marks), the rows of cells then being separated by blank lines.
    """
    lines = [line.rstrip() for line in lines]
    width = max(len(line) for line in lines)
    used = [any(i < len(line) and line[i] != " " for line in lines) for i in range(width)]
    for gap in (1, 2, 3):
        spans, start, blank = [], None, 0
        for i, u in enumerate(used + [False] * gap):
            if u:
                if start is None:
                    start = i
                blank = 0
            elif start is not None:
                blank += 1
                if blank == gap:
                    spans.append((start, i - gap + 1))
                    start = None
        if len(spans) == n + 2:
            break
    assert len(spans) == n + 2, f"cannot find {n} cell columns and two clue columns in:\n" + "\n".join(lines)
    body = lines[1:-1]
    groups = [[]]
    for line in body:
        if line.strip():
            groups[-1].append(line)
        elif groups[-1]:
            groups.append([])
    groups = [g for g in groups if g] if any(not line.strip() for line in body) else [[line] for line in body]
    assert len(groups) == n, "\n".join(lines)

    def text(line_list, span):
        return "".join(line[span[0]:span[1]] for line in line_list)

    def heights(s):
        return {int(ch, 13) for ch in s if ch.isalnum()}

    cells = {(r, c): heights(text(groups[r], spans[c + 1])) for r in range(n) for c in range(n)}
    clue = lambda s: int(s.strip()) if s.strip() else 0  # noqa: E731
    sides = {
        "upper": tuple(clue(text([lines[0]], spans[c + 1])) for c in range(n)),
        "lower": tuple(clue(text([lines[-1]], spans[c + 1])) for c in range(n)),
        "left": tuple(clue(text(g, spans[0])) for g in groups),
        "right": tuple(clue(text(g, spans[-1])) for g in groups),
    }
    return cells, sides


def grid_after(title_start: str, out: str) -> list[str]:
    """The lines of the grid printed under the title that starts with ``title_start``."""
    lines = out.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith(title_start))
    k += 1
    while lines[k] and lines[k][0].isalpha():  # the title wrapped onto another line
        k += 1
    grid = []
    while k < len(lines) and not (lines[k] and lines[k][0].isalpha()) and not lines[k].startswith("SOLVED"):
        grid.append(lines[k])
        k += 1
    while grid and not grid[-1].strip():
        grid.pop()
    return grid


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_readme_first_command_shows_every_clue_and_candidate(columns):
    r = run("solve-one", 7, "--level", "tricky", "--debug", columns=columns)
    assert r.returncode == 0, r.stderr
    assert "ascent-7x7-tricky-01" in r.stderr
    record = read_file(file_for(SAMPLES, 7))["tricky"][0]  # what the command picks: the set's first
    puzzle = Puzzle.from_record(record, "tricky")
    result = solve(puzzle)
    grid = Grid.start(puzzle)
    for step in result.passes[0].steps:
        grid.apply(step)
    for title, masks in (("Start:", Grid.start(puzzle).masks), ("Pass 1:", grid.masks)):
        cells, sides = read_grid(grid_after(title, r.stdout), 7)
        assert sides == {s: getattr(puzzle, s) for s in sides}
        for (row, col), shown in cells.items():
            assert shown == set(cands.digits(masks[row * 7 + col])), (title, row, col)
    grids = [line for line in r.stdout.splitlines() if not (line and line[0].isalpha())]
    assert max(len(line) for line in grids) <= columns


@pytest.mark.parametrize("size", [8, 9])
def test_big_grids_fit_60_columns_with_all_candidates(size):
    n = size
    puzzle = Puzzle(n, (2,) + (0,) * (n - 1), (0,) * (n - 1) + (2,), (0,) * (n - 1) + (3,), (3,) + (0,) * (n - 1))
    from ascent.show import render

    masks = Grid.start(puzzle).snapshot()
    for width in (60, 100):
        lines = [t.plain for t in render.GridView(puzzle, masks).lines(width)]
        assert max(len(line) for line in lines) <= width
        cells, sides = read_grid(lines, n)
        assert sides == {s: getattr(puzzle, s) for s in sides}
        assert all(shown == set(range(1, n + 1)) for shown in cells.values())


def test_hook_command_fits_80_columns():
    r = run("solve", "--clues", MEDVED, columns=80)
    assert r.returncode == 0
    assert max(len(line) for line in r.stdout.splitlines()) <= 80


def test_compact_shows_placed_heights_and_dots():
    r = invoke("solve", "--clues", KATA, "--compact", "--no-backtrack")
    start = grid_after("Start:", r.stdout)
    assert "." in start[1] and "[" not in r.stdout  # piped: plain ASCII '.', a terminal shows '·'
    assert r.stdout.isascii()


def test_solve_all_table_fits_80_columns(tmp_path):
    r = invoke("solve-all", "--store", SAMPLES, "--sizes", "4,5,6", "--workers", 1, "--reports", tmp_path)
    assert r.exit_code == 0
    table = r.stdout.split("report saved")[0].splitlines()[1:]  # the title and the paths name the test's folders
    assert max(len(line) for line in table) <= 80
    assert any("peak descent" in line for line in table)  # a two-word grade, whole on its line
    for line in table:  # a grade is never cut into fragments
        for t in TECHNIQUES:
            if t.split()[0] in line.split():  # "peak" begins two names: one of them stands whole
                assert any(u in line for u in TECHNIQUES if u.split()[0] == t.split()[0])


# ------------------------------------------------------------------ 2. help
def test_help_examples_one_per_line_and_short_options():
    for cmd in ("solve", "solve-one", "solve-all", "fetch", "check", "convert"):
        r = invoke(cmd, "-h")
        assert r.exit_code == 0, cmd
        examples = [line.strip() for line in r.stdout.splitlines() if line.strip().startswith("ascent ")]
        assert len(examples) >= 2, (cmd, r.stdout)
        assert all(part.count("ascent ") <= 1 for e in examples for part in e.split(" | "))  # a pipe may join two
    r = invoke("--version")
    assert r.exit_code == 0 and r.stdout.startswith("ascent 0.")
    assert "[R2C4-15]" in invoke("-h").stdout and "[R2C4=7]" in invoke("solve", "-h").stdout


# ------------------------------------------------------------------ 3. --store
def test_a_store_the_user_names_must_exist(tmp_path):
    one_line_error(invoke("solve-one", 5, "--store", tmp_path / "nope"), 2, "nope", "no such folder")
    (tmp_path / "file").write_text("x")
    one_line_error(invoke("solve-all", "--store", tmp_path / "file"), 2, "not a folder")
    r = runner.invoke(app, ["solve-one", "5"], env={"ASCENT_STORE": str(tmp_path / "gone")})
    one_line_error(r, 2, "gone")


def test_only_the_default_store_falls_back_and_says_so_on_stderr(default_store):
    r = invoke("solve-one", 4)
    assert r.exit_code == 0
    assert "our own set" in r.stderr and "own set" not in r.stdout


# ------------------------------------------------------------------ 4. forcing chains
def test_forcing_chain_is_indented_hypothetical_and_ends_in_the_contradiction():
    r = invoke("solve", "--clues", MEDVED, "--debug", "--no-backtrack", width=200)
    lines = r.stdout.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("forcing"))
    block = []
    for line in lines[k + 1:]:
        if line.startswith(("Pass ", "forcing", "SOLVED", "STUCK")):
            break
        block.append(line)
    # the chain's text lines, with the reader's grid drawn between them (under the supposition, at the end)
    chain = [line for line in block if line.startswith("    |") or "hypothetical" in line]
    assert any(line.startswith("    the grid under the supposition") for line in block)
    assert "hypothetical" in chain[0]
    assert chain[1].strip().startswith("| L0 suppose R")
    assert [line.strip().split()[1] for line in chain[1:-1]] == [f"L{k}" for k in range(len(chain) - 2)]
    assert chain[-1].strip().startswith(("| contradiction:", "| contradiction, from L"))
    assert len(chain) > 3


# ------------------------------------------------------------------ 5. piped output
def test_piped_steps_are_one_per_line_and_head_exits_quietly():
    r = run("solve", "--clues", MEDVED, "--debug", columns=80)
    steps = [line for line in r.stdout.splitlines() if line.split(" ")[0] in ("ascent", "sudoku", "pinpoint", "isolate")]
    assert len(steps) > 50
    assert all(line.rstrip().endswith("]") for line in steps)  # never cut before its [changes]
    assert max(len(line) for line in steps) > 80
    p = subprocess.Popen([sys.executable, "-m", "ascent", "solve", "--clues", MEDVED, "--debug"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "80"})
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=30) == 0 and err == ""


# ------------------------------------------------------------------ 6. --json
def test_json_to_stdout_includes_the_puzzle():
    r = invoke("solve", "--clues", KATA, "--json", "-")
    data = json.loads(r.stdout)
    assert data["puzzle"]["clues"]["upper"] == [2, 2, 1, 3] and data["status"] == "solved"
    assert Puzzle.from_record(data["puzzle"]) == Puzzle.from_clues(KATA)


def test_json_to_a_folder_names_the_users_path(tmp_path):
    r = invoke("solve", "--clues", KATA, "--json", tmp_path)
    one_line_error(r, 2, f"--json {tmp_path}", "folder")
    assert r.stdout == ""  # checked before the solve: nothing was solved or printed


# ------------------------------------------------------------------ 7. checkable sentences
def lane_steps(technique):
    """(step, masks before it) for every step of ``technique`` in solving the samples."""
    out = []
    for n in (4, 5, 6):
        for label, records in read_file(file_for(SAMPLES, n)).items():
            for rec in records:
                puzzle = Puzzle.from_record(rec, label)
                grid = Grid.start(puzzle)
                for step in solve(puzzle, logic_only=True).steps:
                    if step.technique == technique:
                        out.append((puzzle, step, grid.snapshot()))
                    grid.apply(step)
    return out




def test_lane_steps_explain_every_removal_and_never_count_or_list_orderings():
    explained = 0
    for puzzle, step, masks in lane_steps("sequence") + lane_steps("peak descent"):
        n = puzzle.size
        assert not re.search(r"\d+ (?:orderings|fillings)|orderings? of|fillings? do", step.reason), step.reason
        said = {}  # cell -> the heights a reason names for it ("with R1C3 = 1 or 2, ...; with R2C1 = 4, ...")
        frame = re.search(r": (R\d+C\d+) is (\d+) and the \w+ sees 2, so after the \d+ only the (\d+) shows(.*?)(?:; then |$)",
                          step.reason)
        if frame:  # a clue 2 said for the whole line: the cells it names before the removals said one by one
            f, tallest, words = int(frame.group(2)), int(frame.group(3)), frame.group(4)
            for cell in re.findall(r"cannot stand in (R\d+C\d+)", words):
                said.setdefault(cell, set()).add(tallest)
            for cell in re.findall(r"(?:so it stands in|the \d+ fits only) (R\d+C\d+)", words):
                said.setdefault(cell, set()).update(set(range(1, n + 1)) - {tallest})
            for cells in re.findall(r"((?:R\d+C\d+(?:, | and )?)+) (?:are|is) below \d+", words):
                for cell in re.findall(r"R\d+C\d+", cells):
                    said.setdefault(cell, set()).update(range(f, n + 1))
        if ": with " not in step.reason and "; then with " not in step.reason:
            assert frame, step.reason
            named = None
        else:
            named = step.reason.split("; then with " if frame else ": with ", 1)[1]
        for part in re.split(r"; (?=with )", "with " + named) if named else ():  # a part may go on: "...; the clue there is 3"
            assert part.startswith("with "), step.reason
            for cell, hs in re.findall(r"(R\d+C\d+) = (\d+(?:, \d+)*(?: or \d+)?)", part):
                said.setdefault(cell, set()).update(int(h) for h in re.findall(r"\d+", hs))
        for c, mask in step.eliminations:  # every removed height has its reason
            cell = f"R{c // n + 1}C{c % n + 1}"
            assert set(cands.digits(mask)) <= said.get(cell, set()), (cell, step.reason)
        explained += 1
    assert explained


def test_distance_counts_from_0():
    r = invoke("solve", "--clues", KATA, "--debug", width=200)
    assert "distance (0 next to the clue)" in r.stdout


# ------------------------------------------------------------------ 8. messages
@pytest.mark.parametrize("args, words", [
    (["--clues", "5 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"], ["clockwise clue 1 is 5"]),
    (["--keys", "x000000000000000"], ["keys position 1 is 'x'"]),
    (["--clues", "-1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"], ["clockwise clue 1", "negative"]),
    (["--clues", "２ 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"], ["ASCII digits"]),
    (["--clues", "٢ 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"], ["ASCII digits"]),
    (["--keys", "２000000000000000"], ["ASCII digit"]),
])
def test_messages_count_from_1_and_say_what_is_wrong(args, words):
    one_line_error(invoke("solve", *args), 1, *words)


@pytest.mark.parametrize("args, words", [
    (["solve-one", "７"], ["'７'", "ASCII digits"]),
    (["solve-one", "٧"], ["ASCII digits"]),
    (["solve-one", "--", "-3"], ["negative"]),
    (["solve", "--keys", "0003010002003000", "--size", "４"], ["ASCII digits"]),
    (["check", "--clues", KATA, "--grid", "１３４２ ---- ---- ----"], ["ASCII digit"]),
])
def test_numeric_options_refuse_non_ascii_digits(args, words):
    one_line_error(invoke(*args), 2, *words)


def test_solve_all_json_to_stdout_keeps_stdout_for_the_json(tmp_path):
    r = invoke("solve-all", "--store", SAMPLES, "--sizes", 4, "--workers", 1, "--json", "-", "--reports", tmp_path)
    data = json.loads(r.stdout)
    assert r.stdout.startswith("{") and data["sets"][0]["size"] == 4 and data["puzzles"] and "solved" in r.stderr


def test_codewars_array_pasted_as_is_and_plurals():
    r = invoke("solve", "--clues", "[" + KATA.replace(" ", ", ") + "]")
    assert r.exit_code == 0 and "SOLVED in 9 passes," in r.stdout
    r = invoke("solve", "--clues", KATA, "--techniques", "naked single")  # no logic step: the finisher's one pass
    assert r.exit_code == 0 and "SOLVED in 1 pass," in r.stdout
    one_line_error(invoke("solve-all", "--store", SAMPLES, "--sizes", 99), 2, "no puzzles of size 99 in", "4x4: easy")
    one_line_error(invoke("solve-all", "--sizes", "-4", "--store", SAMPLES), 2, "negative")


def test_solve_puzzle_says_the_puzzle_has_no_solution():
    import ascent

    with pytest.raises(ascent.UnsolvableError, match="the puzzle has no solution"):
        ascent.solve_puzzle([1, 1] + [0] * 14)  # two 4s in row 1


# ------------------------------------------------------------------ 10. housekeeping
def test_filtered_solve_all_report_names_its_filters(tmp_path):
    r = invoke("solve-all", "--store", SAMPLES, "--sizes", 4, "--diffs", "codewars", "--workers", 1,
               "--reports", tmp_path, "--no-backtrack")
    assert r.exit_code == 0, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["solve-all-samples-sizes-4-diffs-codewars-logic.json",
                                                          "solve-all-samples-sizes-4-diffs-codewars-logic.md"]


def test_a_4x4_record_in_the_5x5_file_is_an_error_naming_file_and_entry(tmp_path):
    four = {"id": "small", "clues": {s: [0, 0, 0, 0] for s in ("upper", "lower", "left", "right")}}
    (tmp_path / "5x5-puzzles.json").write_text(json.dumps({"1": [four]}))
    one_line_error(invoke("solve-one", 5, "--store", tmp_path), 1, "5x5-puzzles.json", "small", "4x4")
    r = invoke("solve-all", "--store", tmp_path, "--workers", 1, "--reports", tmp_path / "rep", "--show-fail")
    assert r.exit_code == 1 and "small is a 4x4 puzzle in the 5x5 file" in r.stdout  # bad data: 1 (issue 27)
    assert r.stderr.strip().splitlines()[-1] == f"error: 1 of 1 record is not a valid puzzle: {tmp_path / '5x5-puzzles.json'}: difficulty 1 entry small is a 4x4 puzzle in the 5x5 file"


def test_data_folder_rule_for_installed_copies(monkeypatch, tmp_path):
    import ascent.store as store

    assert store.home() == ROOT  # a source checkout keeps fetched/ and reports/ in it
    monkeypatch.setattr(store, "__file__", str(tmp_path / "site-packages" / "ascent" / "store.py"))
    assert store.home().name == "ascent" and "site-packages" not in str(store.home())


def test_readme_examples_write_no_files_into_the_repo():
    readme = (ROOT / "README.md").read_text()
    assert "--json out.json" not in readme and "--json steps.json" not in readme


# ------------------------------------------------------------------ features
def test_answer_shows_only_the_solution_and_summary():
    r = invoke("solve", "--clues", KATA, "--answer")
    assert r.exit_code == 0
    assert "Start" not in r.stdout and "Pass" not in r.stdout
    assert r.stdout.splitlines()[1].split() == ["3", "1", "3", "4", "2", "2"] and "SOLVED" in r.stdout


def test_techniques_on_solve_and_solve_one():
    r = invoke("solve", "--clues", MEDVED, "--techniques", "ascent,sudoku", "--no-backtrack")
    assert r.exit_code == 3 and "STUCK" in r.stdout and "pinpoint" not in r.stdout
    r = invoke("solve-one", 4, "--store", SAMPLES, "--techniques", "ascent", "--no-backtrack")
    assert "pinpoint" not in r.stdout and r.exit_code in (0, 3)
    one_line_error(invoke("solve", "--clues", KATA, "--techniques", "guess"), 2, "unknown technique")


def test_ambiguous_puzzle_shows_two_solutions_side_by_side_with_differences_highlighted():
    console.width = 80
    r = runner.invoke(app, ["solve", "--clues", " ".join(["0"] * 16)], color=True)
    assert r.exit_code == 3
    out = r.stdout
    assert "solution A" in out and "solution B" in out
    line = next(line for line in out.splitlines() if "solution A" in line)
    assert "solution B" in line  # side by side
    assert "highlighted cells differ" in out


def test_check_names_the_first_wrong_cell_without_the_answer():
    ok = invoke("check", "--clues", KATA, "--grid", "1342/4213/3421/2134")
    assert ok.exit_code == 0 and "right" in ok.stdout
    bad = invoke("check", "--clues", KATA, "--grid", "13-- 4--- ---- ---1")
    assert bad.exit_code == 3 and "R4C4 = 1" in bad.stdout and "solution has 4" not in bad.stdout
    shown = invoke("check", "--clues", KATA, "--grid", "13-- 4--- ---- ---1", "--reveal")
    assert "the solution has 4" in shown.stdout
    rule = invoke("check", "--clues", KATA, "--grid", "11-- ---- ---- ----")
    assert rule.exit_code == 3 and "R1C2 = 1 repeats the 1 at R1C1 in row 1" in rule.stdout
    one_line_error(invoke("check", "--clues", KATA, "--grid", "123"), 2, "16")


@pytest.mark.parametrize("fmt", ["record", "clues", "keys", "tatham"])
def test_convert_round_trips_every_format(fmt):
    r = invoke("convert", "--clues", KATA, "--to", fmt, width=300)
    assert r.exit_code == 0
    text = r.stdout.strip()
    back = {"record": lambda: Puzzle.from_record(json.loads(text)), "clues": lambda: Puzzle.from_clues(text),
            "keys": lambda: Puzzle.from_keys(text), "tatham": lambda: Puzzle.from_tatham(text)}[fmt]()
    assert back == Puzzle.from_clues(KATA)
    with_givens = invoke("convert", "--keys", "0003010002003000", "--state", "4--22----234-4--", "--to", "clues")
    one_line_error(with_givens, 2, "givens")


def test_in_a_terminal_steps_wrap_under_their_sentence():
    from rich.console import Console

    from ascent.show import render

    puzzle = Puzzle.from_clues(MEDVED)
    step = solve(puzzle).passes[0].steps[1]
    term = Console(width=60, force_terminal=True, color_system=None, record=True)
    term.print(render.Hanging(render.step_line(step, 7), render.TECHNIQUE_WIDTH))
    lines = term.export_text().splitlines()
    assert len(lines) > 1 and max(len(line) for line in lines) <= 60
    assert all(line.startswith(" " * render.TECHNIQUE_WIDTH) and line[render.TECHNIQUE_WIDTH] != " " for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == render.step_line(step, 7).plain
