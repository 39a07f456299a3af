"""The stamperia command-line interface."""
