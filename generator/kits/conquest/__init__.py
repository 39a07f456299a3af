"""Game components drawn from the content model: board, cards, tokens, sheets, guide."""
