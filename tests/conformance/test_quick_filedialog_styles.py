"""Qt Quick Dialogs' FileDialog under every Qt Quick Controls style: its places (Home,
Desktop, …) are named buttons. Under Fusion, Imagine, Material and Universal a place's
Button has no text of its own (its contentItem, an IconLabel, shows the folder's name),
and seven unnamed ``button [ref]`` were all an agent saw (issue #36). One app per style,
each asked once; the suite's own window (quick_app.qml)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.support.app import wait_until
from tests.support.chrome import parse, read, ref_of
from tests.support.qtrelease import QT_RELEASE
from tests.support.realapp import RealApp, wait_for_window

HERE = Path(__file__).resolve().parent
pytestmark = pytest.mark.skipif(QT_RELEASE < (6, 10), reason="the suite's window needs 6.10")


@pytest.mark.parametrize("style", ["Basic", "Fusion", "Imagine", "Material", "Universal"])
def test_file_dialog_places_are_named(style: str) -> None:
    folder = tempfile.mkdtemp(prefix="qtmcp-styles-")
    Path(folder, "a.txt").write_text("a", encoding="utf-8")
    app = RealApp([str(HERE / "quick_app.py"), folder],
                  env={"QT_QUICK_CONTROLS_STYLE": style})
    try:
        qt = app.client()
        wait_for_window(qt)
        qt.call("chr.click", {"ref": ref_of(read(qt), "Open file...")})
        tab = wait_until(lambda: next((t for t in qt.call("chr.tabsContext")["tabs"]
                                       if t["title"] == "Open notes"), None), 5, "the dialog")
        nodes = parse(read(qt, tabId=tab["tabId"])["text"])
        buttons = [n for n in nodes if n["role"] == "button" and n["ref"]]
        assert any(n["name"] == "Home" for n in buttons), nodes
        assert all(n["name"] for n in buttons), [n for n in buttons if not n["name"]]
    finally:
        app.stop()
