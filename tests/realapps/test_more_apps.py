"""Four more third-party apps from PyPI, unmodified (#35 item 6): three PyQt6 apps through the
prepared PyQt6 (novelWriter, ReText, Vorta: tests.support.qtkinds installs them pinned) and
one PySide6 app (Pyzo). ReText, Vorta and novelWriter hold links in labels left in the
default text format (Qt.AutoText: QMessageBox.about, .ui labels), the class that made
every read of a window answer INTERNAL_ERROR. Each is read and acted on as an agent does,
checked in what the app shows, then takes a seeded random run of 300 actions
(tasks.random_run: no INTERNAL_ERROR, no probe fault).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from tests.support import side_by_side
from tests.support.chrome import parse, ref_of
from tests.support.realapp import RealApp, start, wait_for_window
from tests.support.resources_demo import qt_resource_bytes

from . import tasks


def _script(env: dict[str, str], name: str) -> str:
    return os.path.join(env["APPS_BIN"], name)


def _tab(qt: Client, title: str) -> str | None:
    return next((t["tabId"] for t in qt.call("chr.tabsContext")["tabs"]
                 if t["title"] == title), None)


def _links(page: dict[str, Any]) -> dict[str, str | None]:
    return {n["name"]: n["ref"] for n in parse(page["text"]) if n["role"] == "link"}


@pytest.fixture(scope="module")
def retext(pyqt6_apps: dict[str, str]) -> Iterator[RealApp]:
    yield from start(_script(pyqt6_apps, "retext"), env=pyqt6_apps)


@pytest.fixture(scope="module")
def vorta(pyqt6_apps: dict[str, str]) -> Iterator[RealApp]:
    yield from start(_script(pyqt6_apps, "vorta"), env=pyqt6_apps)


@pytest.fixture(scope="module")
def novelwriter(pyqt6_apps: dict[str, str]) -> Iterator[RealApp]:
    yield from start(_script(pyqt6_apps, "novelwriter"), env=pyqt6_apps)


@pytest.fixture(scope="module")
def pyzo() -> Iterator[RealApp]:
    pytest.importorskip("pyzo", reason="pyzo is not installed (pip install -e '.[realapps]')")
    yield from start("-m", "pyzo")


def _agent(app: RealApp) -> Client:
    qt = app.client()
    wait_for_window(qt, 60)
    return qt


def test_retext_types_markdown_and_reads_its_about_links(retext: RealApp) -> None:
    qt = _agent(retext)
    page = qt.call("chr.readPage")
    editor = next(n for n in parse(page["text"]) if n["role"] == "textbox" and n["ref"])
    qt.call("chr.type", {"ref": editor["ref"], "text": "# Hello qtmcp"})
    assert "# Hello qtmcp" in qt.call("chr.getPageText")["text"]
    out = qt.call("chr.navigate", {"url": "Help > About ReText"})
    about = out["modal"]["tabId"]
    dialog = qt.call("chr.readPage", {"tabId": about})
    assert {"GitHub", "Markdown syntax"} <= set(_links(dialog)), dialog["text"]
    assert all(_links(dialog).values())  # each link has a ref
    qt.call("chr.click", {"ref": ref_of(dialog, "OK", "button")})
    assert _tab(qt, "About ReText") is None


def test_vorta_reads_its_link_labels_and_switches_tabs(vorta: RealApp) -> None:
    qt = _agent(vorta)
    if _tab(qt, "") is not None:  # "No Borg Binary Found": borg is not installed here
        qt.call("chr.key", {"text": "Escape"})
    main = _tab(qt, "Vorta for Borg Backup")
    page = qt.call("chr.readPage", {"tabId": main})
    assert {"BorgBase", "Help on compression types"} <= set(_links(page)), page["text"]
    found = qt.call("chr.find", {"query": "BorgBase", "tabId": main})["matches"][0]
    assert found["role"] == "link" and found["ref"]
    out = qt.call("chr.click", {"ref": ref_of(page, "Schedule", "tab")})
    assert "Schedule" in out["changes"]
    page = qt.call("chr.readPage", {"tabId": main})
    assert any(n["role"] == "tabpanel" and n["name"] == "Schedule" for n in parse(page["text"]))


def test_novelwriter_welcome_dialog_reads_and_closes(novelwriter: RealApp) -> None:
    qt = _agent(novelwriter)
    welcome = tasks.wait_until(lambda: _tab(qt, "Welcome"), 30, "the Welcome dialog")
    dialog = qt.call("chr.readPage", {"tabId": welcome})
    assert {"Release Notes", "Check Now"} <= set(_links(dialog)), dialog["text"]
    assert ref_of(dialog, "New", "button") and ref_of(dialog, "Open", "button")
    qt.call("chr.click", {"ref": ref_of(dialog, "Cancel", "button")})
    tasks.wait_until(lambda: _tab(qt, "Welcome") is None, 10, "the dialog closed")
    main = qt.call("chr.readPage", {"tabId": _tab(qt, "novelWriter")})
    assert any(n["role"] == "menuitem" and n["name"] == "Project" for n in parse(main["text"]))


def _pyzo_main(qt: Client) -> str | None:
    """Pyzo's main window once it shows its menus (a splash comes first)."""
    for t in qt.call("chr.tabsContext")["tabs"]:
        page = qt.call("chr.readPage", {"tabId": t["tabId"], "filter": "interactive"})
        if any(n["role"] == "menuitem" for n in parse(page["text"])):
            return str(t["tabId"])
    return None


def test_pyzo_opens_a_file_tab_and_reads_it(pyzo: RealApp) -> None:
    qt = _agent(pyzo)
    main = tasks.wait_until(lambda: _pyzo_main(qt), 60, "Pyzo's main window")
    page = qt.call("chr.readPage", {"tabId": main})
    assert any(n["role"] == "menuitem" and n["name"] == "File" for n in parse(page["text"]))
    out = qt.call("chr.navigate", {"url": "File > New", "tabId": main})
    assert out["changes"] != "no visible change", out


def test_pyzo_resources_are_qts_own_and_read_as_its_qfile_reads_them(pyzo: RealApp) -> None:
    """qt.resources.* in an app we did not write: Pyzo registers none of its own, so its
    tree is Qt's (marked so), and a picture's bytes are what a QFile of it reads (Qt's
    resources live in the Qt libraries this process loads too)."""
    qt = _agent(pyzo)
    root = {e["name"]: e for e in qt.call("qt.resources.list")["entries"]}
    assert root["qt-project.org"]["qt"] and root["qt-project.org"]["folder"]
    path = ":/qt-project.org/styles/commonstyle/images/standardbutton-ok-16.png"
    own = qt_resource_bytes(path)
    got = qt.call("qt.resources.read", {"path": path, "kind": "binary", "maxBytes": 4096})
    assert got["qt"] and got["size"] == len(own) and bytes.fromhex(got["hex"]) == own[:512]
    assert qt.call("qt.resources.read", {"path": path})["image"]["width"] == 16


#: Elements whose names do not say that they end the app or leave it for good.
AVOID = {"retext": "^Print", "vorta": "", "novelwriter": "", "pyzo": "^Restart|Terminate"}


@pytest.fixture(scope="module")
def random_runs(request: pytest.FixtureRequest) -> Iterator[side_by_side.Runs[dict[str, int]]]:
    """The four apps' random runs, side by side (tests.support.side_by_side: mostly
    waiting on the app); each case's test checks its own."""
    def run(name: str, app: RealApp) -> dict[str, int]:
        try:
            return tasks.random_run(_agent(app), seed=35, avoid=AVOID[name])
        except Exception as exc:  # how the app ended, when it did
            raise AssertionError(f"{exc}\n{app.output()}") from exc

    yield from side_by_side.start(request, test_random_actions, "name", run)


@pytest.mark.parametrize("name", ["retext", "vorta", "novelwriter", "pyzo"])
def test_random_actions(name: str,
                        random_runs: side_by_side.Runs[dict[str, int]]) -> None:
    app, outcomes = random_runs.outcome(name)
    assert app.alive(), app.output()
    assert outcomes.get("ok", 0) >= 100, outcomes  # most actions really acted
