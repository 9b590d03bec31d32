"""'ascent techniques [NAME]', the table of techniques as a guide (issue 31 item 5; issue 40 items 2-5)."""

import os
import re
import shlex
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ascent import Puzzle
from ascent.cli import app
from ascent.model import cands
from ascent.show.console import console
from ascent.solver.engine import solve
from ascent.techniques import BY_NAME, ORDER, TABLE
from ascent.tools import guide

runner = CliRunner()
WIDTHS = (80, 60)


@pytest.fixture(autouse=True)
def _console_width():
    """Tests here set the shared console's width (as $COLUMNS does for a pipe); put it back afterwards."""
    before = console._width
    yield
    console._width = before


def commands(text: str) -> list[str]:
    """The commands a page gives to copy: lines that start with 'ascent ', with the lines a trailing ' \\'
    continues, joined as the shell joins them."""
    out, lines = [], text.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("ascent ") and (k == 0 or not lines[k - 1].endswith(" \\")):
            command = line
            j = k
            while command.endswith(" \\"):
                j += 1
                command = command[:-2] + " " + lines[j].strip()
            out.append(" ".join(command.split()))
    return out


def invoke(*args, width=80):
    console.width = width
    return runner.invoke(app, ["techniques", *args])


def test_the_overview_is_the_table_in_order():
    r = invoke()
    assert r.exit_code == 0, r.stderr
    rows = [line.split() for line in r.stdout.splitlines() if line.strip()[:2].strip().isdigit()]
    assert [int(row[0]) for row in rows] == [t.tier for t in TABLE if not t.finisher]
    for t in TABLE:
        if not t.finisher:
            line = next(line for line in r.stdout.splitlines() if f" {t.name} " in line)
            assert t.level in line
    out = " ".join(r.stdout.split())
    for t in guide.rows():  # every name solvers use is shown (and so must be accepted: below)
        for n in t.community:
            assert n.name in out, n.name


@pytest.mark.parametrize("name", ORDER)
def test_each_technique_in_full_what_why_example_try_it(name):
    t = BY_NAME[name]
    r = invoke(name)
    assert r.exit_code == 0, r.stderr
    out = " ".join(r.stdout.split())
    assert f"{t.name}: tier {t.tier} of {len(ORDER)}, level {t.level}" in out
    assert " ".join(t.idea.split()) in out
    heads = [line for line in r.stdout.splitlines() if line and not line.startswith(" ")]
    for head in ("What it does", "Why it is sound", "An example", "Try it"):
        assert head in heads, (head, heads)
    why = r.stdout.split("Why it is sound")[1].split("An example")[0]
    assert why.split()[:2] == ["Sound", "because"] or why.split()[0] == "Sound", why
    for n in t.community:
        assert n.name in out
        if n.case:  # a special case says of which technique (and what finishes it)
            assert f"{n.name}, a special case of {t.name}" in out
            for other in n.then:
                assert f"finished by {other}" in out
    example = r.stdout.split("An example")[1].split("Try it")[0]
    if name == "nested forcing":
        assert "No puzzle that needs it is kept here" in example
    else:  # a real step of that technique, found by solving its practice puzzle
        assert any(line.startswith(f"  {name} ") for line in example.splitlines()), example
        practice = guide.practice(t)
        found = commands(r.stdout)
        assert " ".join(practice.play) in found and " ".join(practice.solve) in found
        assert practice.made in found if practice.command else f"It was {practice.made}." in out


@pytest.mark.parametrize("name", [t.name for t in TABLE if not t.finisher and t.practice])
def test_each_practice_puzzle_needs_its_technique_as_its_hardest(name):
    """The puzzle 'Try it' gives: unique, solved by logic, and its grade (the hardest technique used) is this one."""
    t = BY_NAME[name]
    puzzle = Puzzle.from_tatham(t.practice)
    result = solve(puzzle, logic_only=True)
    assert result.status == "solved"
    assert result.grade == name, (name, result.grade)
    assert any(s.technique == name for p in result.passes for s in p.steps)
    assert puzzle.size <= 5  # small


def test_a_technique_without_a_practice_puzzle_says_why():
    """sudoku can never be a solve's hardest step (a cell's last candidate is placed by naked single): it says
    so and borrows the next technique's puzzle; nested forcing, rare below 9x9, says no puzzle is kept."""
    for t in guide.rows():
        if t.practice is None:
            assert t.name in ("sudoku", "nested forcing"), t.name
    shown = guide.practice(BY_NAME["sudoku"])
    assert shown.of.name == "naked single"
    assert any(s.technique == "sudoku" for p in solve(shown.puzzle).passes for s in p.steps)
    out = " ".join(invoke("sudoku").stdout.split())
    assert "No solve ends on it: the last candidate left in a cell is placed by naked single" in out
    assert guide.practice(BY_NAME["nested forcing"]) is None


# ------------------------------------------------------------------ item 2: fits 80 and 60 columns

GRID_TOKEN = re.compile(r"^(\[\d+\]|\d+|_|\|)$")


def lane_pictures(t) -> list[tuple[str, str]]:
    """The (before, after) lane pictures of a technique's page, read from its docstring: the rows with an
    arrow whose two sides are grid cells (a row's label such as 'naked:' kept; captions left out)."""
    out = []
    for line in guide.docstring(t).splitlines():
        if not line.startswith(" ") or " -> " not in line:
            continue
        left, right = line.split(" -> ", 1)
        tokens = left.split()
        if tokens and tokens[0].endswith(":"):
            tokens = tokens[1:]
        if not tokens or not all(GRID_TOKEN.match(x) for x in tokens):
            continue
        after = ""
        for m in re.finditer(r"\s*(\S+(?: {1,2}\S+)*)", right):  # chunks apart by three spaces or more
            if not all(GRID_TOKEN.match(x) for x in m.group(1).split()):
                break
            after += m.group(0)
        out.append((left.strip(), after.strip()))
    return out


def test_lane_pictures_are_found_for_the_techniques_that_draw_lanes():
    drawn = {t.name for t in guide.rows() if lane_pictures(t)}
    assert drawn >= {"ascent", "sudoku", "naked single", "pinpoint", "peak bounds", "peak descent", "isolate",
                     "sequence", "fish", "pair chain"}


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ORDER)
def test_every_line_fits_and_pictures_stay_whole(name, width):
    t = BY_NAME[name]
    r = invoke(name, width=width)
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    for line in lines:
        assert len(line) <= width, (width, line)
    practice = guide.practice(t)
    if practice:  # each command is whole (broken only between its words, with the shell's continuation)
        found = commands(r.stdout)
        assert {" ".join(practice.play), " ".join(practice.solve)} <= set(found), found
    body = [" ".join(line.split()) for line in lines]
    for before, after in lane_pictures(t):
        before, after = " ".join(before.split()), " ".join(after.split())
        # each side of a picture is on one line: side by side (one line holds both), or the after under the before
        assert any(before in line for line in body), (width, before)
        assert any(after in line for line in body), (width, after)
        whole = any(before in line and after in line for line in body)
        stacked = any(before == body[k].strip() and body[k + 1].startswith("-> ") and after in body[k + 1]
                      for k in range(len(body) - 1))
        assert whole or stacked or t.name in ("fish", "pair chain"), (width, before, after)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_overview_fits(width):
    r = invoke(width=width)
    assert r.exit_code == 0
    assert max(len(line) for line in r.stdout.splitlines()) <= width
    assert commands(r.stdout) == ["ascent techniques x-wing"]


@pytest.mark.parametrize("columns", ["80", "60"])
def test_piped_through_the_real_program_with_columns(columns):
    """As a shell pipes it: the width is $COLUMNS, and still no line is wider than that but the commands."""
    env = {**os.environ, "COLUMNS": columns}
    for name in ("fish", "forcing"):
        out = subprocess.run([sys.executable, "-m", "ascent", "techniques", name], capture_output=True, text=True,
                             env=env, timeout=60)
        assert out.returncode == 0, out.stderr
        assert max(len(line) for line in out.stdout.splitlines()) <= int(columns)
        found = commands(out.stdout)
        assert len(found) == 3
        for line in found:
            words = shlex.split(line)  # a whole command: it parses, and names the practice puzzle
            if words[1] == "generate":
                assert line == BY_NAME[name].practice_made
                continue
            assert words[1] in ("play", "solve") and "--tatham" in words
            tatham = words[words.index("--tatham") + 1]
            assert Puzzle.from_tatham(tatham).to_tatham() == BY_NAME[name].practice


# ------------------------------------------------------------------ item 3: every name it shows is accepted

@pytest.mark.parametrize("t", [t for t in TABLE if not t.finisher], ids=lambda t: t.name)
def test_every_name_shown_finds_its_technique_in_any_case(t):
    for name in guide.names(t):
        for typed in {name, name.upper(), name.lower(), name.title()}:
            r = invoke(typed)
            assert r.exit_code == 0, (typed, r.stderr)
            assert r.stdout.startswith(f"{t.name}: tier"), typed


@pytest.mark.parametrize("typed, name", [("x-wing", "fish"), ("swordfish", "fish"), ("jellyfish", "fish"),
                                         ("naked pair", "isolate"), ("hidden pair", "isolate"),
                                         ("naked pairs", "isolate"), ("Hidden_Triple", "isolate"),
                                         ("Higher-Rise", "peak descent"), ("outflanked", "peak bounds"),
                                         ("FIRING RANGE", "ascent"), ("Blockade", "peak bounds"),
                                         ("meet-in-the-middle", "ascent"), ("hidden single", "pinpoint"),
                                         ("XY-chain", "pair chain"), ("Peak_Descent", "peak descent")])
def test_the_names_from_the_issue_find_their_technique(typed, name):
    r = invoke(typed)
    assert r.exit_code == 0, r.stderr
    assert r.stdout.startswith(f"{name}: tier")


def test_an_unknown_name_is_one_line_exit_2():
    r = invoke("magic")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "unknown technique 'magic'" in r.stderr


# ------------------------------------------------------------------ item 4: no code names in the guide

CODE_NAME = re.compile(r"``|\b[A-Za-z_]\w*\.[A-Za-z_]\w*\b|\b[A-Z][A-Z_]{2,}\b|\b[a-z0-9]+_[a-z0-9_]+\b|\(\)")


def code_names(text: str) -> list[str]:
    """Identifier-looking tokens: dotted names, ALL_CAPS words, snake_case, double backticks, calls."""
    text = re.sub(r"https?://\S+", "", text)  # a web address is not a code name
    text = re.sub(r"'[^'\s]*[:/][^'\s]*'", "", text)  # nor a quoted Tatham id in a command
    return [m.group(0) for m in CODE_NAME.finditer(text)]


def test_the_code_name_check_finds_what_the_issue_listed():
    for bad in ("context.core", "SCAN", "GAINS", "WEIGHT", "NARROW", "WIDEN", "rank_of", "FastCore.placed_by",
                "FastCore.deepens_to_break", "latin_solver_forcing", "solver_easy", "``fold``"):
        assert code_names(f"the chain ({bad}) is cut"), bad
    assert not code_names("R2C3 is not 2, so 3 leaves row 1 (N-1 stands next to the clue). X-wing, XY-chain.")


@pytest.mark.parametrize("name", (None,) + ORDER)
def test_no_code_names_in_any_guide_page(name):
    r = invoke(*([name] if name else []), width=200)
    assert r.exit_code == 0
    assert code_names(r.stdout) == [], (name, code_names(r.stdout))


# ------------------------------------------------------------------ the community's cases, as our techniques find them

def first(puzzle, cell, height, placed=False):
    """The technique of the first step that removes ``height`` from ``cell`` (or, ``placed``, places it there)."""
    for p in solve(puzzle, logic_only=True).passes:
        for s in p.steps:
            if placed and (cell, height) in s.placements:
                return s.technique
            if not placed and any(c == cell and m & cands.bit(height) for c, m in s.eliminations):
                return s.technique
    return None


Z = (0,) * 5


def givens(n=5, **at):
    """Givens as R1C4=5 keywords: givens(R1C4=5)."""
    cells = [[0] * n for _ in range(n)]
    for name, d in at.items():
        r, c = map(int, name[1:].split("C"))
        cells[r - 1][c - 1] = d
    return tuple(map(tuple, cells))


@pytest.mark.parametrize("case, technique, puzzle, cell, height, placed", [
    # Silhouette: a clue of 1, the tallest next to it
    ("Silhouette", "ascent", Puzzle(5, Z, Z, (1, 0, 0, 0, 0), Z), 0, 5, True),
    # Stairs: a clue of N, the lane reads 1..N
    ("Stairs", "ascent", Puzzle(5, Z, Z, (5, 0, 0, 0, 0), Z), 3, 4, True),
    # Meet in the Middle: 2 + 4 = N + 1, so the 5 stands 2 cells out (R1C2)
    ("Meet in the Middle", "ascent", Puzzle(5, Z, Z, (2, 0, 0, 0, 0), (4, 0, 0, 0, 0)), 1, 5, True),
    # Firing Range: bottom clues 4 3 4 _ 2 keep the 5 out of the bottom row but for column 4 (ascent) ...
    ("Firing Range", "ascent", Puzzle(5, Z, (4, 3, 4, 0, 2), Z, Z), 20, 5, False),
    # ... and pinpoint stands it there
    ("Firing Range", "pinpoint", Puzzle(5, Z, (4, 3, 4, 0, 2), Z, Z), 23, 5, True),
    # Blockade: a clue of 2 with the 5 at the far end: 4 next to the clue (3 leaves R1C1)
    ("Blockade", "peak bounds", Puzzle(5, Z, Z, (2, 0, 0, 0, 0), Z, givens(R1C5=5)), 0, 3, False),
    # Slide: the 5 three cells out from clue 3: the two before it rise, so 1 is not second
    ("Slide", "peak descent", Puzzle(5, Z, Z, (3, 0, 0, 0, 0), Z, givens(R1C3=5)), 1, 1, False),
    # Hideout: 4 and 6 placed in a 6x6 row with clue 3 already show 3 with the first cell: 5 hides between them
    ("Hideout", "peak descent", Puzzle(6, (0,) * 6, (0,) * 6, (3, 0, 0, 0, 0, 0), (0,) * 6,
                                       givens(R1C2=4, R1C5=6, n=6)), 2, 5, False),
    # Higher-Rise: clues of 3 at both ends of a 5x5 row: each half rises to the 5, so 1 is not second ...
    ("Higher-Rise", "peak descent", Puzzle(5, Z, Z, (3, 0, 0, 0, 0), (3, 0, 0, 0, 0)), 1, 1, False),
    # ... and once one end is taken (a 2 at R1C1), the 1 stands at the other
    ("Higher-Rise", "pinpoint", Puzzle(5, Z, Z, (3, 0, 0, 0, 0), (3, 0, 0, 0, 0), givens(R1C1=2)), 4, 1, True),
    # Outflanked: the 5 is placed short of the far end, the cell beyond it placed: 4 still stands next to clue 2
    ("Outflanked", "peak bounds", Puzzle(5, Z, Z, (2, 0, 0, 0, 0), Z, givens(R1C4=5, R1C5=2)), 0, 3, False),
    # Outflanked: the cell beyond the 5 cannot take 4 (its column holds one), so pinpoint puts 4 next to the clue
    ("Outflanked", "pinpoint", Puzzle(5, Z, Z, (0, 0, 0, 2, 0), Z, givens(R4C4=5, R2C5=4)), 15, 4, True),
])
def test_the_community_cases_are_what_the_named_technique_finds(case, technique, puzzle, cell, height, placed):
    home = next(t for t in TABLE if any(n.name == case for n in t.community))
    assert technique == home.name or technique in next(n for n in home.community if n.name == case).then
    assert first(puzzle, cell, height, placed) == technique, case


@pytest.mark.parametrize("t", [t for t in TABLE if t.practice and t.practice_made.startswith("ascent ")],
                         ids=lambda t: t.name)
def test_each_made_practice_puzzle_is_made_again_by_its_command(t):
    """'It was made by: ascent generate ...' is true: the command prints that very puzzle."""
    words = shlex.split(t.practice_made)
    r = runner.invoke(app, [*words[1:], "-f", "tatham"])
    assert r.exit_code == 0, r.stderr
    assert r.stdout.strip() == t.practice
