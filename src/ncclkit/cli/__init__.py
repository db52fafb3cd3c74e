"""Command-line layer: one thin module per command (`add_parser(sub)` + `run(args) -> int`)."""
