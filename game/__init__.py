"""Squarewise's pygame front end: scenes that draw matches and turn input into moves."""
