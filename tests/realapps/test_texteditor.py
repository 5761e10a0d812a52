"""A text editor from PyPI (jwrite, a Notepad clone), unmodified: an agent writes a letter,
fixes it with the keyboard and saves it through the app's own Save As dialog.

What the answers say is checked against the app (its window title, which its own
``textChanged`` slot marks unsaved, and the file it writes): typing is read back (the
field holds the typed text, or TEXT_NOT_TAKEN says what it holds), and the change report
says what changed in the editor.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.client import Client
from tests.realapps import tasks
from tests.support.app import wait_until
from tests.support.chrome import parse
from tests.support.realapp import RealApp, client_of, start, wait_for_window


def _jwrite() -> str:
    beside = Path(sys.executable).with_name("jwrite")  # this Python's own scripts first
    script = str(beside) if beside.exists() else shutil.which("jwrite")
    if script is None:
        pytest.skip("jwrite is not installed (pip install -e '.[realapps]')")
    return script


@pytest.fixture(scope="module")
def jwrite() -> Iterator[RealApp]:
    yield from start(_jwrite())


@pytest.fixture(scope="module")
def qt(jwrite: RealApp) -> Client:
    client = jwrite.client()
    wait_for_window(client)
    return client


def _editor(qt: Client) -> str:
    page = qt.call("chr.readPage", {})["text"]
    return next(n["ref"] for n in parse(page) if n["role"] == "textbox")


def _text(qt: Client) -> str:
    return str(qt.call("qt.properties.get", {"objectId": "textEdit",
                                             "name": "plainText"})["value"])


def test_write_fix_and_save_a_letter(qt: Client) -> None:
    ref = _editor(qt)
    out = qt.call("chr.type", {"ref": ref, "text": "Dear Ada, thank you"})
    assert out["typed"] == 19 and _text(qt) == "Dear Ada, thank you"
    assert "Dear Ada, thank you" in out["changes"]  # the report saw the editor change
    title = qt.call("chr.tabsContext", {})["tabs"][0]["title"]
    assert title.endswith("*")  # the app's own textChanged slot marked it unsaved
    qt.call("chr.key", {"ref": ref, "text": "BackSpace", "repeat": 9})  # "thank you"
    out = qt.call("chr.type", {"text": "see you soon."})
    assert _text(qt) == "Dear Ada, see you soon." and "TEXT_NOT_TAKEN" not in str(out)
    opened = qt.call("chr.navigate", {"url": "File > Save As"})
    assert opened.get("modal", {}).get("kind") == "dialog", opened
    target = Path(tempfile.mkdtemp(prefix="qtmcp-jwrite-")) / "letter.txt"
    qt.call("chr.fileChooser", {"paths": [str(target)]})
    wait_until(target.exists, 10, "the saved file")
    assert target.read_text() == "Dear Ada, see you soon."
    wait_until(lambda: qt.call("chr.tabsContext", {})["tabs"][0]["title"] == "letter.txt",
               10, "the title naming the file")


def test_connections_name_the_apps_slots_and_lines(qt: Client) -> None:
    """jwrite's window comes from a .ui file (QUiLoader: objects made in C++) and its
    slots are methods of a plain Python class: each action's triggered names the slot
    and the line of jwrite's code that connected it."""
    spec = importlib.util.find_spec("jwrite")  # its file, read as text, not imported
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).with_name("main_window.py")
    lines = source.read_text(encoding="utf-8").splitlines()
    got = qt.call("qt.signals.connections", {"objectId": "actionSave"})
    assert [(r["signal"], r["kind"], r["slot"], r["receiver"]) for r in got["outbound"]] == [
        ("triggered()", "method", "MainWindow.save", None)]
    at = got["outbound"][0]["connectedAt"]
    assert os.path.samefile(at["file"], source)
    assert lines[at["line"] - 1].strip() == "self.window.actionSave.triggered.connect(self.save)"
    counts = {s["signal"]: s for s in got["signals"]}
    assert counts["triggered(bool)"]["named"] == 1
    edit = qt.call("qt.signals.connections", {"objectId": "textEdit"})
    assert "MainWindow.unsaved" in {r["slot"] for r in edit["outbound"]}


def test_actions_from_a_ui_file_are_listed_and_triggered(qt: Client) -> None:
    """jwrite's actions come from its .ui file: each is listed in its menu, and File ›
    New triggered from qt.actions runs jwrite's own slot (an empty untitled document)."""
    found = {a["object"]["objectName"]: a for a in qt.call("qt.actions.list", {})["actions"]}
    assert {"actionNew", "actionOpen", "actionSave", "actionSave_As", "actionUndo"} <= set(found)
    assert ("menu", "File") in {(s["kind"], s["title"]) for s in found["actionNew"]["shownIn"]}
    out = qt.call("qt.actions.trigger", {"objectId": "actionNew"})
    assert out["triggered"] is True and _text(qt) == ""
    assert qt.call("chr.tabsContext", {})["tabs"][0]["title"] == "Untitled*"


@pytest.fixture(scope="module")
def forgetful() -> Iterator[Client]:
    """Another jwrite, whose change reports take any baseline as old."""
    yield from client_of([_jwrite()], {"QTMCP_BASELINE_SECONDS": "0"})


def test_an_old_baseline_counts_what_the_app_did_meanwhile(forgetful: Client) -> None:
    """Past ``baseline_seconds`` (0 here) the report lists what the agent's typing did;
    the text another client put in before is one counted line, not shown as typed."""
    ref = _editor(forgetful)
    forgetful.call("qt.properties.set", {"objectId": "textEdit", "name": "plainText",
                                         "value": "Written meanwhile"})
    out = forgetful.call("chr.type", {"ref": ref, "text": "!"})
    text = _text(forgetful)
    assert text.count("!") == 1 and "Written meanwhile" in text, text
    lines = out["changes"].splitlines()
    assert lines[0].startswith("* window") and "since you last saw it" in lines[0], lines
    edit = next(line for line in lines if line.startswith("~ textbox"))
    assert 'value "Written meanwhile" -> ' in edit, lines


def test_random_actions(qt: Client, jwrite: RealApp) -> None:
    """Last in the module: a seeded random run (tasks.random_run), the app alive after."""
    tasks.random_run(qt, seed=35)
    assert jwrite.alive(), jwrite.output()
