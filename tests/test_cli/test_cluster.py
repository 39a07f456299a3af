"""--cluster: the same report on a Dask cluster; clear errors without one."""

from __future__ import annotations

import json
import sys

import pytest
from click.testing import CliRunner

from stamperia.cli import cli

ARGS = ["simulate", "splut", "--players", "2", "--games", "12", "--seed", "4", "--json"]
TIMINGS = ("seconds", "games_per_second", "steps_per_second")


def _report(*extra: str) -> dict[str, object]:
    result = CliRunner().invoke(cli, [*ARGS, *extra])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return {k: v for k, v in data.items() if k not in TIMINGS}


def test_without_dask_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    monkeypatch.setitem(sys.modules, "dask.distributed", None)
    result = CliRunner().invoke(cli, [*ARGS, "--cluster", "local"])
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: --cluster needs dask.distributed: pip install 'stamperia[cluster]' (from a "
        "source checkout: pip install '.[cluster]' in its folder, with -e if it was installed "
        "editable)\n")


@pytest.mark.slow
def test_a_local_cluster_gives_the_same_report() -> None:
    pytest.importorskip("dask.distributed")
    assert _report("--cluster", "local") == _report()


@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_usage_error() -> None:
    pytest.importorskip("dask.distributed")
    result = CliRunner().invoke(cli, [*ARGS, "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "Error: cannot reach the Dask scheduler at tcp://127.0.0.1:9 within 5 s" \
        in result.output


def _on_local_cluster(workers: int, *extra: str) -> dict[str, object]:
    distributed = pytest.importorskip("dask.distributed")
    import logging

    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=False,
                                  dashboard_address=None,
                                  silence_logs=logging.CRITICAL) as cluster:
        report = _report("--cluster", cluster.scheduler_address, *extra)
    report.pop("workers")
    return report


@pytest.mark.slow
def test_one_or_two_workers_give_the_report_of_one_process() -> None:
    """Chunks come back in any order, in flight by the workers' threads: the same report."""
    here = _report("--no-agent-check")
    here.pop("workers")
    assert _on_local_cluster(1, "--no-agent-check") == here
    assert _on_local_cluster(2, "--no-agent-check") == here


class _Answers:
    """A client whose workers answer the handshake with canned identities."""

    def __init__(self, answers: dict[str, tuple[str, str | None]]) -> None:
        self.answers = answers

    def run(self, function: object, files: list[str]) -> dict[str, tuple[str, str | None]]:
        return self.answers


def test_the_handshake_refuses_other_versions_and_other_content() -> None:
    from importlib.metadata import version

    from stamperia.content.fingerprint import content_hash
    from stamperia.content.loader import load_game
    from stamperia.rules.simulation.cluster import (
        ClusterError,
        accepted_workers,
        handshake,
        identity,
    )

    game = load_game("splut")
    here = content_hash(game)
    mine = version("stamperia")
    assert identity(list(game.files)) == (mine, here)
    assert identity(["/nonexistent/game.json"]) == (mine, None)
    accepted, refused = accepted_workers(
        {"tcp://b:1": (mine, here), "tcp://a:1": ("0.0.1", here),
         "tcp://c:1": (mine, "0123456789abcdef"), "tcp://d:1": (mine, None)}, mine, here)
    assert accepted == ["tcp://b:1", "tcp://d:1"]
    assert refused == [f"tcp://a:1 runs stamperia 0.0.1, not {mine}",
                       f"tcp://c:1 holds other content for this game (content hash "
                       f"0123456789abcdef, here {here})"]
    with pytest.raises(ClusterError, match="no worker of the cluster can play this run: "
                                           "tcp://a:1 runs stamperia 0.0.1"):
        handshake(_Answers({"tcp://a:1": ("0.0.1", here)}), game)
    assert handshake(_Answers({"tcp://b:1": (mine, here), "tcp://a:1": ("0.0.1", None)}),
                     game) == ["tcp://b:1", f"refused: tcp://a:1 runs stamperia 0.0.1, not "
                                            f"{mine}"]
