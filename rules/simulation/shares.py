"""Win shares against fair shares: by seat and by every label group, from the games' totals.

Win rates are compared with the fair share by a two-sided binomial score test, for the
groups seen often enough for the normal approximation (expected wins and losses both at
least 5). The p-values of the content's groups (seats and every label group but the
agents) are corrected together with Holm's method (stamperia.rules.verdict.stats), and a
group is flagged when its corrected p-value is within the familywise ALPHA. Each rate
carries its effect (rate minus fair share) with a 95% Wilson interval, and the games that
would detect an effect of 10 points with 80% power. A shared win counts 1/k for each of
its k winners; draws (no winner) count for nobody.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from stamperia.rules.simulation.result import GameResult
from stamperia.rules.simulation.tally import Tally
from stamperia.rules.simulation.wilson import wilson
from stamperia.rules.verdict.stats import ALPHA, EFFECT, games_needed, holm, score_z, two_sided_p

NOT_TESTED = frozenset({"agent"})
"""Label groups that describe the players, not the content: shown, never flagged."""


@dataclass(frozen=True)
class WinShare:
    group: str
    value: str
    seen: int
    wins: float
    rate: float
    fair: float
    z: float | None
    flagged: bool
    p: float | None = None
    """Two-sided p-value of the score test (None: too few games to judge)."""
    adjusted: float | None = None
    """The p-value corrected for the groups tested together (Holm); None when untested."""
    tested: int = 0
    """How many groups were corrected together."""
    needed: int | None = None
    """Games that would detect an effect of EFFECT with 80% power at the corrected level."""
    held: int = 0
    """Seed blocks where the effect shows on the same side (one-sided 5%)."""
    blocks: int = 0
    """Seed blocks judged (0: the run was not split)."""
    shown_only: bool = False
    """A seat or label only a seat the game adds held (result.GAME_SEAT): never tested."""

    @property
    def effect(self) -> float:
        """Win share minus fair share."""
        return self.rate - self.fair

    @property
    def interval(self) -> tuple[float, float]:
        """95% Wilson interval of the effect."""
        low, high = wilson(self.wins, self.seen)
        return (low - self.fair, high - self.fair)

    def as_json(self) -> dict[str, object]:
        low, high = self.interval
        shown = {"game_seat": True} if self.shown_only else {}
        return {**shown, "group": self.group, "value": self.value, "seen": self.seen,
                "wins": round(self.wins, 4), "rate": round(self.rate, 4),
                "fair": round(self.fair, 4),
                "z": None if self.z is None else round(self.z, 2), "flagged": self.flagged,
                "effect": round(self.effect, 4),
                "effect_interval": [round(low, 4), round(high, 4)],
                "p": None if self.p is None else float(f"{self.p:.4g}"),
                "p_holm": None if self.adjusted is None else float(f"{self.adjusted:.4g}"),
                "tested": self.tested, "games_needed": self.needed,
                "blocks_held": self.held, "blocks": self.blocks}


def _share(group: str, value: str, seen: int, wins: float, fair: float,
           shown_only: bool = False) -> WinShare:
    rate = wins / seen if seen else 0.0
    z: float | None = None
    if not shown_only and seen * fair >= 5 and seen * (1 - fair) >= 5:
        z = score_z(wins, seen, fair)
    return WinShare(group, value, seen, wins, rate, fair, z, False,
                    None if z is None else two_sided_p(z), shown_only=shown_only)


def needed_games(share: WinShare, games: int, tested: int, effect: float) -> int | None:
    """Games that would detect `effect` on this share with 80% power at the Holm
    first-step level (ALPHA over the groups tested)."""
    per_game = share.seen / games if games else 0.0
    if not per_game or not 0 < share.fair < 1:
        return None
    return math.ceil(games_needed(share.fair, effect, ALPHA / max(1, tested)) / per_game)


def corrected(shares: list[WinShare], games: int) -> list[WinShare]:
    """The shares with the content's tested groups corrected together (Holm) and flagged
    where the corrected p-value is within ALPHA; each with the games it would need."""
    family = [i for i, s in enumerate(shares)
              if s.p is not None and s.group not in NOT_TESTED and not s.shown_only]
    adjusted = dict(zip(family, holm([shares[i].p or 0.0 for i in family]), strict=True))
    out = []
    for index, share in enumerate(shares):
        needed = needed_games(share, games, len(family), EFFECT)
        corrected_p = adjusted.get(index)
        out.append(replace(share, adjusted=corrected_p, tested=len(family), needed=needed,
                           flagged=corrected_p is not None and corrected_p <= ALPHA))
    return out


def win_shares(results: tuple[GameResult, ...], players: int) -> list[WinShare]:
    """Win rate by seat, then by every label group (agent, faction, objective...)."""
    return tally_shares(Tally.of(results), players)


def tally_shares(tally: Tally, players: int) -> list[WinShare]:
    """Win rate by seat, then by every label group, from the games' exact totals.

    The fair share is one over the seats. A seat the game adds rather than a player sits
    at (result.GAME_SEAT, a simulated tribe) is shown and never tested: a designer
    asks whether the players are treated alike, not whether the game's own tribe wins a
    player's share. Each player's fair share is then what that seat leaves them: the
    players' share of the wins over the players (a simulated tribe winning 5% of two-player
    games leaves each player 47.5%), and a label is judged on the players' seats only."""
    seats = max(players, tally.most_seats)
    games = tally.games
    players_fair = tally.players_fair(seats)
    shares = []
    for seat in range(seats):
        added = tally.added_seats[seat] == games > 0
        wins = float(tally.seat_wins.get(seat, 0))
        shares.append(_share("seat", str(seat + 1), games, wins,
                             wins / games if added else players_fair, added))
    for key in sorted(tally.seen):
        group, label = key
        seen = tally.seen[key] - tally.added_seen[key]
        wins = float(tally.label_wins.get(key, 0) - tally.added_label_wins.get(key, 0))
        if seen:
            shares.append(_share(group, label, seen, wins, players_fair))
        else:
            everything = float(tally.label_wins.get(key, 0))
            shares.append(_share(group, label, tally.seen[key], everything,
                                 everything / tally.seen[key], True))
    return corrected(shares, games)
