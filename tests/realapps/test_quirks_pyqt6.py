"""A PyQt6 app's own Python classes that take the mouse (tests/realapps/quirks_pyqt6.py):
its scene items and its painted widget are click targets with refs, as in a PySide6 app."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from probe.bootstrap import runtime
from probe.client import Client
from tests.support import qtkinds
from tests.support.app import ROOT
from tests.support.chrome import ref_of
from tests.support.prereq import need
from tests.support.realapp import RealApp, start, wait_for_window

pytestmark = pytest.mark.timeout(900)  # PyQt6 and its PySide6 may download here


@pytest.fixture(scope="module")
def app() -> Iterator[RealApp]:
    try:
        folder = qtkinds.pyqt6_dir()
        runtime.prepare(qtkinds.PYQT6_QT)
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        need(f"PyQt6 and its PySide6 from PyPI: {exc}")
    yield from start(str(ROOT / "tests" / "realapps" / "quirks_pyqt6.py"),
                     env={"PYTHONPATH": str(folder)})


@pytest.fixture(scope="module")
def qt(app: RealApp) -> Client:
    client = app.client()
    wait_for_window(client, 60)
    return client


def _picked(qt: Client) -> str:
    return qt.call("qt.properties.get", {"objectId": "pyqt6Quirks",
                                         "name": "lastPicked"})["value"]


def test_scene_items_of_the_apps_class_are_clickable(qt: Client) -> None:
    page = qt.call("chr.readPage")
    qt.call("chr.click", {"ref": ref_of(page, "Cell 2", "generic")})
    assert _picked(qt) == "cell 2"
    qt.call("chr.click", {"ref": ref_of(page, "Marker", "generic")})  # its class names it
    assert _picked(qt) == "marker"


def test_a_painted_widget_of_the_apps_class_is_clickable(qt: Client) -> None:
    page = qt.call("chr.readPage")
    qt.call("chr.click", {"ref": ref_of(page, "swatch", "generic")})
    assert _picked(qt) == "swatch"
