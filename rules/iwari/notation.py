"""IWARI move notation: short strings naming the ids a designer knows.

    play forest_1 forest 2 tents forest_1/3 forest_1/7     two forest cards, two tents
    play glacier_2 glacier 1 tundra 2 tents glacier_2/1 totems 1   a wild pair pays a piece
    third coast_1 coast 1 tents coast_1/4                  (2 players) the simulated tribe
    discard desert                                         discard one card
    draw deck | draw display 2                             draw from the deck / display slot 2
    feat unione forest_1 | feat onore 7                    place an earned feat
    deal tundra                                            chance: the reshuffled deck's card
    shuffle tundra forest ...                              chance: the whole reshuffled deck
                                                           (a game record; drawn last first)

Cards are grouped in runs (`biome count`) in the engine's order (the territory's biome, then
the wild colour); tent spaces are `territory/N`, increasing. `format_move` and `parse_move`
are exact inverses on every move `legal` lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from stamperia.rules.iwari.actions import Place
from stamperia.rules.iwari.board import Board


@dataclass(frozen=True)
class PlayMove:
    """A placement: by the player in turn, or (`third`) for the simulated tribe."""

    place: Place
    third: bool


@dataclass(frozen=True)
class DiscardMove:
    card: str


@dataclass(frozen=True)
class DrawMove:
    """Draw from display slot `slot` (0-based), or the deck when `slot` is -1."""

    slot: int


@dataclass(frozen=True)
class FeatMove:
    """Put the earned feat on `at`: a territory index or a connection number."""

    feat: str
    at: int


@dataclass(frozen=True)
class DealMove:
    """Chance: the card drawn from the reshuffled deck is a `card`."""

    card: str


Move = PlayMove | DiscardMove | DrawMove | FeatMove | DealMove


class NotationError(ValueError):
    """A string that is not a move of this notation (the reason says what is wrong)."""


def _runs(cards: tuple[str, ...]) -> list[str]:
    words: list[str] = []
    for card in cards:
        if len(words) >= 2 and words[-2] == card:
            words[-1] = str(int(words[-1]) + 1)
        else:
            words += [card, "1"]
    return words


def format_move(board: Board, move: Move, feat_on: str = "territory") -> str:
    """The notation of a move; `feat_on` says where a FeatMove's feat lies."""
    if isinstance(move, PlayMove):
        place = move.place
        words = ["third" if move.third else "play", board.territory_ids[place.territory],
                 *_runs(place.cards)]
        if place.spaces:
            words += ["tents", *(board.space_name(s) for s in place.spaces)]
        if place.totems:
            words += ["totems", str(place.totems)]
        return " ".join(words)
    if isinstance(move, DiscardMove):
        return f"discard {move.card}"
    if isinstance(move, DrawMove):
        return "draw deck" if move.slot < 0 else f"draw display {move.slot + 1}"
    if isinstance(move, FeatMove):
        where = board.territory_ids[move.at] if feat_on == "territory" else str(move.at)
        return f"feat {move.feat} {where}"
    return f"deal {move.card}"


def _count(word: str, what: str) -> int:
    if not word.isdigit() or word.startswith("0"):
        raise NotationError(f"{what} must be a positive number, not {word!r}")
    return int(word)


def _parse_play(board: Board, words: list[str], third: bool) -> PlayMove:
    if len(words) < 3:
        raise NotationError("a play names a territory and its cards: "
                            "`play <territory> <biome> <count> [tents <space>...] [totems <n>]`")
    if words[1] not in board.territory_ids:
        raise NotationError(f"no territory {words[1]!r} on this side")
    territory = board.territory_index(words[1])
    rest = words[2:]
    cards: list[str] = []
    while rest and rest[0] not in ("tents", "totems"):
        if len(rest) < 2:
            raise NotationError(f"card {rest[0]!r} needs a count")
        cards += [rest[0]] * _count(rest[1], "a card count")
        rest = rest[2:]
    spaces: list[int] = []
    if rest and rest[0] == "tents":
        rest = rest[1:]
        names = {board.space_name(s): s for s in board.spaces_of(territory)}
        while rest and rest[0] != "totems":
            if rest[0] not in names:
                raise NotationError(f"{rest[0]!r} is not a tent space of {words[1]}")
            spaces.append(names[rest.pop(0)])
        if not spaces:
            raise NotationError("`tents` needs at least one tent space")
    totems = 0
    if rest and rest[0] == "totems":
        if len(rest) != 2:
            raise NotationError("`totems` takes one count and ends the move")
        totems = _count(rest[1], "a totem count")
        rest = []
    if rest:
        raise NotationError(f"unexpected {rest[0]!r}")
    return PlayMove(Place(territory, tuple(cards), tuple(spaces), totems), third)


def parse_move(board: Board, move: str, connections: frozenset[int]) -> Move:
    """The move a string names (NotationError when it is not one); ids are checked against
    the board, legality is not."""
    words = move.split(" ")
    head = words[0]
    if head in ("play", "third"):
        return _parse_play(board, words, head == "third")
    if head == "discard" and len(words) == 2:
        return DiscardMove(words[1])
    if head == "deal" and len(words) == 2:
        return DealMove(words[1])
    if head == "draw" and words[1:] == ["deck"]:
        return DrawMove(-1)
    if head == "draw" and len(words) == 3 and words[1] == "display":
        return DrawMove(_count(words[2], "a display slot") - 1)
    if head == "feat" and len(words) == 3:
        if words[2] in board.territory_ids:
            return FeatMove(words[1], board.territory_index(words[2]))
        if words[2].isdigit() and int(words[2]) in connections:
            return FeatMove(words[1], int(words[2]))
        raise NotationError(f"{words[2]!r} is neither a territory nor a connection number")
    raise NotationError("moves are `play ...`, `third ...`, `discard <biome>`, `draw deck`, "
                        "`draw display <slot>`, `feat <feat> <territory|connection>`, "
                        "`deal <biome>`")


SHUFFLE = "shuffle"


def format_shuffle(deck: list[str]) -> str:
    """A reshuffle's outcome in a game record: the new deck, bottom card first."""
    return " ".join([SHUFFLE, *deck])


def parse_shuffle(move: str) -> list[str] | None:
    """The deck a `shuffle` move names, or None when it is not one."""
    words = move.split(" ")
    if words[0] != SHUFFLE or "" in words:
        return None
    return words[1:]
