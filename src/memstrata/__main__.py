"""``python -m memstrata`` runs the CLI (hooks by the short path, as the console script does)."""

from memstrata.adapters.entry import main

main()
