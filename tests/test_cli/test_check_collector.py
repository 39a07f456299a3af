"""A check keeps its long-lived objects out of the collector's scans while it runs and
leaves the collector as it found it (stamperia.checks.collector)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from stamperia.checks.collector import YOUNGEST, LongLived


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    yield None
    if frozen == 0:
        gc.unfreeze()
    gc.set_threshold(*threshold)


def test_kept_objects_are_frozen_until_the_check_ends() -> None:
    before = gc.get_threshold()
    with LongLived() as kept:
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == (max(YOUNGEST, before[0]), *before[1:])
        kept.keep()
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


def test_the_collector_is_restored_when_the_check_raises() -> None:
    before = gc.get_threshold()
    with pytest.raises(ValueError), LongLived() as kept:
        kept.keep()
        raise ValueError("stage")
    assert (gc.get_freeze_count(), gc.get_threshold()) == (0, before)


def test_objects_someone_else_froze_stay_frozen() -> None:
    gc.freeze()
    frozen, before = gc.get_freeze_count(), gc.get_threshold()
    with LongLived() as kept:
        kept.keep()
        assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen > 0
