"""The inspector's agent view against a real demo app: accessibility tree, live view, marks."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from inspector.link.marks import MarkReader
from inspector.link.method_facts import MethodFacts
from inspector.link.traffic import Call
from inspector.panes.accessibility import LATEST, OWN, AccessibilityPane
from inspector.panes.agent_log import AgentLogPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from probe.wire import decode
from probe.wire.probe_session import Traffic
from probe.wire.qt_system import Schema
from tests.support.app import ARTIFACTS, DemoApp
from tests.support.inspector import connect, hover, qwait, run, streaming


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)
    qwait(lambda: window.pane(AccessibilityPane).model.count, what="the accessibility tree")
    streaming(window)


def window_rect(qt: Client, name: str) -> tuple[int, int, int, int]:
    g = qt.call("qt.ui.geometry", {"target": name})["window"]
    return (g["x"], g["y"], g["width"], g["height"])


def frames_settle(pane: object, quiet_ms: int = 600, timeout: float = 10.0) -> int:
    """Wait until no frame arrived for ``quiet_ms``; returns the frame count then."""
    last = -1

    def quiet() -> bool:
        nonlocal last
        before = pane.frames  # type: ignore[attr-defined]
        QTest.qWait(quiet_ms)
        stable = pane.frames == before  # type: ignore[attr-defined]
        last = pane.frames  # type: ignore[attr-defined]
        return stable

    qwait(quiet, timeout, "the window to be still")
    return last


def test_frames_arrive_only_when_the_app_changes(window: MainWindow, demo: DemoApp) -> None:
    pane = window.pane(LiveViewPane)
    assert pane.streaming and pane.window_name == "mainWindow"
    assert pane.last_frame is not None and pane.last_frame["format"] == "jpeg"
    # capped to the pane (the stream restarts when the pane is resized): no larger than
    # the view shows it
    qwait(lambda: pane.caps == pane.wanted_caps()
          and pane.last_frame is not None and pane.last_frame["width"] <= pane.caps[0]
          and pane.last_frame["height"] <= pane.caps[1], what="frames sized to the pane")
    count = frames_settle(pane)
    QTest.qWait(1000)  # the heartbeat timer runs but paints nothing: still no frame
    assert pane.frames == count
    demo.command("emit-submit")  # empty form: the error label appears
    qwait(lambda: pane.frames > count, what="a frame after the change")


def test_accessibility_pane_in_the_inspectors_own_view(window: MainWindow, qt: Client
                                                       ) -> None:
    """Picked "This inspector": its own chr.readPage, its own refs (the agent's view is
    tested in test_inspector_agent_view.py)."""
    pane = window.pane(AccessibilityPane)
    model = pane.model
    reads = pane.reads
    pane.follow(OWN)
    qwait(lambda: pane.reads > reads and model.by_ref, what="the inspector's own read")
    name_edit = next(n for n in model.nodes() if n.object_name == "nameEdit")
    assert name_edit.ref.startswith("ref_") and name_edit.role == "textbox"
    assert name_edit.object_id.startswith("#") and name_edit.bounds
    submit = next(n for n in model.nodes() if n.object_name == "submitButton")
    assert submit.role == "button" and submit.name == "Submit" and submit.ref
    # the compact text form is what an agent reads, with its size
    assert f'button "Submit" [{submit.ref}]' in pane.text
    assert f"text {len(pane.text):,} chars" in pane.summary.text()
    pane.as_text.setChecked(True)
    assert pane.stack.currentWidget() is pane.text_view
    assert pane.text_view.toPlainText() == pane.text
    pane.as_text.setChecked(False)
    # interactive filter: fewer nodes, every ref kept
    everything = model.count
    pane.filter_box.setCurrentText("interactive")
    qwait(lambda: model.count < everything, what="the interactive tree")
    assert "nameEdit" in {n.object_name for n in model.nodes()}
    interactive = model.count
    pane.filter_box.setCurrentText("all")
    qwait(lambda: model.count > interactive, what="the whole tree again")
    pane.follow(LATEST)


def test_inspector_reads_do_not_reset_the_agents_refs(window: MainWindow,
                                                      demo: DemoApp) -> None:
    agent = demo.client(name="ref-agent", role="agent")
    page = agent.call("chr.readPage", {"format": "json", "filter": "interactive"})

    def find(nodes: list[dict], name: str) -> dict | None:
        for n in nodes:
            if n.get("objectName") == name:
                return n
            hit = find(n.get("children") or [], name)
            if hit:
                return hit
        return None

    ref = find(page["tree"], "nameEdit")["ref"]  # type: ignore[index]
    window.pane(AccessibilityPane).follow(OWN)
    run(window.pane(AccessibilityPane).load())  # the inspector reads again: its own refs restart
    window.pane(AccessibilityPane).follow(LATEST)
    agent.call("chr.formInput", {"ref": ref, "value": "still mine"})
    assert agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"}
                      )["value"] == "still mine"


def test_selection_syncs_between_trees_and_live_view(window: MainWindow, qt: Client) -> None:
    a11y = window.pane(AccessibilityPane)
    submit = next(n for n in a11y.model.nodes() if n.object_name == "submitButton")
    a11y.view.setCurrentIndex(a11y.model.index_of(submit))
    qwait(lambda: (window.pane(ObjectsPane).selected_node() or None) is not None
          and window.pane(ObjectsPane).selected_node().object_name == "submitButton",  # type: ignore[union-attr]
          what="submitButton selected in the object tree")
    rect = window_rect(qt, "submitButton")
    qwait(lambda: window.pane(LiveViewPane).view.selected == rect,
          what="its outline on the live view")
    # the reverse: the object tree selects the accessibility node
    node = run(window.pane(ObjectsPane).reveal("emailEdit"))
    assert node is not None
    qwait(lambda: a11y._selected_node() is not None
          and a11y._selected_node().object_name == "emailEdit",  # type: ignore[union-attr]
          what="emailEdit selected in the accessibility tree")


def test_click_on_live_view_picks_the_widget(window: MainWindow, qt: Client) -> None:
    pane = window.pane(LiveViewPane)
    rect = window_rect(qt, "nameEdit")
    # hover first: the hit test names the widget under the cursor
    hover(pane, lambda: pane.view.rect_to_view(rect).center().toPoint(), "nameEdit")
    assert pane.view.hover == rect
    centre = pane.view.rect_to_view(rect).center().toPoint()
    QTest.mouseClick(pane.view, Qt.MouseButton.LeftButton, pos=centre)
    qwait(lambda: (window.pane(ObjectsPane).selected_node() or None) is not None
          and window.pane(ObjectsPane).selected_node().object_name == "nameEdit",  # type: ignore[union-attr]
          what="nameEdit selected in the object tree")
    assert pane.view.selected == rect
    a11y = window.pane(AccessibilityPane)._selected_node()
    assert a11y is not None and a11y.object_name == "nameEdit"
    # outside the picture nothing is picked
    assert pane.view.to_window(pane.view.rect_to_view((0, 0, 1, 1)).topLeft()
                               - QPoint(5, 5).toPointF()) is None


def test_agent_click_shows_a_mark_and_a_log_row(window: MainWindow, demo: DemoApp,
                                                qt: Client) -> None:
    pane = window.pane(LiveViewPane)
    agent = demo.client(name="overlay-agent", role="agent")
    agent.call("qt.ui.click", {"target": "submitButton"})
    rect = window_rect(qt, "submitButton")

    def mark_of(method: str) -> tuple | None:
        return next((m for m in pane.live_marks()
                     if m[0].method == method and m[0].client == "overlay-agent"), None)

    mark = qwait(lambda: mark_of("qt.ui.click"), what="the click's mark")
    assert mark[1] == rect
    assert mark[2] is not None and rect[0] <= mark[2][0] < rect[0] + rect[2]
    # it fades away
    qwait(lambda: mark_of("qt.ui.click") is None, timeout=5, what="the mark to fade")
    # the log row links back to it
    log = window.pane(AgentLogPane)
    qwait(lambda: any(r.method == "qt.ui.click" and r.client == "overlay-agent"
                      for r in log.visible_rows()), what="the log row")
    row = next(i for i, r in enumerate(log.model.rows)
               if r.method == "qt.ui.click" and r.client == "overlay-agent")
    log.select_source_row(row)
    again = qwait(lambda: mark_of("qt.ui.click"), what="the mark shown again")
    assert again[1] == rect
    # chr.click by ref: the result's bounds place the mark
    page = agent.call("chr.find", {"query": "reset button"})
    ref = page["matches"][0]["ref"]
    before = window_rect(qt, "resetButton")  # resetting hides the error: the form moves
    agent.call("chr.click", {"ref": ref})
    mark = qwait(lambda: mark_of("chr.click"), what="the chr.click mark")
    assert mark[1] == before
    # cu.leftClick: the coordinate (through the agent's screenshot scale) and element
    agent.call("cu.screenshot", {"maxWidth": 400})
    shot = agent.call("cu.screenshot", {"maxWidth": 400})
    name = window_rect(qt, "nameEdit")
    s = shot["scale"]
    agent.call("cu.leftClick", {"coordinate": [round((name[0] + 10) * s),
                                               round((name[1] + 5) * s)]})
    mark = qwait(lambda: mark_of("cu.leftClick"), what="the cu mark")
    assert mark[1] == name
    assert abs(mark[2][0] - (name[0] + 10)) <= 3 and abs(mark[2][1] - (name[1] + 5)) <= 3


def test_chr_type_form_input_and_scroll_marks_land_on_their_element(
        window: MainWindow, demo: DemoApp, qt: Client) -> None:
    """chr.* results name a role and a name: the mark goes on the element the
    accessibility tree has under them (refs are per session: this agent's refs are not
    the ones the tree shows)."""
    pane = window.pane(LiveViewPane)
    run(window.pane(AccessibilityPane).load())  # earlier tests moved the form: fresh bounds
    agent = demo.client(name="form-agent", role="agent")

    def ref_of(object_name: str) -> str:
        found = agent.call("chr.find", {"query": object_name})["matches"]
        assert found, f"no element for {object_name}"
        return found[0]["ref"]

    def mark_of(method: str) -> tuple | None:
        return next((m for m in pane.live_marks()
                     if m[0].method == method and m[0].client == "form-agent"), None)

    actions = [
        ("chr.type", {"ref": ref_of("nameEdit"), "text": "Ada"}, "nameEdit"),
        ("chr.formInput", {"ref": ref_of("ageSpin"), "value": 41}, "ageSpin"),
        ("chr.scroll", {"ref": ref_of("notesEdit"), "scroll_direction": "down"},
         "notesEdit"),
    ]
    for method, params, object_name in actions:
        result = agent.call(method, params)
        assert result.get("role") and "bounds" not in result  # placed by role and name
        mark = qwait(lambda m=method: mark_of(m), what=f"the {method} mark")
        rect = window_rect(qt, object_name)
        assert mark[1] == rect, f"{method} marked {mark[1]}, {object_name} is at {rect}"
        # the pointer sits inside the element (its centre when the call gave no point)
        assert rect[0] <= mark[2][0] < rect[0] + rect[2]
        assert rect[1] <= mark[2][1] < rect[1] + rect[3]
        assert mark[0].label.startswith(f"form-agent: {method.split('.', 1)[1]}")
    assert agent.call("qt.properties.get", {"objectId": "ageSpin", "name": "value"})[
        "value"] == 41


def test_marks_only_for_calls_the_probe_declares_marked(qt: Client) -> None:
    """Which calls get a mark is the probe's declaration (``marks`` in qt.schema), not a
    table of the inspector's; a failed call or one whose answer names no place gets none."""
    schema = qt.call("qt.schema")
    facts = MethodFacts()
    facts.load(decode(Schema, schema))
    marked = {m["name"] for m in schema["methods"] if m["marks"]}
    assert {"qt.ui.click", "chr.click", "cu.leftClick", "qt.ui.focus", "cu.holdKey",
            "chr.navigate", "chr.fileChooser"} <= marked
    assert {m for m in marked if facts.marks(m)} == marked
    assert not facts.marks("qt.objects.tree") and not facts.marks("chr.readPage")
    reader = MarkReader(facts)
    base = {"seq": 1, "ts": 0.0, "client": {"id": 1, "name": "a", "role": "agent"}, "id": 1,
            "params": {}, "notification": False, "durationMs": 1.0, "ok": True}

    def call_of(rec: dict[str, Any]) -> Call:
        return Call(decode(Traffic, {**base, **rec}))

    def read(rec: dict[str, Any]) -> object:
        return reader.read(call_of(rec))

    # a read gets no mark even when its answer names a place
    assert read({"method": "qt.objects.tree", "result": {"result": {
        "target": {"path": "mainWindow/nameEdit"}}}}) is None
    assert read({"method": "qt.ui.click", "ok": False, "error": {"code": -32000}}) is None
    click = {"method": "chr.click", "result": {"result": {
        "ref": "ref_3", "role": "button", "name": "OK", "x": 5, "y": 6,
        "bounds": [1, 2, 8, 9]}}}
    mark = read(click)
    assert mark is not None and mark.rect == (1, 2, 8, 9) and mark.point == (5, 6)
    # before the schema answered (or for a method it does not declare marked): none
    assert MarkReader(MethodFacts()).read(call_of(click)) is None
    # newly declared methods whose answers name no place: no mark, and no error
    assert read({"method": "chr.fileChooser", "result": {"result": {
        "dialog": "Open", "mode": "open", "paths": ["/tmp/a.txt"]}}}) is None
    assert read({"method": "cu.holdKey", "result": {"result": {
        "held": "shift", "duration": 0.1}}}) is None


def test_newly_marked_methods_draw_their_mark_or_none(window: MainWindow, demo: DemoApp,
                                                      qt: Client,
                                                      caplog: pytest.LogCaptureFixture
                                                      ) -> None:
    """qt.ui.focus marks its widget; cu.holdKey and chr.navigate (a tab) say no place, so
    they draw nothing, and nothing fails."""
    pane = window.pane(LiveViewPane)
    log = window.pane(AgentLogPane)
    agent = demo.client(name="focus-agent", role="agent")

    def mark_of(method: str) -> tuple | None:
        return next((m for m in pane.live_marks()
                     if m[0].method == method and m[0].client == "focus-agent"), None)

    with caplog.at_level("ERROR", logger="qtmcp.inspector"):
        agent.call("qt.ui.focus", {"objectId": "emailEdit"})
        mark = qwait(lambda: mark_of("qt.ui.focus"), what="the focus mark")
        assert mark[1] == window_rect(qt, "emailEdit")
        agent.call("cu.holdKey", {"text": "shift", "duration": 0.05})
        agent.call("chr.navigate", {"url": "Data"})
        agent.call("chr.navigate", {"url": "Form"})
        qwait(lambda: [r.method for r in log.visible_rows()
                       if r.client == "focus-agent"][-3:] == ["cu.holdKey", "chr.navigate",
                                                              "chr.navigate"],
              what="the calls in the agent log")
        QTest.qWait(100)  # the marks are placed on the next turn of the loop
        assert mark_of("cu.holdKey") is None and mark_of("chr.navigate") is None
    assert not [r for r in caplog.records if r.levelname == "ERROR"], caplog.text


def test_render_agent_view_to_png(window: MainWindow, demo: DemoApp, qt: Client) -> None:
    """Object tree, accessibility tree and live view with marks, for a human to look at."""
    agent = demo.client(name="claude-code", role="agent")
    agent.call("chr.readPage", {"filter": "interactive"})
    run(window.pane(ObjectsPane).reveal("nameEdit"))
    agent.call("qt.ui.click", {"target": "submitButton"})
    qwait(lambda: any(m[0].client == "claude-code" for m in window.pane(LiveViewPane).live_marks()),
          what="the agent's mark")
    window.show_tool("accessibility")
    window.resize(1900, 1050)
    window.reset_layout()
    qwait(lambda: window.pane(LiveViewPane).caps == window.pane(LiveViewPane).wanted_caps(),
          what="the stream to follow the new size")
    agent.call("qt.ui.click", {"target": "submitButton"})
    qwait(lambda: any(m[0].client == "claude-code" and m[0].opacity() > 0.8
                      for m in window.pane(LiveViewPane).live_marks()), what="a fresh mark")
    QTest.qWait(150)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    out = ARTIFACTS / "inspector-live.png"
    assert window.grab().save(str(out))
    assert out.stat().st_size > 50_000
    window.reset_layout()
