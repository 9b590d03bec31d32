"""Issue 41: every technique fact in its TABLE row. A row's name is its module's NAME (which its steps carry), the
chain cost is the row's ``per_link``, a hint's idea is the row's ``idea``, and no code compares technique names."""

import ast
import sys
from pathlib import Path

from ascent.solver.grade import step_cost
from ascent.techniques import BY_NAME, TABLE, idea
from ascent.model.trace import Proof, Step

PACKAGE = Path(__file__).resolve().parents[2] / "ascent"


def test_a_rows_name_is_its_modules_name():
    for row in TABLE:
        assert sys.modules[row.find.__module__].NAME == row.name


def test_the_chain_cost_is_the_forcing_rows():
    assert {row.name: row.per_link for row in TABLE if row.per_link} == {"forcing": 2, "nested forcing": 2}
    link = Step("naked single", "R1C1 is 1", None, None, (0,), placements=((0, 1),))
    forcing = Step("forcing", "...", None, None, (0,), eliminations=((0, 2),), proof=Proof(chain=(link, link, link)))
    assert step_cost(forcing) == BY_NAME["forcing"].cost + 3 * BY_NAME["forcing"].per_link
    assert step_cost(link) == BY_NAME["naked single"].cost


def test_a_hints_idea_is_the_rows():
    assert all(idea(row.name) == row.idea for row in TABLE)
    assert idea("not a technique") == "not a technique"


def test_no_code_compares_technique_names():
    """A technique name as a string constant compared with ==, !=, in or not in: the fact belongs in the row.
    (tools/guide.py is being moved into the rows by its own work: not read here.)"""
    names = {row.name for row in TABLE}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "guide.py" or "loopover" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                if any(isinstance(p, ast.Attribute) and p.attr == "role" for p in parts):
                    continue  # a row's role ("forcing" is a role too), not a name
                consts = [p.value for p in parts if isinstance(p, ast.Constant)]
                consts += [e.value for p in parts if isinstance(p, (ast.Tuple, ast.List, ast.Set))
                           for e in p.elts if isinstance(e, ast.Constant)]
                if names & {c for c in consts if isinstance(c, str)}:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []
