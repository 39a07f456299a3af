"""The `cards` ruleset's rules side: content checks only; it has no engine, so no
simulator, odds, score or positions."""

from __future__ import annotations

from stamperia.rules.cards.check import check
from stamperia.rules.ruleset import Ruleset

RULESET = Ruleset(id="cards", check=check)
