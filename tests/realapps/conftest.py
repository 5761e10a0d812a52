"""The fixtures of the third-party and quirks apps; starting them is
:mod:`tests.support.realapp`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.realapp import RealApp, start

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def quirks() -> Iterator[RealApp]:
    yield from start(str(HERE / "quirks_app.py"))


@pytest.fixture(scope="module")
def quirks_qml() -> Iterator[RealApp]:
    yield from start(str(HERE / "quirks_qml.py"))
