"""`python -m stamperia` runs the CLI."""

from stamperia.cli import main

main()
