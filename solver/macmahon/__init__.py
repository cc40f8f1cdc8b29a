"""MacMahon Squares: tile sets, positions, search and counting."""
