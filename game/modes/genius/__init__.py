"""The ways of playing The Genius Square: play.py (Solo, Free, HotSeat, Viewed), versus.py
(Versus, the race against the computer). A new way is a module here and one `Way` in the
game's list (game/puzzles/registry.py)."""
