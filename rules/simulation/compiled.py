"""Whether a ruleset's engine runs compiled (mypyc) or as pure Python.

Reports and `stamperia --version` say which, because the speed differs several times over
while the results must not: a slow run is then explained, not puzzling.
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES

from stamperia.rules.simulation.result import Simulator

COMPILED = "compiled"
PYTHON = "python"


def engine_kind(simulator: Simulator) -> str:
    """COMPILED when the module that plays the simulator's games is an extension module."""
    module = sys.modules.get(simulator.engine_module or simulator.play.__module__)
    path = str(getattr(module, "__file__", "") or "")
    return COMPILED if path.endswith(tuple(EXTENSION_SUFFIXES)) else PYTHON
