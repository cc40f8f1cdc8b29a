"""Squarewise's engine: rules, notation, validation and search for two square puzzles.

Pure Python and numpy; it never imports pygame. `solver.genius` is The Genius Square,
`solver.macmahon` is MacMahon Squares, `solver.cli` is the headless command line.
"""

__version__ = "0.1.0"   # the one place: pyproject.toml, build.spec and --version read it
