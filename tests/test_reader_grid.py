"""Every forcing step true on the reader's grid (issue 39, "What to build" item 1): the checker of tests/readergrid.py
rebuilds, from a solve's JSON alone, the grid a reader holds at each chain link and checks the link's words on it.

First the checker itself (it reads every form of the JSON, and each kind of false statement planted in a true
solve is found, at its link); then every forcing step of the 9x9 dev sets of ../shared/tatham (30 unreasonable, 30
extreme; skipped when ../shared is absent): 0 false statements, no chain going on past a broken line."""

import copy
import json

import pytest
from typer.testing import CliRunner

from ascent import Puzzle, solve
from ascent.cli import app
from tests.conftest import SHARED
from tests.readergrid import check, lists, load, sentence
from tests.test_chains import medved  # noqa: F401  (the fixture: the grid before MEDVED's forcing step)

MEDVED = "3 3 2 1 2 2 3 4 3 2 4 1 4 2 2 4 1 4 5 3 2 3 1 4 2 5 2 3"  # 7x7, one forcing step of 7 links
DEV = SHARED / "tatham" / "9x9-puzzles.json"


@pytest.fixture(scope="module")
def medved_json(tmp_path_factory):
    """MEDVED solved by logic alone, as the file ``ascent solve --json`` writes (through typer's CliRunner)."""
    out = tmp_path_factory.mktemp("trace") / "medved.json"
    r = CliRunner().invoke(app, ["solve", "--clues", MEDVED, "--no-backtrack", "--json", str(out)])
    assert r.exit_code == 0, r.stdout
    return out


def forcing_of(data):
    """(its index among the solve's steps, the forcing step's dict), for the first forcing step with a chain."""
    steps = [s for p in data["passes"] for s in p["steps"]]
    return next((i, s) for i, s in enumerate(steps) if s.get("chain"))


def test_sentence_is_the_words_before_the_cross_outs_a_chain_adds():
    assert sentence("R3C3 has only 4 left; 4 leaves R1C3, R3C5, R6C3") == "R3C3 has only 4 left"
    assert sentence("7 fits nowhere else; no other cell of its row or column holds 7") == "7 fits nowhere else"
    assert sentence("R1C1 is 2, so 2 leaves the rest of its row and column") == \
        "R1C1 is 2, so 2 leaves the rest of its row and column"  # sudoku's own words: no "; " before them
    assert lists("only 4 orderings of row 2 fit") and lists("1 filling does: 8 3 2") and not lists("7 must hide")


def test_a_true_solve_reads_clean_in_every_form(medved_json):
    """The file ``ascent solve --json`` wrote, its text, its dict and the Result itself: the same report, no false
    statement, and the chain's every link read."""
    data = json.loads(medved_json.read_text())
    reports = [check(medved_json), check(str(medved_json)), check(medved_json.read_text()), check(data),
               check(solve(Puzzle.from_clues(MEDVED), logic_only=True))]
    for r in reports:
        assert r.findings == [] and r.late == []
        assert (r.forcing_steps, r.links) == (reports[0].forcing_steps, reports[0].links)
    _, step = forcing_of(data)
    assert reports[0].forcing_steps >= 1 and reports[0].links >= len(step["chain"])
    assert load(medved_json).puzzle.size == 7


def planted(medved_json, change):
    """The checker's report on MEDVED's JSON after ``change(forcing step dict, its chain)``, and the step's index."""
    data = copy.deepcopy(json.loads(medved_json.read_text()))
    i, step = forcing_of(data)
    change(step, step["chain"])
    return check(data), i


def at(report, i, k):
    return sorted({f.kind for f in report.findings if (f.step, f.link) == (i, k)})


def test_a_removal_of_a_candidate_not_there_is_false(medved_json):
    """Link 1 says it also takes a height out of the supposed cell (it holds the supposed height alone there); as a
    cross-out, so only the removal is false, not the technique's step."""
    def change(step, chain):
        cell, d = next(iter(chain[0]["placed"].items()))
        other = 1 if d != 1 else 2
        chain[1]["eliminated"][cell] = [other]
        chain[1].setdefault("crossed", {})[cell] = [other]
    report, i = planted(medved_json, change)
    assert at(report, i, 1) == ["absent"] and len(report.findings) == 1
    assert "already gone" in report.findings[0].shows


def test_a_placement_of_a_height_not_a_candidate_is_false(medved_json):
    def change(step, chain):
        k = next(k for k in range(1, len(chain)) if chain[k]["placed"])
        cell, d = next(iter(chain[k]["placed"].items()))
        chain[k]["placed"][cell] = 7 if d != 7 else 6
    report, i = planted(medved_json, change)
    assert "not a candidate" in {f.kind for f in report.findings}


def test_a_cross_out_left_unsaid_is_false(medved_json):
    """A placing link that no longer crosses its height out of one cell that held it: that cell keeps the height on
    the reader's grid, and the link is flagged there."""
    def change(step, chain):
        k = next(k for k in range(1, len(chain)) if chain[k].get("crossed"))
        cell = next(iter(chain[k]["crossed"]))
        del chain[k]["crossed"][cell], chain[k]["eliminated"][cell]
        step["_k"] = k
    data = copy.deepcopy(json.loads(medved_json.read_text()))
    i, step = forcing_of(data)
    change(step, step["chain"])
    k = step.pop("_k")
    report = check(data)
    assert "unsaid" in at(report, i, k)
    assert all(f.link >= k for f in report.findings)


def test_words_its_technique_does_not_say_there_are_false(medved_json):
    """A link's sentence changed, or a removal of its own added that its technique does not make there: its technique,
    run on the reader's grid, gives no such step."""
    def words(step, chain):
        chain[2]["reason"] = chain[2]["reason"].replace(" has only ", " has just ", 1)
    report, i = planted(medved_json, words)
    assert at(report, i, 2) == ["not found"] and len(report.findings) == 1

    def more(step, chain):
        k = len(chain) - 1
        cell, d = next(iter(chain[0]["placed"].items()))
        far = next(c for c in chain[k]["cells"] + chain[k]["premises"] if c != cell)
        chain[k]["eliminated"].setdefault(far, [])
        chain[k]["eliminated"][far] = sorted(set(chain[k]["eliminated"][far]) | {1, 2, 3, 4, 5, 6, 7})
    report, i = planted(medved_json, more)
    assert "not found" in {f.kind for f in report.findings}

    def name(step, chain):
        chain[1]["technique"] = "pinpoint"
    report, i = planted(medved_json, name)
    assert "not found" in at(report, i, 1) and set(at(report, i, 1)) <= {"not found", "took"}  # a pinpoint's "took"
    # would name the line's other cells, not the cell's own candidates


def test_a_contradiction_not_shown_on_the_readers_grid_is_false(medved_json):
    def why(step, chain):
        step["contradiction"]["why"] = "column 6 sees too much"
    report, i = planted(medved_json, why)
    assert at(report, i, len(forcing_of(json.loads(medved_json.read_text()))[1]["chain"]) - 1) == ["not shown"]
    assert len(report.findings) == 1

    def short(step, chain):
        del chain[-1]
    report, _ = planted(medved_json, short)
    assert "not shown" in {f.kind for f in report.findings}


def test_a_chain_going_on_past_a_broken_line_is_late(medved_json):
    def longer(step, chain):
        chain.append(copy.deepcopy(chain[1]))
    report, i = planted(medved_json, longer)
    n = len(forcing_of(json.loads(medved_json.read_text()))[1]["chain"])
    assert (i, n - 1) in report.late


# ---------------------------------------------------------------------------- the dev sets
def _solved(label):
    if not DEV.is_file():
        pytest.skip(f"no {DEV}")
    recs = json.loads(DEV.read_text())[label]
    # each solve read back through its JSON text, as a saved trace is
    return [json.loads(json.dumps(solve(Puzzle.from_record(rec, label), logic_only=True).to_dict())) for rec in recs]


@pytest.fixture(scope="module")
def unreasonable():
    return _solved("unreasonable")


@pytest.fixture(scope="module")
def extreme():
    return _solved("extreme")


def _verdict(solves):
    false, late, steps, links = [], [], 0, 0
    for idx, data in enumerate(solves):
        r = check(data)
        steps, links = steps + r.forcing_steps, links + r.links
        false += [(idx, f) for f in r.findings]
        late += [(idx, x) for x in r.late]
    return false, late, steps, links


def test_every_forcing_step_of_the_unreasonable_dev_set_is_true_on_the_readers_grid(unreasonable):
    false, late, steps, links = _verdict(unreasonable)
    assert len(unreasonable) == 30 and all(d["status"] == "solved" for d in unreasonable)
    assert steps > 200 and links > 2000  # every forcing step was read
    assert false == [], f"{len(false)} false statements, the first: {false[0]}"
    assert late == []


def test_every_forcing_step_of_the_extreme_dev_set_is_true_on_the_readers_grid(extreme):
    false, late, steps, links = _verdict(extreme)
    assert len(extreme) == 30
    assert false == [] and late == []


def test_a_removal_its_words_make_but_the_link_does_not_state_is_unsaid(unreasonable):
    """On a dev solve: a link whose technique removes candidates of its own (not cross-outs) drops one from its stated
    changes; its words, said on the reader's grid, still take that candidate away, so the removal is unsaid there."""
    for idx, data in enumerate(unreasonable):
        steps = [s for p in data["passes"] for s in p["steps"]]
        for i, step in enumerate(steps):
            for k, link in enumerate(step.get("chain", [])[1:], 1):
                own = [c for c in link["eliminated"] if c not in link.get("crossed", {})]
                if link["technique"] in ("sudoku", "naked single") or not own:
                    continue
                planted = copy.deepcopy(data)
                where = [s for p in planted["passes"] for s in p["steps"]][i]["chain"][k]
                del where["eliminated"][own[0]]
                report = check(planted)
                assert "removal unsaid" in at(report, i, k), (idx, i, k, report.findings[:3])
                assert own[0] in next(f.shows for f in report.findings if (f.step, f.link) == (i, k))
                return
    raise AssertionError("no chain link of the dev set removes a candidate of its own")


def test_the_every_branch_form_is_read_branch_by_branch(medved):  # noqa: F811
    """A forcing step of the every-branch form (none of the dev solves has one: built here on MEDVED from a true
    supposition followed by the easier tiers, cut by the minimizer): clean where its one branch covers the cell's
    only candidate; not shown where the cell holds a height no branch supposes, or where the step removes a
    candidate its branch keeps."""
    from ascent.model.trace import Proof, Step
    from ascent.techniques.memory import Memory
    from tests.readergrid import check_step
    from tests.test_chains import context

    grid, truth, _ = medved  # the grid before MEDVED's forcing step, its solution as flat heights
    n = grid.n
    cell = next(c for c in range(n * n) if grid.masks[c] & (grid.masks[c] - 1))
    d = truth[cell]
    one = grid.copy()
    one.masks[cell] = 1 << (d - 1)  # the cell's one candidate, not yet placed
    ctx = context(one)
    masks, chain = ctx.tracer.follow(one, Memory(one), cell, d)
    lost = tuple((x, one.masks[x] & ~masks[x]) for x in range(n * n) if one.masks[x] & ~masks[x] and x != cell)[:3]
    cut, _ = ctx.chains.minimal(one, chain, None, lost)
    step = Step("forcing", f"{one.name(cell)} is {d}, and every one of them leads by easier steps to the same loss",
                None, None, (cell,), eliminations=lost, proof=Proof(branches=(cut,)))
    clean = check_step(one, step)
    assert clean.findings == [] and clean.links == len(cut)
    left_out = check_step(grid, step)
    assert [f.kind for f in left_out.findings] == ["not shown"] and "leave out" in left_out.findings[0].shows
    # the true height of another open cell: every branch (a true supposition) keeps it
    x = next(x for x in range(n * n) if x != cell and one.masks[x] & (one.masks[x] - 1) and x not in dict(lost))
    kept = Step("forcing", step.reason, None, None, (cell,), eliminations=lost + ((x, 1 << (truth[x] - 1)),), proof=Proof(branches=(cut,)))
    assert [f.kind for f in check_step(one, kept).findings] == ["not shown"]


def test_a_single_crediting_the_wrong_link_is_false(medved_json):
    """A single's ``took`` field naming another link than the one whose stated changes took the candidate is flagged
    (``took``), as the reader's grid shows it."""
    def wrong(step, chain):
        k = next(k for k in range(2, len(chain)) if chain[k].get("took"))
        t = chain[k]["took"][0]
        t["link"] = (t["link"] + 1) % k
        step["_k"] = k
    data = copy.deepcopy(json.loads(medved_json.read_text()))
    i, step = forcing_of(data)
    wrong(step, step["chain"])
    k = step.pop("_k")
    assert "took" in at(check(data), i, k)
