"""The conformance suites fail on any probe fault met in their apps (tests.support.faultgate)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support import faultgate


@pytest.fixture(scope="package", autouse=True)
def _probe_fault_gate() -> Iterator[None]:
    yield from faultgate.gate()
