"""Each puzzle's pure parts (no pygame): its puzzle record and solver jobs, the hand (what a
drop does), its modes and, for The Genius Square, the computer opponent."""
