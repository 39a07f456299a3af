"""The conformance suite every ruleset plug-in passes, ours or a publisher's.

As OpenSpiel plays random games of every game it has, these checks play, record, replay,
build and round-trip every registered ruleset the same way, through the registries and
public APIs only. Each check is a plain function taking a ruleset id, a game or a work
folder, and raises AssertionError saying what to fix; none needs pytest, so a plug-in's
own tests call them as they are (`check_plugin` runs them all) and stamperia's
tests/conformance/ parametrises them over every registered plug-in.
"""

from stamperia.conformance.compiled import check_compiled_as_pure
from stamperia.conformance.content import check_clean
from stamperia.conformance.kit import check_kit
from stamperia.conformance.notation import check_notation
from stamperia.conformance.play import agent_names, check_agent, check_pickles
from stamperia.conformance.positions import check_positions
from stamperia.conformance.subjects import games_of, registered
from stamperia.conformance.suite import (
    QUICK,
    THOROUGH,
    Depth,
    PluginReport,
    check_every_agent,
    check_plugin,
)
from stamperia.conformance.wiring import check_wiring

__all__ = [
    "QUICK", "THOROUGH", "Depth", "PluginReport", "agent_names", "check_agent",
    "check_clean", "check_compiled_as_pure", "check_every_agent", "check_kit",
    "check_notation", "check_pickles", "check_plugin", "check_positions", "check_wiring",
    "games_of", "registered",
]
