"""The `squarewise genius` subcommands."""


def register(puzzles) -> None:
    """Add the genius subcommands to the top-level parser."""
    sub = puzzles.add_parser("genius", help="genius commands")
    sub.add_subparsers(dest="command", metavar="COMMAND").required = True
