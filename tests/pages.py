"""Page fixtures in the 2026 shape, written by us: the first <table>, N+2 rows of N+2 cells,
clue digits as the second word of the image alt text, givens in <input value>, no JavaScript."""


def page_2026(record: dict, clue_alt: str = "Clue {}") -> str:
    n = len(record["clues"]["upper"])
    clues, cells = record["clues"], record["cells"]

    def clue(c):
        return f'<td><img src="/img/clue.png" alt="{clue_alt.format(c)}"></td>' if c else "<td></td>"

    rows = ["<tr><td></td>" + "".join(clue(c) for c in clues["upper"]) + "<td></td></tr>"]
    for r in range(n):
        inner = "".join(
            f'<td><input class="cell" readonly value="{v}"></td>' if v else '<td><input class="cell" value=""></td>'
            for v in cells[r]
        )
        rows.append(f"<tr>{clue(clues['left'][r])}{inner}{clue(clues['right'][r])}</tr>")
    rows.append("<tr><td></td>" + "".join(clue(c) for c in clues["lower"]) + "<td></td></tr>")
    return ("<html><head><title>Skyscrapers</title></head><body><h1>Daily Skyscrapers</h1>"
            f"<table class='puzzle'>{''.join(rows)}</table><table><tr><td>footer</td></tr></table></body></html>")
