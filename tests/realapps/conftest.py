"""The fixtures of the third-party and quirks apps; starting them is
:mod:`tests.support.realapp`. Every app started here is checked for probe faults when it
stops (:mod:`tests.support.faultgate`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support import faultgate
from tests.support.realapp import RealApp, start

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="package", autouse=True)
def _probe_fault_gate() -> Iterator[None]:
    yield from faultgate.gate()


@pytest.fixture(scope="module")
def quirks() -> Iterator[RealApp]:
    yield from start(str(HERE / "quirks_app.py"))


@pytest.fixture(scope="module")
def quirks_qml() -> Iterator[RealApp]:
    yield from start(str(HERE / "quirks_qml.py"))
