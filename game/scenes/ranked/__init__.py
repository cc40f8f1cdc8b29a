"""Daily runs on a standings server (issue 28): the connection, the ranked run, the standings."""
