"""``python -m memstrata`` runs the CLI."""

from memstrata.adapters.cli import main

main()
