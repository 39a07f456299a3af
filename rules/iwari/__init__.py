"""The IWARI ruleset: map checks, setup, exact scoring and the game engine."""
