"""`stamperia list`: the shipped games with title, players and prototype share."""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.content.errors import ContentProblems
from stamperia.content.loader import load_game
from stamperia.content.locate import shipped_games


@dataclass(frozen=True)
class GameRow:
    id: str
    title: str
    players: tuple[int, int] | None
    ruleset: str
    prototype_percent: int | None

    def format(self) -> str:
        if self.players is None:
            return f"{self.id:<10} content problems: run `stamperia check {self.id}`"
        low, high = self.players
        return (f"{self.id:<10} {self.title:<12} {low}-{high} players  ruleset {self.ruleset:<10}"
                f" {self.prototype_percent}% prototype")

    def as_dict(self) -> dict[str, object]:
        return {"id": self.id, "title": self.title,
                "players": None if self.players is None else list(self.players),
                "ruleset": self.ruleset, "prototype_percent": self.prototype_percent}


def list_rows() -> list[GameRow]:
    rows = []
    for name in shipped_games():
        try:
            game = load_game(name)
        except ContentProblems:
            rows.append(GameRow(name, "", None, "", None))
            continue
        rows.append(GameRow(game.id, game.title(game.source_locale), game.players, game.ruleset,
                            game.prototype_share.percent))
    return rows
