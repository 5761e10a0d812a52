"""The Resources tool against the demo's compiled resources (resources/demo.qrc): the tree
opens a folder as it is expanded, Qt's own resources are marked, and each preview shows
the file's own bytes (its pixels, its text, its font's family, its hex)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QImage

from inspector.models.resources import ResourceTree, hex_dump
from inspector.panes.resources import ResourcesPane
from inspector.window.main_window import MainWindow
from tests.support.app import ARTIFACTS, ROOT, DemoApp
from tests.support.inspector import connect, qwait, run

RES = ROOT / "resources"


@pytest.fixture(scope="module")
def pane(window: MainWindow, demo: DemoApp) -> Iterator[ResourcesPane]:
    connect(window, demo)
    window.show_tool("resources")
    pane = window.pane(ResourcesPane)
    qwait(lambda: pane.model.index_of(":/demo").isValid(), what="the resource tree's root")
    yield pane


def _open(pane: ResourcesPane, folder: str, child: str) -> None:
    pane.view.expand(pane.model.index_of(folder))
    qwait(lambda: pane.model.index_of(child).isValid(), what=f"{child} in the tree")


def _preview(pane: ResourcesPane, path: str) -> None:
    assert pane.select(path)
    qwait(lambda: pane.preview is not None and pane.preview.path == path,
          what=f"the preview of {path}")


def test_the_tree_opens_folders_and_marks_qts_own(pane: ResourcesPane) -> None:
    model = pane.model
    demo = model.index_of(":/demo")
    assert model.is_folder(demo) and model.hasChildren(demo) and model.rowCount(demo) == 0
    _open(pane, ":/demo", ":/demo/logo.png")
    names = [model.index(r, 0, demo).data() for r in range(model.rowCount(demo))]
    assert names == ["fonts/", "icons/", "qml/", "blob.bin", "demo.qss", "logo.png",
                     "settings.json"]
    logo = model.index_of(":/demo/logo.png")
    assert logo.siblingAtColumn(1).data() == "2.9 KB" and logo.siblingAtColumn(2).data() == "app"
    qt_own = model.index_of(":/qt-project.org")
    assert qt_own.siblingAtColumn(2).data() == "Qt"


def test_previews_show_each_files_own_bytes(pane: ResourcesPane) -> None:
    _open(pane, ":/demo", ":/demo/logo.png")
    _preview(pane, ":/demo/logo.png")
    assert pane.preview is not None and pane.preview.image is not None
    fmt = QImage.Format.Format_ARGB32
    assert pane.preview.image.convertToFormat(fmt) == QImage(
        str(RES / "qrc" / "logo.png")).convertToFormat(fmt)
    assert "96 × 96 px" in pane.summary.text() and pane.picture.pixmap() is not None

    _preview(pane, ":/demo/settings.json")
    assert pane.text.toPlainText() == (RES / "qrc" / "settings.json").read_text("utf-8")
    assert pane.pages.currentWidget() is pane.text

    _preview(pane, ":/demo/blob.bin")
    blob = (RES / "qrc" / "blob.bin").read_bytes()
    assert pane.text.toPlainText() == hex_dump(blob[:512])
    assert "the first 512 bytes in hex" in pane.summary.text()

    _open(pane, ":/demo/fonts", ":/demo/fonts/demo-sans.ttf")
    _preview(pane, ":/demo/fonts/demo-sans.ttf")
    assert pane.text.toPlainText().startswith("Family: qtmcp Demo Sans\nStyle: Bold")


def test_render_the_resources_tool(pane: ResourcesPane, window: MainWindow) -> None:
    _open(pane, ":/demo", ":/demo/logo.png")
    _open(pane, ":/demo/qml", ":/demo/qml/main.qml")
    _preview(pane, ":/demo/logo.png")
    window.resize(1366, 768)
    out = ARTIFACTS / "inspector-resources.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    assert window.grab().save(str(out))
    _preview(pane, ":/demo/qml/main.qml")
    assert pane.text.toPlainText() == (RES / "qml" / "main.qml").read_text("utf-8")
    run(pane.load_preview(":/demo/qml/main.qml"))
    out2 = ARTIFACTS / "inspector-resources-text.png"
    assert window.grab().save(str(out2))


def test_a_big_folder_is_read_a_page_at_a_time() -> None:
    """The tree asks for the next page only when the view reaches the end of a folder
    (canFetchMore/fetchMore), from where the last page stopped."""
    model = ResourceTree()
    asked: list[tuple[str, int]] = []
    model.fetchRequested.connect(lambda path, offset: asked.append((path, offset)))
    model.fetchMore(QModelIndex())
    model.fetchMore(QModelIndex())  # already asked: not twice
    assert asked == [(":/", 0)]
    model.add_page({"path": ":/", "offset": 0, "total": 1, "cut": False, "entries": [
        {"path": ":/crowd", "name": "crowd", "folder": True, "size": None, "qt": False}]})
    crowd = model.index_of(":/crowd")
    assert model.hasChildren(crowd) and model.canFetchMore(crowd)
    page = [{"path": f":/crowd/f{i}", "name": f"f{i}", "folder": False, "size": 7,
             "qt": False} for i in range(500)]
    model.fetchMore(crowd)
    model.add_page({"path": ":/crowd", "offset": 0, "total": 1200, "cut": True,
                    "entries": page})
    assert model.rowCount(crowd) == 500 and model.canFetchMore(crowd)
    model.fetchMore(crowd)
    assert asked[-1] == (":/crowd", 500)
    assert not model.canFetchMore(model.index_of(":/crowd/f3"))  # a file
