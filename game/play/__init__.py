"""The mid end (no pygame): one `PlaySession` per match, the match and its clock, hints, solver
jobs, saves and the records a finished match leaves in the statistics."""
