"""The WARLAND ruleset: upkeep, exact combat odds, setup on a real table, an economy game."""
