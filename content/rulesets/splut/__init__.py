"""Content model of the square-grid arena game (ruleset "splut")."""
