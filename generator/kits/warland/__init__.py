"""WARLAND's kit: building cards, pawn tokens, flags, the ruler and tracking sheets."""
