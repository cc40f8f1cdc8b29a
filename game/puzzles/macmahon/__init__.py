"""MacMahon Squares as the mid end plays it: puzzle record and hand."""
