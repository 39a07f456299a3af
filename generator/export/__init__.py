"""Exports drawn from the kit's pieces: PNG per piece, Tabletop Simulator, print-shop sets."""
