"""Controls clipped by an MDI area's edge (no scroll bars: nothing brings them back) are
left out of the page, as no user can reach them; in an MDI area with scroll bars they are
listed, as scrolled controls are (scrolling reaches them). tests/apps/mdi_app.py."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from probe.client import Client
from tests.support.app import ROOT
from tests.support.chrome import parse, read
from tests.support.realapp import client_of


@pytest.fixture(scope="module")
def qt() -> Iterator[Client]:
    yield from client_of([str(ROOT / "tests" / "apps" / "mdi_app.py")])


def test_controls_clipped_by_an_mdi_area_are_left_out(qt: Client) -> None:
    names = {n["name"]: n for n in parse(read(qt)["text"])}
    assert names["Clipped Top"]["ref"] and names["Scrolled Top"]["ref"]
    assert "Clipped Bottom" not in names and "Clipped Middle" in names, sorted(names)
    assert names["Scrolled Bottom"]["ref"]  # scrolling reaches it
    found = qt.call("chr.find", {"query": "Clipped Bottom"})["matches"]
    assert not any(m.get("name") == "Clipped Bottom" for m in found), found
