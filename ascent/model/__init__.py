"""The model: what a solve is made of. cands (every raw bit trick on candidate masks), grid (the one writer:
``Grid.apply``), trace (Step, Pass, Result), rules (the oracle: the rules checked on heights), words (lists in
English), kept (the tables kept between solves, ``KEPT``).

A glossary for the code: a letter keeps one meaning everywhere.

    n        the size: an n x n grid, heights 1..n, clues 0..n (0: no clue)
    i, cell  a cell, as its flat index r * n + c (people only ever see it as R2C3: ``grid.cell_name``);
             x is a cell too, in the loops that walk many (``for x in line.cells``)
    r, c     a row and a column, counted from 0 (from 1 in what people read)
    h        a height, 1..n (``d``, a digit, in the older loops: the same thing)
    m        a candidate mask: bit h - 1 set when height h is still possible (``cands``: ``bit``, ``digits``,
             ``highest``); ms: the masks of a lane's or a line's cells, in its order
    k        a count of visible buildings (what a clue says; ``lanes.visible``); in the subset techniques, the
             size of a subset (k cells, k heights)
    lane     a row or column seen from one clue: its cells ordered outward from that clue, and the clue
             (``grid.Lane``; side "left", "right", "upper" or "lower"); four sides become one case
    line     a whole row or column, with both of its lanes (``grid.Line``; ``line.front``, ``line.back``)
    clue     a lane's clue: how many buildings show from its side; a, b: a line's front and back clues;
             lo, hi: bounds on what a lane shows
    step     one deduction: what a technique removed and placed, where it looked, the cells it read
             (premises), and one sentence made from those fields (``trace.Step``)
    pass     one technique's work from one grid (a sweep: every step it finds; else one step)
    tier     a technique's place in the table, easiest first (``techniques.TABLE``)
    supposition, chain, link
             forcing supposes a candidate (a supposition); the steps that follow from it to a contradiction
             are its chain, each step a link
"""
