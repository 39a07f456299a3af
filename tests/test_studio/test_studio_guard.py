"""The studio's safety rules: the pure rule, then the app through Starlette's TestClient."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from studiofixtures import new_game, settings  # noqa: E402

from stamperia.studio.guard import refusal  # noqa: E402
from stamperia.studio.run import open_studio  # noqa: E402
from stamperia.studio.server import studio_app  # noqa: E402

PORT = 8039
LOCAL = {"host": f"127.0.0.1:{PORT}"}


@pytest.mark.parametrize("host", [f"127.0.0.1:{PORT}", f"localhost:{PORT}", f"LOCALHOST:{PORT}"])
def test_the_studio_answers_its_own_address(host: str) -> None:
    assert refusal("/", {"host": host}, PORT) is None


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{PORT}", "127.0.0.1:8040",
                                  "127.0.0.1", "", f"127.0.0.1.evil.example:{PORT}"])
def test_a_foreign_host_is_refused_with_403(host: str) -> None:
    refused = refusal("/", {"host": host} if host else {}, PORT)
    assert refused is not None and refused[0] == 403 and "DNS rebinding" in refused[1]


@pytest.mark.parametrize("path", ["/..", "/svg/face/it/../../game.json", "/svg/%2e%2e/x",
                                  "/svg/face/it/..%2F..%2Fgame.json", "/a\\..\\b", "/x%00"])
def test_a_path_with_dot_dot_is_refused_with_400(path: str) -> None:
    assert refusal(path, LOCAL, PORT) == (
        400, "a path with '..' is refused: the studio serves only its own pages")


@pytest.mark.parametrize("path", ["/svg/face/it/card/a..b/x", "/static/studio.js", "/"])
def test_dots_inside_a_name_are_not_a_parent_folder(path: str) -> None:
    assert refusal(path, LOCAL, PORT) is None


def test_cross_site_requests_are_refused_and_same_origin_ones_answered() -> None:
    own = {**LOCAL, "origin": f"http://127.0.0.1:{PORT}", "sec-fetch-site": "same-origin"}
    assert refusal("/api/view", own, PORT) is None
    assert refusal("/", {**LOCAL, "sec-fetch-site": "none"}, PORT) is None
    assert refusal("/", {**LOCAL, "origin": "https://evil.example"}, PORT) == (
        403, "cross-site request from 'https://evil.example' refused")
    assert refusal("/", {**LOCAL, "origin": f"http://127.0.0.1:{PORT + 1}"}, PORT) is not None
    assert refusal("/", {**LOCAL, "sec-fetch-site": "cross-site"}, PORT) == (
        403, "cross-site request (cross-site) refused")
    assert refusal("/", {**LOCAL, "sec-fetch-site": "same-site"}, PORT) is not None


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    folder = new_game(tmp_path_factory.mktemp("guard"))
    app = studio_app(open_studio(settings(folder)), PORT, (folder,), watch=False)
    return TestClient(app, base_url=f"http://127.0.0.1:{PORT}")


def test_the_app_serves_its_page_view_and_pieces_to_its_own_host(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    view = client.get("/api/view").json()["view"]
    key = view["pieces"][0]["key"]
    svg = client.get(f"/svg/face/{view['locale']}/{key}")
    assert svg.status_code == 200 and svg.headers["content-type"] == "image/svg+xml"
    assert svg.text.startswith('<?xml version="1.0" encoding="utf-8" ?>\n<svg ')


def test_the_app_refuses_a_foreign_host_before_any_route(client: TestClient) -> None:
    for path in ("/", "/api/view", "/static/studio.js"):
        answer = client.get(path, headers={"host": "rebind.example"})
        assert answer.status_code == 403
        assert answer.text.startswith("Host 'rebind.example' refused")


def test_the_app_refuses_cross_site_requests(client: TestClient) -> None:
    answer = client.get("/api/view", headers={"origin": "https://evil.example"})
    assert answer.status_code == 403
    assert client.get("/api/events", headers={"sec-fetch-site": "cross-site"}).status_code == 403


def test_the_app_refuses_dot_dot_even_where_no_route_reads_files(client: TestClient) -> None:
    for path in ("/svg/face/en/..%2F..%2Fgame.json", "/static/..%2Fview.py"):
        answer = client.get(path)
        assert answer.status_code == 400, path


def test_the_app_serves_no_file_by_name(client: TestClient) -> None:
    assert client.get("/static/view.py").status_code == 404
    assert client.get("/static/game.json").status_code == 404
    assert client.get("/svg/face/en/game.json").status_code == 404


def test_the_studio_writes_nothing_into_the_game_folder(tmp_path: Path) -> None:
    folder = new_game(tmp_path)
    before = {p: p.stat().st_mtime_ns for p in folder.rglob("*")}
    app = studio_app(open_studio(settings(folder)), PORT, (folder,), watch=False)
    with TestClient(app, base_url=f"http://127.0.0.1:{PORT}") as local:
        view = local.get("/api/view").json()["view"]
        for index in range(len(view["sheets"])):
            assert local.get(f"/sheet/{view['locale']}/{index}").status_code == 200
        assert local.get("/lab").status_code == 200
    assert {p: p.stat().st_mtime_ns for p in folder.rglob("*")} == before
