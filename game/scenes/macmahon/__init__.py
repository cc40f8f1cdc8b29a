"""MacMahon Squares: its play scene and parts (view, play state, jobs) and the solution browser."""
