"""The Genius Square: pieces, positions, search, dice and the census."""
