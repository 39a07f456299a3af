"""Consistency checks of content against the rules of its ruleset."""
