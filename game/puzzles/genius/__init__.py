"""The Genius Square as the mid end plays it: puzzle record, hand, free board, race, opponent."""
