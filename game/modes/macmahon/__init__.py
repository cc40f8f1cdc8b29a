"""The ways of playing MacMahon Squares: play.py (Solo, Viewed)."""
