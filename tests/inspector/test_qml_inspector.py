"""The inspector on a Qt Quick app: live view of a QQuickWindow, picking, QML ids and types
in the object tree, the Quick item pane; against the real QML demo."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from inspector.link.client import ProbeClient
from inspector.link.connection import Connection
from inspector.models.broker import Broker
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.quick import NO_QUICK, QuickPane
from inspector.style import theme
from inspector.widgets.qml_bindings import BindingsPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import ARTIFACTS, DemoApp, start_demo, wait_until
from tests.support.inspector import hover, qwait, run, streaming

Rect = tuple[int, int, int, int]


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, qml_demo: DemoApp) -> None:
    window.connect_to(pid=qml_demo.pid)
    qwait(lambda: window.conn.is_connected, what="the inspector to connect")
    qwait(lambda: window.pane(ObjectsPane).model.root.children, what="the object tree roots")
    qwait(lambda: window.pane(QuickPane).count, what="the Quick item tree")
    streaming(window)


def nodes(tree: dict[str, Any]) -> Iterator[dict[str, Any]]:
    stack = list(tree["nodes"])
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.get("children", []))


def scene_rect(qq: Client, qml_id: str) -> Rect:
    x, y, w, h = qq.call("qml.info", {"objectId": f"@id:{qml_id}"})["geometry"]
    return (x, y, w, h)


def inspector_id(window: MainWindow, qml_id: str) -> str:
    """The item's ``#N`` in the inspector's own session (ids are per session)."""
    return str(run(window.conn.call("qml.info", {"objectId": f"@id:{qml_id}"}))["id"])


def frames_settle(pane: Any, quiet_ms: int = 500, timeout: float = 10.0) -> int:
    """Wait until no frame arrived for ``quiet_ms``; returns the frame count then."""
    def quiet() -> bool:
        before = pane.frames
        QTest.qWait(quiet_ms)
        return pane.frames == before

    qwait(quiet, timeout, "the window to be still")
    return int(pane.frames)


# ------------------------------------------------------------------ probe side


def test_stream_of_a_quick_window_follows_the_scene(qq: Client) -> None:
    """Frames come from frameSwapped: one at start, one per change, none while still."""
    frames: list[dict[str, Any]] = []
    qq.on("probe.frame", lambda n: frames.append(n.params))
    started = qq.call("probe.frames.start", {"window": "qmlWindow", "format": "png",
                                             "partial": True})
    assert started["window"] == "qmlWindow"
    assert started["options"]["partial"] is False  # a scene graph has no painted rects
    try:
        wait_until(lambda: frames, what="the first frame")
        first = frames[0]
        assert (first["width"], first["height"]) == (640, 480) and first["full"] is True
        image = QImage.fromData(base64.b64decode(first["data"]))
        assert image.width() == 640
        wait_until(lambda: _still(frames), what="the scene to be still")
        count = len(frames)
        qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "color",
                                      "value": "#ff00ff"})
        wait_until(lambda: len(frames) > count, what="a frame after the change")
        last = QImage.fromData(base64.b64decode(frames[-1]["data"]))
        pad = scene_rect(qq, "clickPad")
        assert last.pixelColor(pad[0] + 4, pad[1] + 4).name() == "#ff00ff"
        assert frames[-1]["seq"] > first["seq"] and frames[-1]["full"] is True
        wait_until(lambda: _still(frames), what="the scene to be still again")
    finally:
        stats = qq.call("probe.frames.stop")
        qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "color",
                                      "value": "#4682b4"})
    assert stats["stopped"] is True and stats["frames"] == len(frames)
    # stopped: a change sends nothing (frameSwapped is disconnected)
    before = len(frames)
    qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "color",
                                  "value": "#00ff00"})
    qq.call("qt.ping")
    QTest.qWait(300)
    assert len(frames) == before
    qq.call("qt.properties.set", {"objectId": "@id:clickPad", "name": "color",
                                  "value": "#4682b4"})


def _still(frames: list[Any], quiet_ms: int = 400) -> bool:
    before = len(frames)
    QTest.qWait(quiet_ms)
    return len(frames) == before


def test_object_tree_nodes_carry_qml_id_and_type(qq: Client) -> None:
    tree = qq.call("qt.objects.tree", {"depth": 64})
    by_name = {n["objectName"]: n for n in nodes(tree) if n["objectName"]}
    assert by_name["qmlWindow"]["qmlId"] == "root"
    assert by_name["qmlWindow"]["qmlType"] == "ApplicationWindow"
    assert by_name["submitButton"]["qmlId"] == "submitButton"
    assert by_name["submitButton"]["qmlType"] == "Button"
    assert by_name["clickPad"]["qmlType"] == "Rectangle"
    column = next(n for n in nodes(tree) if n.get("qmlId") == "form")
    assert column["qmlType"] == "Column" and column["objectName"] == ""
    # plain QObjects get neither field; items without an id get only the type
    assert "qmlType" not in by_name["controlChannel"]
    assert any("qmlType" in n and "qmlId" not in n for n in nodes(tree))


def test_geometry_of_a_quick_item(qq: Client) -> None:
    """qt.ui.geometry (the live view's selection outline) works on items."""
    geo = qq.call("qt.ui.geometry", {"target": "@id:clickPad"})
    assert geo["windowName"] == "qmlWindow" and geo["visible"] is True
    w = geo["window"]
    assert (w["x"], w["y"], w["width"], w["height"]) == scene_rect(qq, "clickPad")
    assert geo["local"] == {"x": 340, "y": 16, "width": 120, "height": 80}  # in formPage
    hidden = qq.call("qt.ui.geometry", {"target": "@id:peopleList"})
    assert hidden["visible"] is False


# ------------------------------------------------------------------ inspector side


def test_quick_pane_shows_items_with_ids_and_types(window: MainWindow, qq: Client) -> None:
    pane = window.pane(QuickPane)
    assert pane.available is True and pane.stack.currentWidget() is pane.view
    tree = run(window.conn.call("qml.tree"))
    assert pane.count == tree["count"] and f"{pane.count} items" in pane.summary.text()
    submit = next(n for n in nodes(tree) if n.get("qmlId") == "submitButton")
    row = pane.model.find(submit["id"])
    assert row.data() == "submitButton : Button"
    geometry = row.siblingAtColumn(1).data()
    assert geometry == " ".join(str(v) for v in submit["geometry"])
    assert row.siblingAtColumn(2).data() == "yes"
    name_field = next(n for n in nodes(tree) if n.get("qmlId") == "nameField")
    assert name_field["geometry"][2:] == [260, 40]  # its size, not the empty text's cursor
    overlay = next(n for n in nodes(tree) if n.get("type") == "Overlay")
    assert pane.model.find(overlay["id"]).siblingAtColumn(3).data() == "1000001"
    list_page = next(n for n in nodes(tree) if n.get("qmlId") == "listPage")
    assert pane.model.find(list_page["id"]).siblingAtColumn(2).data() == "no"
    assert pane.model.index(0, 0).data() == "root : ApplicationWindow"
    assert "main.qml" in row.data(Qt.ItemDataRole.ToolTipRole)


def test_object_tree_shows_qml_ids(window: MainWindow) -> None:
    objects = window.pane(ObjectsPane)
    run(objects.load_all())
    model = objects.model
    submit = next(n for n in model.nodes.values() if n.qml_id == "submitButton")
    assert model.index_of(submit).data() == "submitButton : Button"
    form = next(n for n in model.nodes.values() if n.qml_id == "form")
    assert model.index_of(form).data() == "form : Column"
    win = next(n for n in model.nodes.values() if n.object_name == "qmlWindow")
    assert model.index_of(win).data() == "root : ApplicationWindow  (qmlWindow)"
    assert "QML ApplicationWindow, id root" in model.index_of(win).data(
        Qt.ItemDataRole.ToolTipRole)
    # the filter finds an item by its QML id
    objects.filter.setText("padArea")
    qwait(lambda: objects.proxy.filterRegularExpression().pattern() == "padArea",
          what="the filter to apply")
    assert "padArea : MouseArea" in _shown(objects.proxy)
    assert "submitButton : Button" not in _shown(objects.proxy)
    objects.filter.setText("")
    qwait(lambda: not objects.proxy.filterRegularExpression().pattern(), what="no filter")


def _shown(model: Any, parent: Any = None) -> list[str]:
    """Column-0 texts of every row the (filtered) model shows."""
    from PySide6.QtCore import QModelIndex

    parent = parent if parent is not None else QModelIndex()
    out = []
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        out.append(str(index.data()))
        out.extend(_shown(model, index))
    return out


def test_quick_selection_syncs_with_the_object_tree(window: MainWindow, qq: Client) -> None:
    pane = window.pane(QuickPane)
    pad_id = inspector_id(window, "clickPad")
    pane.view.setCurrentIndex(pane.model.find(pad_id))
    qwait(lambda: window.pane(ObjectsPane).selected_id() == pad_id,
          what="clickPad selected in the object tree")
    rect = scene_rect(qq, "clickPad")
    qwait(lambda: window.pane(LiveViewPane).view.selected == rect,
          what="its outline on the live view")
    # the reverse: the object tree selects the Quick item
    node = run(window.pane(ObjectsPane).reveal("nameField"))
    assert node is not None
    qwait(lambda: pane.selected_id() == node.id, what="nameField selected in the Quick pane")


def test_live_view_follows_the_quick_scene(window: MainWindow, qq: Client) -> None:
    pane = window.pane(LiveViewPane)
    assert pane.streaming and pane.window_name == "qmlWindow"
    assert pane.last_frame is not None and pane.last_frame["windowGeometry"][2:] == [640, 480]
    count = frames_settle(pane)
    QTest.qWait(500)
    assert pane.frames == count  # still scene: no frame
    qq.call("qt.properties.set", {"objectId": "@id:statusText", "name": "text",
                                  "value": "changed by the test"})
    qwait(lambda: pane.frames > count, what="a frame after the change")


def test_click_on_live_view_picks_the_item(window: MainWindow, qq: Client) -> None:
    pane = window.pane(LiveViewPane)
    rect = scene_rect(qq, "padArea")
    target = hover(pane, lambda: pane.view.to_view(rect[0] + 6, rect[1] + 6).toPoint(),
                   "padArea")  # a point clear of the label
    assert pane.view.hover == rect
    QTest.mouseClick(pane.view, Qt.MouseButton.LeftButton, pos=target)
    qwait(lambda: (window.pane(ObjectsPane).selected_node() or None) is not None
          and window.pane(ObjectsPane).selected_node().qml_id == "padArea",  # type: ignore[union-attr]
          what="padArea selected in the object tree")
    assert pane.view.selected == rect
    pad_id = window.pane(ObjectsPane).selected_id()
    qwait(lambda: window.pane(QuickPane).selected_id() == pad_id, what="padArea in the Quick pane")
    assert window.pane(QuickPane).model.find(pad_id or "").data() == "padArea : MouseArea"


def test_quick_items_show_the_items_bindings_what_they_read_and_their_values(
        window: MainWindow, qq: Client) -> None:
    """The QML bindings under the Quick items tool's tree, for padLabel: each row is the
    probe's answer for the item, values as qt.properties reads them now."""
    pane = window.pane(QuickPane).bindings
    window.show_tool("quick")
    label_id = inspector_id(window, "padLabel")
    window.select_object_id(label_id)
    qwait(lambda: pane.model.row_named("text").isValid(), what="padLabel's bindings")
    text = pane.model.row_named("text")
    clicks = qq.call("qt.properties.get", {"objectId": "@id:padArea", "name": "clicks"})
    assert text.siblingAtColumn(1).data() == f"clicks: {clicks['value']}"
    assert text.siblingAtColumn(2).data() == '"clicks: " + padArea.clicks'
    assert text.siblingAtColumn(3).data() == "binding"
    dep = pane.model.index(0, 0, text)
    assert dep.data() == "padArea.clicks" and dep.siblingAtColumn(1).data() == str(
        clicks["value"])
    assert dep.siblingAtColumn(2).data().endswith("· clicks")
    z = pane.model.row_named("z")
    assert (z.siblingAtColumn(1).data(), z.siblingAtColumn(3).data()) == ("1.0", "literal")
    assert "padLabel" in pane.title.text() and "main.qml" in pane.title.text()
    qq.call("qt.ui.click", {"objectId": "@id:padArea"})  # the app changes: Reload reads it
    pane.refresh()
    qwait(lambda: pane.model.row_named("text").siblingAtColumn(1).data()
          == f"clicks: {clicks['value'] + 1}", what="the new value after a click")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    window.resize(1366, 768)
    assert window.grab().save(str(ARTIFACTS / "inspector-bindings.png"))
    # an object QML did not make: the tab says so, and shows none
    found = run(window.conn.call("qt.objects.find", {"name": "controlChannel"}))
    window.select_object_id(found["objects"][0]["id"])
    qwait(lambda: "no QML declaration" in pane.title.text(), what="the tab to say so")
    assert pane.model.rowCount() == 0 and "not created by QML" in pane.status.text()


def test_a_binding_loop_shows_in_the_error_tone(window: MainWindow) -> None:
    """tests/apps/problems.qml's looped item (width: height + 1, height: width + 1): the
    binding Qt reported the loop at is marked, in red, and named in the title."""
    app = start_demo(module="tests.apps.problems_app")
    conn = Connection(window.watcher)
    probe = ProbeClient(conn)
    pane = BindingsPane(probe, Broker(probe))
    try:
        run(conn.connect_to(pid=app.pid))
        answer = run(conn.call("qml.bindings", {"objectId": "@id:looped"}))
        pane.set_object(answer["objectId"], "looped")
        qwait(lambda: pane.model.row_named("width").isValid(), what="the looped bindings")
        assert pane.model.loops == ["width"] and "binding loop at width" in pane.title.text()
        width = pane.model.row_named("width")
        assert width.siblingAtColumn(3).data() == "binding loop"
        assert width.data(Qt.ItemDataRole.ForegroundRole).color() == theme.accent("error")
        assert pane.model.index(0, 0, width).data() == "height"  # what it reads
    finally:
        run(conn.close(emit=False))
        pane.deleteLater()
        app.stop()


def test_widget_app_shows_the_empty_state(window: MainWindow, demo: DemoApp) -> None:
    conn = Connection(window.watcher)
    probe = ProbeClient(conn)
    pane = QuickPane(probe, Broker(probe))
    try:
        run(conn.connect_to(pid=demo.pid))
        run(pane.load())
        assert pane.available is False and pane.stack.currentWidget() is pane.empty
        assert pane.empty.text() == NO_QUICK and pane.model.rowCount() == 0
        tree = run(conn.call("qt.objects.tree", {"depth": 64}))
        assert not any("qmlType" in n for n in nodes(tree))
    finally:
        run(conn.close(emit=False))
        pane.deleteLater()


def test_render_qml_inspector_to_png(window: MainWindow, qq: Client) -> None:
    """Object tree, Quick items and live view on the QML demo, for a human to look at."""
    qq.call("qt.properties.set", {"objectId": "@id:statusText", "name": "text",
                                  "value": "Ready"})
    window.show_tool("quick")
    window.resize(1800, 900)
    window.reset_layout()
    submit_id = inspector_id(window, "submitButton")
    window.select_object_id(submit_id)
    qwait(lambda: window.pane(QuickPane).selected_id() == submit_id, what="submitButton selected")
    live = window.pane(LiveViewPane)
    qwait(lambda: live.caps == live.wanted_caps() and live.view.selected is not None,
          what="the stream at the new size")
    frames_settle(window.pane(LiveViewPane), 300)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = ARTIFACTS / "inspector-qml.png"
    assert window.grab().save(str(out))
    assert out.stat().st_size > 30_000
    window.reset_layout()
