"""The Genius Square: its scene and the parts it is made of (view, play state, race, free mode, jobs, dice)."""
