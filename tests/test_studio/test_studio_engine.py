"""The table following the engine: the same positions as `stamperia moves` and `apply`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from studiofixtures import new_game, settings  # noqa: E402

from stamperia.cli import cli  # noqa: E402
from stamperia.content.locate import game_folder  # noqa: E402
from stamperia.studio.run import open_studio  # noqa: E402
from stamperia.studio.server import studio_app  # noqa: E402

PORT = 8039


def _client(folder: Path) -> TestClient:
    app = studio_app(open_studio(settings(folder)), PORT, (folder,), watch=False)
    return TestClient(app, base_url=f"http://127.0.0.1:{PORT}")


def _cli_json(*args: str) -> object:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_following_splut_gives_the_positions_of_moves_and_apply() -> None:
    client = _client(game_folder("splut"))
    assert client.get("/api/engine").json() == {"engine": True}
    opening = client.get("/api/engine", params={"players": 2, "seed": 1}).json()
    assert opening["legal"] == _cli_json("moves", "splut", "--players", "2", "--seed", "1",
                                         "--json")
    first = opening["legal"]["moves"][0]
    played = client.get("/api/engine", params={"players": 2, "seed": 1, "moves": first}).json()
    assert played["moves"] == [first]
    assert played["position"] == _cli_json("apply", "splut", "--players", "2", "--seed", "1",
                                           first)


def test_an_illegal_move_or_player_count_is_refused_with_its_reason() -> None:
    client = _client(game_folder("splut"))
    answer = client.get("/api/engine", params={"players": 2, "seed": 1, "moves": "ZZ9"})
    assert answer.status_code == 400 and answer.json()["error"].startswith("illegal move 'ZZ9'")
    answer = client.get("/api/engine", params={"players": 9, "seed": 1})
    assert answer.json() == {"error": "splut is played by 2 to 4 players"}
    assert client.get("/api/engine", params={"players": "two"}).status_code == 400


def test_a_game_without_an_engine_has_nothing_to_follow(tmp_path: Path) -> None:
    client = _client(new_game(tmp_path))
    assert client.get("/api/engine").json() == {"engine": False}
    answer = client.get("/api/engine", params={"players": 2})
    assert answer.status_code == 400
    assert answer.json() == {"error": "the 'cards' ruleset has no engine positions to follow"}
