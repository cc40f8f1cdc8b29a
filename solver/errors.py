"""The one exception type for bad input, shown to the user as a single line."""

MAX_MESSAGE = 1000      # characters: a message quoting a huge input is cut in the middle


class SquarewiseError(ValueError):
    """Bad input (a wrong cell name, a malformed file or notation): the CLI exits 2 with this message.

    The message is made one printable line here, once for every error: user text quoted in
    it (a cell name with a newline, a lone surrogate from a file name) is escaped, and a
    message longer than MAX_MESSAGE is shortened, so it can always be printed or drawn.
    """

    def __init__(self, message: object = ""):
        super().__init__(one_line(str(message)))


class IllegalMove(SquarewiseError):
    """A move the rules refuse; the message says which rule and where."""


def one_line(text: str) -> str:
    """`text` with every unprintable character (newline, control, lone surrogate) escaped, at most MAX_MESSAGE long."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape", "backslashreplace").decode("ascii")
                       if not 0xD800 <= ord(c) <= 0xDFFF else f"\\u{ord(c):04x}" for c in text)
    if len(text) > MAX_MESSAGE:
        half = MAX_MESSAGE // 2
        text = f"{text[:half]} ... {text[-half:]}"
    return text


def excerpt(text: str, most: int = 40) -> str:
    """User text to quote in a message: at most `most` characters (a long paste cut with '...')."""
    return text if len(text) <= most else text[:most - 3] + "..."
