"""Each SPLUT! special rule as a small position: its legal steps and what a step does."""

from __future__ import annotations

from splutfixtures import geo, layout, names, play_names, position

from stamperia.rules.splut.moves import blocked, legal_steps, pass_turn
from stamperia.rules.splut.position import start_position


def test_turn_budgets_one_then_two_then_three() -> None:
    pos = start_position(geo(), 3)
    budgets = []
    for _ in range(5):
        budgets.append((pos.player, pos.steps_left))
        while pos.turn == len(budgets) - 1:
            play_names(pos, names(pos)[0])
    assert budgets == [(0, 1), (1, 2), (2, 3), (0, 3), (1, 3)]


def test_opening_steps_of_the_first_player() -> None:
    assert names(start_position(geo(), 2)) == ["DE2n", "SD2n", "TF2n"]
    assert names(start_position(geo(), 4)) == ["DH5w", "SH4w", "TH6w"]


def test_steps_are_orthogonal_into_empty_squares() -> None:
    pos = position({"E5": "T0", "E6": "S1", "D5": "D1", "H5": "S0"}, ["A5", "I5", "E1", "E9"])
    assert [n for n in names(pos) if "~" not in n] == ["SH5n", "SH5s", "SH5w", "TE5e", "TE5s"]


def test_troll_pull_only_from_directly_behind() -> None:
    pos = position({"E5": "T0", "H5": "S0", "B5": "S1"}, ["E4", "D5", "A5", "I5"])
    assert [n for n in names(pos) if n.startswith("T")] == [
        "TE5e", "TE5e+", "TE5n", "TE5n+", "TE5s*e", "TE5s*n", "TE5s*s", "TE5s*w",
        "TE5w*e", "TE5w*n", "TE5w*s", "TE5w*w"]
    play_names(pos, "TE5n+")
    assert layout(pos)["E5"] == "R" and layout(pos)["E6"] == "T0"
    assert "E4" not in layout(pos)


def test_thrown_rock_stops_at_the_edge() -> None:
    pos = position({"E4": "T0", "A5": "S0", "G5": "S1"}, ["E5", "E1", "C3", "C7"])
    play_names(pos, "TE4n*n")
    assert layout(pos)["E9"] == "R" and layout(pos)["E5"] == "T0"
    assert pos.player == 1, "a throw ends the turn at once"


def test_thrown_rock_stops_before_a_troll_and_before_a_rock() -> None:
    for blocker, rocks in (("T1", ["E5", "E1", "C3", "C7"]), (None, ["E5", "E8", "C3", "C7"])):
        pieces = {"E4": "T0", "A5": "S0", "G5": "S1"}
        if blocker:
            pieces["E8"] = blocker
        pos = position(pieces, rocks)
        play_names(pos, "TE4n*n")
        assert layout(pos)["E7"] == "R"


def test_thrown_rock_flies_over_a_dwarf() -> None:
    pos = position({"E4": "T0", "A5": "S0", "G5": "S1", "E7": "D1"}, ["E5", "E1", "C3", "C7"])
    assert play_names(pos, "TE4n*n") == [None]
    assert layout(pos)["E7"] == "D1" and layout(pos)["E9"] == "R"


def test_splut_on_a_dwarf_with_an_obstacle_behind() -> None:
    for pieces in ({"E8": "D1", "E9": "T1"}, {"E9": "D0"}):
        pos = position({"E4": "T0", "A5": "S0", "G5": "S1", **pieces}, ["E5", "E1", "C3", "C7"])
        team = int(next(iter(pieces.values()))[1]) if len(pieces) == 1 else 1
        events = play_names(pos, "TE4n*n")
        crushed = "E9" if len(pieces) == 1 else "E8"
        assert events == [[("crush", team, (1,))]]
        assert layout(pos)[crushed] == "R"
        assert pos.where[3 * team + 1] == -1


def test_splut_on_a_sorcerer_removes_the_team_and_the_rock_stays() -> None:
    pos = position({"E4": "T0", "A5": "S0", "E8": "S1", "I5": "T1", "G3": "D1", "C3": "S2",
                    "C7": "T2"}, ["E5", "E1", "G7", "D2"], teams=3)
    events = play_names(pos, "TE4n*n")
    assert events == [[("splut", 1, (0, 1, 2))]]
    assert layout(pos)["E8"] == "R"
    assert "I5" not in layout(pos) and "G3" not in layout(pos)
    assert pos.alive == [True, False, True] and not pos.over
    assert pos.player == 2, "the turn order skips the removed team"


def test_the_last_sorcerer_standing_wins() -> None:
    pos = position({"E4": "T0", "A5": "S0", "E8": "S1"}, ["E5", "E1", "G7", "D2"])
    play_names(pos, "TE4n*n")
    assert pos.over and pos.winner == 0


def test_a_throw_kills_the_thrower_own_sorcerer_too() -> None:
    pos = position({"E4": "T0", "E8": "S0", "A5": "S1", "I5": "S2"}, ["E5", "E1", "G7", "D2"],
                   teams=3)
    assert play_names(pos, "TE4n*n") == [[("splut", 0, (0, 2))]]
    assert pos.alive == [False, True, True]


def test_a_throw_needs_a_first_free_square() -> None:
    pos = position({"E4": "T0", "A5": "S0", "F5": "T1", "G6": "S1"}, ["E5", "D5", "E6", "C7"])
    throws = [n for n in names(pos) if "*" in n]
    assert throws == ["TE4n*s"]


def test_dwarf_pushes_the_whole_line() -> None:
    pos = position({"E4": "D0", "A5": "S0", "E5": "T1", "E7": "S1"}, ["E6", "E1", "C3", "I5"])
    play_names(pos, "DE4n")
    assert layout(pos) == {"A5": "S0", "C3": "R", "E1": "R", "E5": "D0", "E6": "T1", "E7": "R",
                           "E8": "S1", "I5": "R"}
    assert pos.moved == 0b0001, "a pushed rock counts as moved"


def test_dwarf_cannot_push_a_line_against_the_edge() -> None:
    pos = position({"E5": "D0", "A5": "S0", "E6": "T1", "E8": "S1", "E9": "D1"},
                   ["E7", "E1", "C3", "I5"])
    assert "DE5n" not in names(pos)
    assert "DE5s" in names(pos)


def test_sorcerer_levitates_one_rock_in_his_direction() -> None:
    pos = position({"C5": "S0", "E8": "S1", "G6": "D1"}, ["G5", "E1", "E3", "I5"])
    moves = [n for n in names(pos) if n.startswith("SC5n")]
    assert moves == ["SC5n", "SC5n~E1", "SC5n~E3"], "G5 blocked by the Dwarf, I5 by the edge"
    play_names(pos, "SC5n~E3")
    assert layout(pos)["E4"] == "R" and layout(pos)["C6"] == "S0"


def test_levitation_is_continuous_and_one_rock_per_turn() -> None:
    pos = position({"C5": "S0", "I5": "S1", "E8": "T0"}, ["G5", "E1", "E3", "A5"])
    play_names(pos, "SC5n~E3")
    assert [n for n in names(pos) if "~" in n] == ["SC6e~E4", "SC6n~E4", "SC6s~E4",
                                                     "SC6w~E4"]
    play_names(pos, "SC6n")
    assert [n for n in names(pos) if "~" in n] == [], "stopped: cannot start again"


def test_levitation_stops_when_another_piece_steps() -> None:
    pos = position({"C5": "S0", "I5": "S1", "E8": "T0"}, ["G5", "E1", "E3", "A5"])
    play_names(pos, "SC5n~E3", "TE8s")
    assert [n for n in names(pos) if "~" in n] == []


def test_rock_behind_may_follow_rock_in_front_blocks() -> None:
    pos = position({"C5": "S0", "I5": "S1"}, ["C4", "C6", "E1", "E9"])
    steps = names(pos)
    assert "SC5n" not in steps and "SC5e~C4" in steps
    pos = position({"C5": "S0", "I5": "S1"}, ["C4", "A5", "E1", "E9"])
    assert "SC5n~C4" in names(pos)
    play_names(pos, "SC5n~C4")
    assert layout(pos)["C5"] == "R" and layout(pos)["C6"] == "S0"


def test_levitation_never_kills() -> None:
    pos = position({"C5": "S0", "G6": "S1"}, ["G5", "E1", "E9", "A5"])
    assert "SC5n~G5" not in names(pos)


def test_rock_moved_by_the_previous_player_cannot_be_levitated() -> None:
    pos = position({"C5": "S0", "I5": "S1", "F6": "T1", "A5": "T0"}, ["F5", "E1", "E9", "G3"],
                   player=1)
    play_names(pos, "TF6n+", "TF7n", "TF8w")
    assert pos.player == 0 and pos.locked == 0b0001
    assert not any(n.endswith("~F6") for n in names(pos))
    assert any(n.endswith("~G3") for n in names(pos))


def test_rock_moved_in_the_own_turn_can_be_levitated() -> None:
    pos = position({"C5": "S0", "I5": "S1", "F6": "T0"}, ["F5", "E1", "E9", "G3"])
    play_names(pos, "TF6n+")
    assert "SC5e~F6" in names(pos)


def test_a_player_without_legal_steps_passes() -> None:
    pos = position({"A5": "T0", "E9": "S0", "B5": "T1", "E8": "D1", "E5": "S1"},
                   ["E1", "I5", "C3", "G3"])
    assert legal_steps(pos) == []
    pass_turn(pos)
    assert pos.player == 1 and pos.steps_left == 3 and not blocked(pos)
