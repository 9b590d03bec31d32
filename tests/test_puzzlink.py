"""Issue 31, item 1: puzz.link (pzprjs) URLs in (--url) and out (convert --to puzzlink)."""

import json

import pytest
from typer.testing import CliRunner

from ascent.puzzle import formats, puzzlink
from ascent.cli import app
from ascent.store.urls import LinkError, brainbashers_key, fetch_page
from ascent.puzzle import FormatError, LengthError, Puzzle, PuzzleError, SizeError
from ascent.model.rules import broken_rule

from .conftest import SHARED, shared_sets

runner = CliRunner()
PZPRJS = "4/4/k13h4j3g"  # pzprjs's own test puzzle (test/script/skyscrapers.js)
PZPRJS_ROWS = [[2, 1, 4, 3], [1, 2, 3, 4], [4, 3, 1, 2], [3, 4, 2, 1]]


def solve_json(*args):
    r = runner.invoke(app, ["solve", *args, "--json", "-"])
    assert r.exit_code == 0, (r.stdout, r.stderr)
    return json.loads(r.stdout)["solution"]


@pytest.mark.parametrize("url", [
    f"https://puzz.link/p?skyscrapers/{PZPRJS}",
    f"http://puzz.link/p?skyscrapers_edit/{PZPRJS}",
    f"https://puzz.link/p?building/{PZPRJS}",
    f"https://puzz.link/p?skyscraper/{PZPRJS}",
    f"http://pzv.jp/p.html?building/{PZPRJS}",
    f"https://puzz.link/p?type=player&skyscrapers/{PZPRJS}",
])
def test_pzprjs_test_puzzle_solves_under_every_name_and_host(url):
    assert solve_json("--url", url) == PZPRJS_ROWS


def test_pzprjs_test_puzzle_reads_as_its_file_form_says():
    # pzprjs's file form of the same puzzle: bottom clues 1, 3 under columns 2, 3; left 4 on row 2; right 3 on row 3
    p = formats.read("puzzlink", f"https://puzz.link/p?skyscrapers/{PZPRJS}")
    assert (p.upper, p.lower, p.left, p.right) == ((0,) * 4, (0, 1, 3, 0), (0, 4, 0, 0), (0, 0, 3, 0))
    assert puzzlink.write(p) == f"https://puzz.link/p?skyscrapers/{PZPRJS}"


def test_writer_follows_pzprjs_runs_and_two_digit_numbers():
    # a 12x12 with givens 10-12: hex a-c; 20 empty places are 'z', then the run starts again
    rows = [[0] * 12 for _ in range(12)]
    rows[0][0], rows[2][5] = 10, 12
    p = Puzzle(12, (0,) * 12, (0,) * 12, (0,) * 12, (0,) * 11 + (11,), tuple(map(tuple, rows)))
    url = puzzlink.write(p)
    # 47 empty clue places (z z m), the 11 (b); the 10 (a), 28 empty cells (z n), the 12 (c), 114 empty (z*5 t)
    assert url == "https://puzz.link/p?skyscrapers/12/12/" + "zzmb" + "aznc" + "zzzzzt"
    assert formats.read("puzzlink", url) == p
    assert puzzlink._encode([16, 0, 255]) == "-10g-ff"
    assert formats.read("puzzlink", "https://puzz.link/p?skyscrapers/3/3/-01" + "k" + "..j").upper == (1, 0, 0)


@pytest.mark.parametrize("url, kind, words", [
    ("https://puzz.link/p?nurikabe/4/4/k13h4j3g", FormatError, ["nurikabe", "not Skyscrapers"]),
    ("https://puzz.link/p?skyscrapers/4/5/k13h4j3g", SizeError, ["4x5", "square"]),
    ("https://puzz.link/p?skyscrapers/13/13/zzm", SizeError, ["13x13"]),
    ("https://puzz.link/p?skyscrapers/4/4/k13", LengthError, ["7 clue places", "16"]),
    ("https://puzz.link/p?skyscrapers/4/4/k13h4j3gzz", LengthError, ["givens"]),
    ("https://puzz.link/p?skyscrapers/4/4/k1!h4j3g", FormatError, ["character 3", "'!'"]),
    ("https://puzz.link/p?skyscrapers/4/4/k15h4j3g", PuzzleError, ["clue"]),
    ("https://puzz.link/p?skyscrapers/x/4/k13h4j3g", FormatError, ["columns and rows"]),
])
def test_bad_urls_name_what_is_wrong(url, kind, words):
    with pytest.raises(kind) as e:
        formats.read("puzzlink", url)
    for w in words:
        assert w in str(e.value)


def test_bad_url_on_the_command_line_is_one_line_and_exit_1():
    r = runner.invoke(app, ["solve", "--url", "https://puzz.link/p?skyscrapers/4/5/k13h4j3g"])
    assert r.exit_code == 1
    assert r.stderr.count("\n") == 1 and "square" in r.stderr
    r = runner.invoke(app, ["solve", "--url", "https://example.com/x"])
    assert r.exit_code == 1 and "neither a puzz.link address" in r.stderr


def test_every_shared_puzzle_round_trips_through_puzzlink(shared):
    """convert --to puzzlink, then --url: the same puzzle (clues and givens), whose known solution fits it.
    Every puzzle of the Tatham, big and brainbashers sets by the library; a few of each through the CLI."""
    count = 0
    for folder in ("tatham", "big", "brainbashers"):
        rows = shared_sets(folder)
        assert rows, folder
        for k, (n, label, rec) in enumerate(rows):
            p = Puzzle.from_record(rec)
            url = formats.write(p, "puzzlink")
            back = formats.read("puzzlink", url)
            assert back == p and back.givens == p.givens, (folder, k, url)
            if "solution" in rec:
                assert broken_rule(back, rec["solution"]) is None, (folder, k)
            count += 1
        for n, label, rec in rows[:: max(1, len(rows) // 3)][:3]:  # three of each set through the command line
            keys = ["--tatham", rec["id"]] if folder == "tatham" else ["--clues", " ".join(map(str, Puzzle.from_record(rec).to_clues()))]
            if folder != "tatham" and Puzzle.from_record(rec).has_givens:
                keys = ["--file", "-"]
            r = runner.invoke(app, ["convert", *keys, "--to", "puzzlink"], input=json.dumps(rec))
            assert r.exit_code == 0, r.stderr
            url = r.stdout.strip()
            assert url.startswith("https://puzz.link/p?skyscrapers/") and "\n" not in url
            if "solution" in rec:
                assert solve_json("--url", url) == rec["solution"]
            else:
                assert broken_rule(Puzzle.from_record(rec), solve_json("--url", url)) is None
    assert count >= 4380 + 120


def test_convert_lists_puzzlink_among_the_formats():
    r = runner.invoke(app, ["convert", "--url", f"https://puzz.link/p?skyscrapers/{PZPRJS}"])
    assert r.exit_code == 0
    assert f"puzzlink: https://puzz.link/p?skyscrapers/{PZPRJS}" in r.stdout


def test_brainbashers_url_is_read_from_the_store(tmp_path, monkeypatch, shared):
    monkeypatch.setenv("ASCENT_STORE", str(shared / "brainbashers"))
    url = "https://www.brainbashers.com/showskyscrapers.asp?date=0521&size=5&diff=1"
    rows = solve_json("--url", url)
    rec = next(r for _, label, r in shared_sets("brainbashers") if label == "1" and "date=0521&size=5&" in r["url"])
    assert broken_rule(Puzzle.from_record(rec), rows) is None


def test_brainbashers_url_not_in_the_store_is_fetched_and_an_unreachable_site_is_exit_3(default_store):
    import httpx

    page = (SHARED / "brainbashers" / "pages" / "showskyscraper-2020-0521-size8-diff3.html")
    if not page.exists():
        pytest.skip("../shared is not beside the project")
    seen = []

    def answer(request):
        seen.append(str(request.url))
        return httpx.Response(200, text=page.read_text(encoding="latin-1"))

    rec = fetch_page("https://www.brainbashers.com/showskyscrapers.asp?date=0521&size=8&diff=3", 8,
                     transport=httpx.MockTransport(answer))
    assert seen and Puzzle.from_record(rec).size == 8
    with pytest.raises(LinkError):
        fetch_page("https://www.brainbashers.com/x", 8, transport=httpx.MockTransport(lambda r: httpx.Response(404)))
    assert brainbashers_key("https://www.brainbashers.com/showskyscrapers.asp?date=0521&size=8&diff=3") == (8, "3", "0521")

    def unreachable(request):
        raise httpx.ConnectError("no network", request=request)

    import ascent.store.urls as links

    real = links.fetch_page
    links.fetch_page = lambda url, size, transport=None: real(url, size, httpx.MockTransport(unreachable))
    try:
        r = runner.invoke(app, ["solve", "--url", "https://www.brainbashers.com/showskyscrapers.asp?date=0521&size=8&diff=3"])
    finally:
        links.fetch_page = real
    assert r.exit_code == 3 and r.stderr.count("\n") == 1 and "fetching it failed" in r.stderr
