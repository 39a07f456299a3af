"""IWARI's kit documents: map sides, biome and reference cards, boards and tokens."""
