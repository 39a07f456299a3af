"""WARLAND's own part kinds: building cards (warland_buildings) and the pieces and
parameters of the table game (warland_forces)."""
