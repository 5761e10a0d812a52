"""An agent view that never lies: the agent's refs stay until an agent reads again (after
the app's window moves or is resized, after the agent left), Fit shows the whole window
after a resize, and a pick in the live view gives the element under the pointer as the
agent sees it — a menu entry, a tab, an item-view row — with its ref."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from inspector.panes.accessibility import LATEST, AccessibilityPane
from inspector.panes.agent_log import AgentLogPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import DemoApp
from tests.support.inspector import connect, qwait
from tests.support.mcp_session import McpSession

SIZE = {"width": 1000, "height": 700}


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> Iterator[None]:
    connect(window, demo)
    qwait(lambda: window.pane(AccessibilityPane).reads, what="the accessibility pane's first read")
    qwait(lambda: window.pane(LiveViewPane).frames, what="a first frame")
    yield
    demo.client(name="restore").call("qt.properties.set", {
        "objectId": "mainWindow", "name": "size", "value": SIZE})


def ref_of(text: str, role: str, name: str) -> str:
    line = next(x for x in text.splitlines() if x.strip().startswith(f'{role} "{name}"'))
    found = re.search(r"\[(ref_\d+)\]", line)
    assert found is not None, line
    return found.group(1)


def set_size(qt: Client, width: int, height: int) -> None:
    qt.call("qt.properties.set", {"objectId": "mainWindow", "name": "size",
                                  "value": {"width": width, "height": height}})


def whole_window_in_view(pane: LiveViewPane, width: int, height: int) -> bool:
    """The picture is of a ``width``×``height`` window and all of it is in view."""
    ww, wh = pane.view.window_size()
    if abs(ww - width) > 2 or abs(wh - height) > 2:
        return False
    shown = pane.view.rect_to_view((0, 0, width, height))
    viewport = pane.scroll.viewport().rect()
    top_left = pane.view.mapTo(pane.scroll.viewport(), shown.topLeft().toPoint())
    bottom_right = pane.view.mapTo(pane.scroll.viewport(), shown.bottomRight().toPoint())
    return viewport.contains(top_left) and viewport.contains(bottom_right - QPoint(1, 1))


def test_the_agents_refs_survive_a_resize_and_a_move_of_the_app(
        window: MainWindow, demo: DemoApp, qt: Client) -> None:
    pane = window.pane(AccessibilityPane)
    pane.follow(LATEST)
    agent = demo.client(name="resize-agent", role="agent")
    text = agent.call("chr.readPage", {"filter": "interactive"})["text"]
    name_ref = ref_of(text, "textbox", "Name")
    qwait(lambda: name_ref in pane.model.by_ref
          and (pane.following or {}).get("name") == "resize-agent", what="the agent's refs")
    for change in ({"name": "size", "value": {"width": 820, "height": 610}},
                   {"name": "pos", "value": {"x": 40, "y": 30}}):
        reads = pane.reads
        qt.call("qt.properties.set", {"objectId": "mainWindow", **change})
        qwait(lambda r=reads: pane.reads > r, what="the pane to read again after the change")
        assert (pane.following or {}).get("name") == "resize-agent"
        assert pane.model.by_ref[name_ref].object_name == "nameEdit"
        assert pane.text == text and "No agent" not in pane.status.text()
    set_size(qt, **SIZE)
    agent.close()


def test_an_agent_that_left_keeps_its_last_view_until_another_reads(
        window: MainWindow, demo: DemoApp, qt: Client) -> None:
    """An MCP server that reconnects after a timeout, or a client that is done: the tree
    keeps the refs the agent held and says it left; it never says no agent read."""
    pane = window.pane(AccessibilityPane)
    pane.follow(LATEST)
    agent = demo.client(name="leaving-agent", role="agent")
    text = agent.call("chr.readPage", {"filter": "interactive"})["text"]
    email_ref = ref_of(text, "textbox", "Email")
    qwait(lambda: (pane.following or {}).get("name") == "leaving-agent"
          and email_ref in pane.model.by_ref, what="the agent's refs")
    agent.close()
    qwait(lambda: "leaving-agent has left" in pane.status.text(), what="the pane to say it left")
    # another client acts without reading the page: the pane reads again and finds no
    # reader among the living
    other = demo.client(name="quiet-agent", role="agent")
    reads = pane.reads
    other.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "x"})
    qwait(lambda: pane.reads > reads, what="a read after the other agent's change")
    assert email_ref in pane.model.by_ref and pane.text == text
    assert "No agent has read" not in pane.status.text()
    assert "leaving-agent (left" in pane.summary.text()
    # an agent that reads takes the tree over
    other.call("chr.readPage", {"filter": "interactive"})
    qwait(lambda: (pane.following or {}).get("name") == "quiet-agent", what="the new reader")
    assert "left" not in pane.summary.text() and not pane.status.text()
    other.close()


def test_fit_shows_the_whole_window_after_a_resize(window: MainWindow, qt: Client) -> None:
    live = window.pane(LiveViewPane)
    live.zoom_box.setCurrentText("Fit")
    for width, height in ((1180, 860), (660, 560), (SIZE["width"], SIZE["height"])):
        set_size(qt, width, height)
        qwait(lambda w=width, h=height: whole_window_in_view(live, w, h),
              what=f"the whole {width}×{height} window in view")
    # zoomed in, then Fit again after the app changed size meanwhile
    live.zoom_box.setCurrentText("200%")
    qwait(lambda: live.view.width() > live.scroll.viewport().width(), what="zoomed in")
    set_size(qt, 900, 650)
    live.zoom_box.setCurrentText("Fit")
    qwait(lambda: whole_window_in_view(live, 900, 650), what="the whole window after Fit")
    set_size(qt, **SIZE)
    qwait(lambda: whole_window_in_view(live, SIZE["width"], SIZE["height"]),
          what="back to the first size")


def _pick(window: MainWindow, x: int, y: int) -> None:
    live = window.pane(LiveViewPane)
    point = live.view.to_view(x, y).toPoint()
    QTest.mouseClick(live.view, Qt.MouseButton.LeftButton, pos=point)


def _centre(bounds: tuple[int, int, int, int] | None) -> tuple[int, int]:
    assert bounds is not None
    return bounds[0] + bounds[2] // 2, bounds[1] + bounds[3] // 2


def test_a_pick_gives_the_element_as_the_agent_sees_it(
        window: MainWindow, demo: DemoApp, qt: Client) -> None:
    pane, live = window.pane(AccessibilityPane), window.pane(LiveViewPane)
    objects = window.pane(ObjectsPane)
    pane.follow(LATEST)
    agent = demo.client(name="pick-agent", role="agent")
    text = agent.call("chr.readPage", {"filter": "all"})["text"]
    qwait(lambda: (pane.following or {}).get("name") == "pick-agent", what="the agent")
    # a menu entry: its own ref (the menu bar's was all a pick gave)
    help_ref = ref_of(text, "menuitem", "Help")
    entry = pane.model.by_ref[help_ref]
    _pick(window, *_centre(entry.bounds))
    qwait(lambda: pane._selected_node() is not None
          and pane._selected_node().ref == help_ref,  # pyright: ignore[reportOptionalMemberAccess]  # checked just before
          what="the Help entry selected with its ref")
    qwait(lambda: live.view.selected == entry.bounds, what="the entry outlined")
    qwait(lambda: (objects.selected_node() or None) is not None
          and objects.selected_node().class_name == "QAction",  # pyright: ignore[reportOptionalMemberAccess]  # checked just before
          what="its QAction chosen in Objects")
    # a tab: an item with no object of its own
    data_ref = ref_of(text, "tab", "Data")
    tab = pane.model.by_ref[data_ref]
    _pick(window, *_centre(tab.bounds))
    qwait(lambda: getattr(pane._selected_node(), "ref", None) == data_ref,
          what="the Data tab selected with its ref")
    assert live.view.selected == tab.bounds
    qwait(lambda: getattr(objects.selected_node(), "class_name", None) == "QTabBar",
          what="its tab bar chosen in Objects")
    # a row of an item view, as the agent reads it once the Data tab shows
    agent.call("chr.click", {"ref": data_ref})
    text = agent.call("chr.readPage", {"filter": "all"})["text"]
    row_line = next(x for x in text.splitlines() if "Ada Adams" in x and "[ref_" in x)
    row_ref = re.search(r"\[(ref_\d+)\]", row_line).group(1)  # pyright: ignore[reportOptionalMemberAccess]  # the line has one
    qwait(lambda: row_ref in pane.model.by_ref, what="the agent's read of the Data tab")
    row = pane.model.by_ref[row_ref]
    _pick(window, *_centre(row.bounds))
    qwait(lambda: getattr(pane._selected_node(), "ref", None) == row_ref,
          what="the row's cell selected with its ref")
    assert live.view.selected == row.bounds
    agent.call("chr.click", {"ref": ref_of(text, "tab", "Form")})
    agent.close()


def test_the_request_log_names_each_call_as_the_agent_made_it(
        window: MainWindow, demo: DemoApp) -> None:
    """An MCP agent's calls: the tool and arguments it gave, beside the probe's method."""
    log = window.pane(AgentLogPane)
    mcp = McpSession("--pid", str(demo.pid), name="mcp-agent")
    try:
        mcp.text("read_page", {"filter": "interactive"})
        mcp.text("computer", {"action": "screenshot"})
    finally:
        mcp.close()
    qwait(lambda: {r.method for r in log.visible_rows() if r.client == "mcp-agent"}
          >= {"chr.readPage", "chr.computer"}, what="the agent's calls in the log")
    rows = {r.method: r for r in log.visible_rows() if r.client == "mcp-agent"}
    model = log.model
    read = model.rows.index(rows["chr.readPage"])
    assert model.index(read, model.CALLED_AS).data() == "read_page(filter=interactive)"
    assert model.index(read, model.METHOD).data() == "chr.readPage"
    shot = model.rows.index(rows["chr.computer"])
    assert model.index(shot, model.CALLED_AS).data() == "computer(action=screenshot)"
    # the filter finds a call by the agent's words too
    log.filter.setText("read_page")
    qwait(lambda: [r.method for r in log.visible_rows() if r.client == "mcp-agent"]
          == ["chr.readPage"], what="the filter by the tool's name")
    log.filter.clear()
