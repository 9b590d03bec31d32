"""The techniques, one module each, in tier order (easiest first).

Each is a function ``(grid) -> Iterator[Step]`` that reads the grid and yields steps; it never
writes. Its module docstring holds its lane picture and why it is sound.
"""

from .ascent import ascent
from .fish import fish
from .forcing import forcing
from .isolate import isolate
from .peak_descent import peak_descent
from .pinpoint import pinpoint
from .sequence import sequence
from .solve import solve
from .sudoku import sudoku

# name -> function, in tier order; tiers 1-6 run every pass, 7-9 only when those stall.
TECHNIQUES = {
    "ascent": ascent,
    "peak descent": peak_descent,
    "sudoku": sudoku,
    "pinpoint": pinpoint,
    "isolate": isolate,
    "solve": solve,
    "sequence": sequence,
    "fish": fish,
    "forcing": forcing,
}
