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
