"""The `squarewise macmahon` subcommands."""


def register(puzzles) -> None:
    """Add the macmahon subcommands to the top-level parser."""
    sub = puzzles.add_parser("macmahon", help="macmahon commands")
    sub.add_subparsers(dest="command", metavar="COMMAND").required = True
