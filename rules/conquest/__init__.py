"""The conquest ruleset (SGRUNT and its editions): setup, and later the game engine."""
