"""The one exception type for bad input, shown to the user as a single line."""


class SquarewiseError(ValueError):
    """Bad input (a wrong cell name, a malformed file or notation): the CLI exits 2 with this message."""


class IllegalMove(SquarewiseError):
    """A move the rules refuse; the message says which rule and where."""
