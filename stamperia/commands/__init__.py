"""One module per CLI command (stamperia.cli loads them lazily)."""
