"""Navigation that scales: one tool at a time from a tool list, the live view and the agent
log beside every tool (and undockable), every text legible on a 1366×768 screen, Alt+N,
and settings carried over from the dock-per-pane layout."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

from inspector.panes.accessibility import AccessibilityPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.properties import PropertiesPane
from inspector.style import theme
from inspector.window.main_window import LAYOUT_KEY, MainWindow
from inspector.window.migrate import OLD_STATE
from tests.support.app import DemoApp
from tests.support.inspector import connect, make_settings, qwait, run
from tests.support.legible import cut_texts

DATA = Path(__file__).resolve().parent / "data"
#: A 1366×768 screen less a desktop panel and a title bar; and the first start's size
#: there (inspector.window.dock_layout.default_size).
LAPTOP_SIZES = ((1366, 706), (1284, 722))


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)
    qwait(lambda: window.pane(AccessibilityPane).reads, what="the accessibility pane's first read")


def test_one_tool_at_a_time_beside_the_live_view_and_the_agent_log(window: MainWindow
                                                                   ) -> None:
    tools = window.tools
    names = [p.NAME for p in tools.tools]
    assert names[:3] == ["accessibility", "objects", "quick"]
    assert len(names) >= 9 and tools.list.count() == len(names)
    for pane in tools.tools:
        assert window.show_tool(pane.NAME)
        QTest.qWait(5)
        assert tools.current() == pane.NAME and pane.isVisible()
        assert [p.NAME for p in tools.tools if p.isVisible()] == [pane.NAME]
        # the picture and the agent's calls stay in view whatever the tool
        assert all(d.isVisible() and not d.visibleRegion().isEmpty()
                   for d in window.docks.values())
        # the object tools have the chosen object's details beside their tree
        assert window.pane(PropertiesPane).isVisible() == pane.SPEC.details


def test_a_choice_in_one_tree_shows_in_the_details_of_every_object_tool(
        window: MainWindow) -> None:
    window.show_tool("objects")
    node = run(window.pane(ObjectsPane).reveal("nameEdit"))
    props = window.pane(PropertiesPane)
    qwait(lambda: props.object_id == node.id and "text" in props.model.by_name,
          what="nameEdit's properties")
    window.show_tool("accessibility")
    assert props.isVisible() and props.object_id == node.id
    assert window.tools.details.parentWidget() is window.tools.pages["accessibility"]
    # a details tab asked for by name opens beside an object tool
    window.show_tool("console")
    assert window.show_tool("methods") and window.tools.current_pane() is not None
    assert window.tools.current_details() == "methods"
    assert window.tools.current() == "accessibility"
    window.show_tool("properties")


@pytest.mark.parametrize("size", LAPTOP_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_is_cut_below_its_first_word_on_a_laptop_screen(
        window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    window.reset_layout()
    QTest.qWait(100)
    assert (window.width(), window.height()) == size
    cut: list[str] = []
    details = [p.NAME for p in window.panes if p.SPEC.kind == "details"]
    for pane in window.tools.tools:
        window.show_tool(pane.NAME)
        QTest.qWait(20)
        cut += [f"{pane.NAME}: {line}" for line in cut_texts(window)]
        if pane.SPEC.details:
            for name in details:
                window.tools.show_details(name)
                QTest.qWait(10)
                cut += [f"{pane.NAME}/{name}: {line}" for line in cut_texts(window)]
    assert not sorted(set(cut)), "\n".join(sorted(set(cut)))
    # the live view keeps a picture worth looking at, the tree room for its columns
    assert window.docks["liveView"].width() >= 420
    window.show_tool("accessibility")
    assert window.pane(AccessibilityPane).width() >= 300
    window.tools.show_details("properties")


def test_alt_n_raises_tool_n_and_never_hides_it(window: MainWindow) -> None:
    window.activateWindow()
    for number in (2, 1, 1, 3):
        pane = window.tools.tools[number - 1]
        action = window._tool_actions[pane.NAME]
        assert action.shortcut() == QKeySequence(f"Alt+{number}")
        QTest.keyClick(window, Qt.Key(Qt.Key.Key_0.value + number),
                       Qt.KeyboardModifier.AltModifier)
        qwait(lambda p=pane: window.tools.current() == p.NAME, what=f"Alt+{number}")
        assert pane.isVisible() and action.isChecked()
    window.tools.list.setCurrentRow(4)  # the list and the menu agree
    assert window._tool_actions[window.tools.tools[4].NAME].isChecked()
    lines = window.shortcuts()
    for number, pane in enumerate(window.tools.tools[:10], start=1):
        assert f"Alt+{number % 10}  {pane.TITLE}" in lines
    guide = window.tool_guide()
    assert all(any(pane.TITLE in line and pane.SPEC.tip in line for line in guide)
               for pane in window.tools.tools)


def test_the_live_view_and_the_agent_log_undock_but_never_close(window: MainWindow) -> None:
    for name, dock in window.docks.items():
        features = dock.features()
        assert not features & QDockWidget.DockWidgetFeature.DockWidgetClosable, name
        assert features & QDockWidget.DockWidgetFeature.DockWidgetFloatable, name
    live = window.docks["liveView"]
    view = next(m for m in window.menuBar().actions() if m.text() == "&View").menu()
    assert view is not None
    undock = next(a for a in view.actions() if a.text() == "Undock Live view")
    undock.trigger()
    qwait(live.isFloating, what="the live view in a window of its own")
    assert live.isVisible() and window.pane(LiveViewPane).isVisible()
    undock.trigger()
    qwait(lambda: not live.isFloating(), what="the live view docked again")
    window.reset_layout()


def test_settings_of_the_dock_layout_carry_over(aloop: object, tmp_path: Path) -> None:
    """A settings file written by the dock-per-pane inspector (layout version 2: Objects
    in front of the trees, Methods of the details, the agent log floating, dark theme)."""
    shutil.copy(DATA / "inspector-v2.ini", tmp_path / "inspector.ini")
    old = QSettings(str(tmp_path / "inspector.ini"), QSettings.Format.IniFormat)
    saved = QMainWindow()
    saved.restoreGeometry(old.value("window/geometry"))  # pyright: ignore[reportArgumentType]  # a QByteArray in the file
    assert old.contains(OLD_STATE) and not old.contains(LAYOUT_KEY)
    win = MainWindow(make_settings(tmp_path))
    win.show()
    qwait(lambda: win.docks["agentLog"].isFloating(), what="the floating agent log")
    assert win.tools.current() == "objects" and win.tools.current_details() == "methods"
    assert win.docks["agentLog"].geometry() == QRect(100, 120, 700, 300)
    assert not win.docks["liveView"].isFloating() and win.docks["liveView"].isVisible()
    assert theme.current() == "dark" and win.recent() == ["ws://127.0.0.1:4321"]
    assert win.size() == saved.size()
    assert not win.settings.contains(OLD_STATE)  # read once
    win.show_tool("console")
    win.close()
    again = MainWindow(make_settings(tmp_path))
    again.show()
    QTest.qWait(50)
    assert again.tools.current() == "console" and again.docks["agentLog"].isFloating()
    again.apply_theme("light")
    again.close()


def test_first_start_and_reset_layout_are_the_same(aloop: object, tmp_path: Path) -> None:
    win = MainWindow(make_settings(tmp_path))
    win.resize(1366, 706)
    win.show()
    # the first start lays the docks out once the window is shown and sized
    qwait(lambda: win.docks["liveView"].width() > 420, what="the first start's layout")

    def layout() -> dict[str, tuple[int, int, int, int]]:
        shown = {n: d.geometry().getRect() for n, d in win.docks.items()}
        shown["tools"] = win.tools.geometry().getRect()
        shown["tree"] = win.pane(AccessibilityPane).geometry().getRect()
        return shown

    first = layout()
    assert first["tree"][2] > 300
    assert first["agentLog"][1] > first["tools"][1]  # below the tools
    # the log takes the whole width under the tools and the picture
    assert first["agentLog"][2] == win.width() and first["liveView"][1] == first["tools"][1]
    win.docks["liveView"].setFloating(True)
    win.reset_layout()
    qwait(lambda: layout() == first, what=f"the first start's layout again: {first}")
    win.close()


def test_an_undocked_pane_goes_and_comes_back_with_its_window(aloop: object,
                                                              tmp_path: Path) -> None:
    """Closing the window closes its undocked panes too: a floating agent log left open
    kept the inspector running (Qt quits on the last window) and covered other windows."""
    win = MainWindow(make_settings(tmp_path))
    win.show()
    dock = win.docks["agentLog"]
    dock.setFloating(True)
    qwait(dock.isVisible, what="the floating agent log")
    win.close()
    assert not dock.isVisible()
    assert not [w for w in QApplication.topLevelWidgets()
                if w.isVisible() and w.window() in (win, dock)]
    win.show()
    qwait(dock.isVisible, what="the agent log back, floating")
    assert dock.isFloating()
    win.close()
    win.deleteLater()
