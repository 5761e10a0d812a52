"""The inspector's main window: dock panes, menus, status bar, saved layout and theme.

Panes are dock widgets that can sit side by side, be moved, tabbed, hidden and
restored; ``QSettings`` keeps the layout, the window geometry, recent connections and
the theme. The window owns the :class:`Connection` and tells panes when it comes and
goes (a lost connection greys the panes out and keeps their last content).
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QScreen
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
)

from inspector import theme
from inspector.actions import make_action, recolour, set_icon
from inspector.connectdialog import Choice, ConnectDialog
from inspector.connection import CONNECTED, CONNECTING, LOST, Connection
from inspector.icons import icon
from inspector.overlays import Mark
from inspector.panes.accessibility import AccessibilityPane
from inspector.panes.agentlog import AgentLogPane
from inspector.panes.base import ObjectPane, Pane, describe_error
from inspector.panes.console import ConsolePane
from inspector.panes.events import EventsPane
from inspector.panes.liveview import LiveViewPane
from inspector.panes.methods import MethodsPane
from inspector.panes.models import ModelsPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.plots import PlotsPane
from inspector.panes.properties import PropertiesPane
from inspector.panes.quick import QuickPane
from inspector.panes.signals import SignalsPane
from inspector.panes.timers import TimersPane
from inspector.records import Records
from inspector.watcher import DiscoveryWatcher
from probe.exceptions import QtmcpError

#: The View menu's order (Alt+1…9 for the first nine): what the agent sees first.
VIEW_ORDER = ("accessibility", "liveView", "agentLog", "objects", "properties", "methods",
              "signals", "console", "plots", "quick", "models", "events", "timers")
#: Shortcuts that live in a pane (while it has the focus), for the shortcuts dialog.
PANE_SHORTCUTS = ("Ctrl+F  filter the focused pane",
                  "Ctrl+C  copy the selected object's id (object tree)",
                  "Ctrl+P  pause the agent log · Ctrl+L clear it · Ctrl+E export it")
#: Bump when the default dock arrangement changes, so old saved states are ignored.
LAYOUT_VERSION = 2
MAX_RECENT = 8


def default_size(screen: QScreen | None) -> QSize:
    """The first start's size: most of the screen, up to 1440x900 (a 1366x768 laptop
    gets about 1280x700, which holds the minimum size)."""
    if screen is None:
        return QSize(1280, 800)
    free = screen.availableGeometry()
    return QSize(min(1440, int(free.width() * 0.94)), min(900, int(free.height() * 0.94)))


class MainWindow(QMainWindow):
    """Docks around nothing: every view is a pane the user can rearrange."""

    def __init__(self, settings: QSettings | None = None, *,
                 watcher: DiscoveryWatcher | None = None,
                 connection: Connection | None = None) -> None:
        super().__init__()
        self.setObjectName("inspectorWindow")
        self.setWindowTitle("qtmcp inspector")
        self.settings = settings or QSettings("qtmcp", "inspector")
        self.watcher = watcher or DiscoveryWatcher(self)
        self.conn = connection or Connection(self.watcher, parent=self)
        self.dialog: ConnectDialog | None = None
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks
                            | QMainWindow.DockOption.AllowNestedDocks
                            | QMainWindow.DockOption.AllowTabbedDocks)

        self.objects = ObjectsPane(self.conn, self)
        self.properties = PropertiesPane(self.conn, self)
        self.methods = MethodsPane(self.conn, self)
        self.signals = SignalsPane(self.conn, self)
        self.console = ConsolePane(self.conn, self)
        self.agent_log = AgentLogPane(self.conn, self)
        self.panes: list[Pane] = [self.objects, self.properties, self.methods, self.signals,
                                  self.console, self.agent_log]
        self.plots = PlotsPane(self.conn, self)
        self.panes.append(self.plots)
        self.accessibility = AccessibilityPane(self.conn, self)
        self.live_view = LiveViewPane(self.conn, self)
        self.panes += [self.accessibility, self.live_view]
        self.quick = QuickPane(self.conn, self)
        self.panes.append(self.quick)
        self.models = ModelsPane(self.conn, self)
        self.events = EventsPane(self.conn, self)
        self.timers = TimersPane(self.conn, self)
        self.panes += [self.models, self.events, self.timers]
        self.docks: dict[str, QDockWidget] = {}
        for pane in self.panes:
            dock = QDockWidget(pane.TITLE, self)
            dock.setObjectName(pane.NAME + "Dock")
            dock.setWindowIcon(icon(pane.NAME))  # shown on its tab when docks share a place
            dock.setWidget(pane)
            self.docks[pane.NAME] = dock
        self._default_layout()
        self._needs_default = True  # until a saved layout is restored
        self.records = Records(self, self.conn, self.agent_log)
        self.objects.objectSelected.connect(self._object_selected)
        self._wire_agent_view()

        self._build_status_bar()
        self._build_menus()
        self.conn.stateChanged.connect(self._state_changed)
        self.conn.connected.connect(self._on_connected)
        self.conn.lost.connect(self._on_lost)
        self.conn.latencyChanged.connect(self._latency)
        self.conn.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self._set_panes_enabled(False)
        self._restore()

    # ------------------------------------------------------------ layout

    def _default_layout(self) -> None:
        """The default arrangement, from a clean slate: the first start and View › Reset
        layout build it the same way, so they look the same."""
        d = self.docks
        for dock in d.values():
            self.removeDockWidget(dock)
            dock.setFloating(False)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, d["objects"])
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, d["properties"])
        self.tabifyDockWidget(d["properties"], d["methods"])
        self.tabifyDockWidget(d["methods"], d["signals"])
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, d["agentLog"])
        self.splitDockWidget(d["agentLog"], d["console"], Qt.Orientation.Horizontal)
        self.splitDockWidget(d["objects"], d["liveView"], Qt.Orientation.Horizontal)
        self.tabifyDockWidget(d["objects"], d["accessibility"])
        self.tabifyDockWidget(d["accessibility"], d["quick"])
        self.tabifyDockWidget(d["console"], d["plots"])
        self.tabifyDockWidget(d["plots"], d["models"])
        self.tabifyDockWidget(d["models"], d["events"])
        self.tabifyDockWidget(d["events"], d["timers"])
        for dock in d.values():
            dock.show()
        d["accessibility"].raise_()  # what the agent sees comes first
        d["console"].raise_()
        d["properties"].raise_()

    def _size_docks(self) -> None:
        """Default proportions for the current window size; the live view, what users come
        for, gets the widest column. Run again once shown, when the real size is known."""
        d = self.docks
        w, h = max(self.width(), 800), max(self.height(), 600)
        self.resizeDocks([d["accessibility"], d["liveView"], d["properties"]],
                         [int(w * 0.31), int(w * 0.39), int(w * 0.30)],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([d["agentLog"], d["console"]], [int(w * 0.66), int(w * 0.34)],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([d["accessibility"], d["agentLog"]], [int(h * 0.55), int(h * 0.45)],
                         Qt.Orientation.Vertical)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self._needs_default:  # no saved layout: the first start is a Reset layout
            self._needs_default = False
            QTimer.singleShot(0, self.reset_layout)

    def reset_layout(self) -> None:
        """The default arrangement and proportions for the window's size (View › Reset
        layout; also the first start, once the window is shown and sized)."""
        self._default_layout()
        self._size_docks()
        QTimer.singleShot(0, self._size_docks)  # again once the docks are laid out

    def _restore(self) -> None:
        s = self.settings
        self.apply_theme(str(s.value("theme", "light")))
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(default_size(self.screen()))
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self._needs_default = not self.restoreState(state, LAYOUT_VERSION)

    def save_settings(self) -> None:
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState(LAYOUT_VERSION))
        s.setValue("theme", theme.current())
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
        self.conn.spawn(self.conn.disconnect(emit=False))
        super().closeEvent(event)

    # ------------------------------------------------------------ theme

    def apply_theme(self, name: str) -> None:
        applied = theme.apply(name)
        for action in getattr(self, "_theme_actions", {}).values():
            action.setChecked(action.data() == applied)
        for pane in self.panes:
            pane.theme_changed()
        for name, dock in getattr(self, "docks", {}).items():
            dock.setWindowIcon(icon(name))
        recolour(self)
        self.settings.setValue("theme", applied)

    def toggle_theme(self) -> None:
        self.apply_theme("dark" if theme.current() == "light" else "light")

    # ------------------------------------------------------------ menus

    def _action(self, text: str, slot: Any, shortcut: Any = None, tip: str = "",
                icon_name: str = "") -> QAction:
        return make_action(self, text, slot, shortcut, tip, icon_name)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.connect_action = self._action("&Connect…", self.show_connect_dialog,
                                           QKeySequence.StandardKey.Open,
                                           "Choose a running app or launch one", "connect")
        file_menu.addAction(self.connect_action)
        self.recent_menu = file_menu.addMenu("Recent connections")
        self._fill_recent()
        self.disconnect_action = self._action(
            "&Disconnect", lambda: self.conn.spawn(self.conn.disconnect()), "Ctrl+Shift+D",
            "Close the connection (the app keeps running)", "disconnect")
        file_menu.addAction(self.disconnect_action)
        file_menu.addSeparator()
        self.records.add_actions(file_menu)
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit))

        view = bar.addMenu("&View")
        for i, name in enumerate(VIEW_ORDER, start=1):
            toggle = self.docks[name].toggleViewAction()
            set_icon(toggle, name)
            if i <= 9:
                toggle.setShortcut(QKeySequence(f"Alt+{i}"))
            view.addAction(toggle)
        view.addSeparator()
        self.refresh_action = self._action(
            "&Refresh", self.refresh, QKeySequence.StandardKey.Refresh,
            "Reload the selected object and the tree", "refresh")
        view.addAction(self.refresh_action)
        self.reset_layout_action = self._action(
            "Reset &layout", self.reset_layout, "Ctrl+Shift+L",
            "Put every pane back where it was at the first start", "layout")
        view.addAction(self.reset_layout_action)
        theme_menu = view.addMenu("&Theme")
        group = QActionGroup(self)
        self._theme_actions: dict[str, QAction] = {}
        for name in theme.THEMES:
            action = QAction(name.capitalize(), self, checkable=True)
            action.setData(name)
            action.setChecked(name == theme.current())
            action.triggered.connect(lambda _c=False, n=name: self.apply_theme(n))
            group.addAction(action)
            theme_menu.addAction(action)
            self._theme_actions[name] = action
        theme_menu.addSeparator()
        theme_menu.addAction(self._action("Toggle theme", self.toggle_theme, "Ctrl+Shift+T"))

        self._build_toolbar()
        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self._action("&Keyboard shortcuts", self._show_shortcuts, "F1"))

    def _build_toolbar(self) -> None:
        """The main actions one click away: connect, refresh, record, save, layout."""
        tools = self.addToolBar("Main toolbar")
        tools.setObjectName("mainToolbar")
        tools.setMovable(False)
        tools.setIconSize(QSize(18, 18))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for group in ((self.connect_action, self.disconnect_action), (self.refresh_action,),
                      (self.records.record_action, self.records.save_action),
                      (self.reset_layout_action,)):
            for action in group:
                tools.addAction(action)
            tools.addSeparator()

    def shortcuts(self) -> list[str]:
        """One line per keyboard shortcut, read from the actions themselves (so this list
        cannot drift from the menus), then those panes hold."""
        lines = []
        for action in [*self.actions(), *(self.docks[n].toggleViewAction()
                                          for n in VIEW_ORDER)]:
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys:
                lines.append(f"{keys}  {action.text().replace('&', '')}")
        return [*lines, *PANE_SHORTCUTS]

    def _show_shortcuts(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", "\n".join(self.shortcuts()))

    def refresh(self) -> None:
        for pane in self.panes:
            if isinstance(pane, ObjectPane) or pane is self.objects:
                pane.refresh()

    # ------------------------------------------------------------ status bar

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        self.state_label = QLabel("not connected", self)
        self.state_label.setObjectName("statusState")
        self.app_label = QLabel(self)
        self.app_label.setObjectName("statusApp")
        self.latency_label = QLabel(self)
        self.latency_label.setObjectName("statusLatency")
        self.latency_label.setToolTip("Round trip of qt.ping through the app's event loop")
        for label in (self.state_label, self.app_label, self.latency_label):
            label.setContentsMargins(6, 0, 6, 0)
            bar.addPermanentWidget(label)

    def _state_changed(self, state: str) -> None:
        colour = {CONNECTED: "ok", LOST: "error", CONNECTING: "warning"}.get(state, "muted")
        self.state_label.setText({CONNECTED: "● connected", LOST: "● disconnected — waiting "
                                  "for the app", CONNECTING: "● connecting…"}.get(
                                      state, "○ not connected"))
        self.state_label.setStyleSheet(f"color: {theme.accent(colour).name()};")

    def _latency(self, ms: float, busy: bool) -> None:
        self.latency_label.setText(f"busy ({ms:.0f} ms)" if busy else f"ping {ms:.1f} ms")

    def _on_connected(self) -> None:
        info = self.conn.app_info
        self.app_label.setText(f"{info.get('app') or '?'} · pid {info.get('pid')} · "
                               f"Qt {info.get('qt')}")
        self.setWindowTitle(f"{info.get('app') or 'app'} (pid {info.get('pid')}) — "
                            "qtmcp inspector")
        self._set_panes_enabled(True)
        if self.conn.target is not None:
            self._remember(self.conn.target.url)
        for pane in self.panes:
            pane.on_connected()
            pane.refresh_hints()

    def _on_lost(self, reason: str) -> None:
        self._set_panes_enabled(False)
        self.latency_label.setText("")
        for pane in self.panes:
            pane.on_lost()
            pane.refresh_hints()

    def _set_panes_enabled(self, enabled: bool) -> None:
        for pane in self.panes:
            pane.setEnabled(enabled)

    @Slot(str, str)
    def _object_selected(self, object_id: str, label: str) -> None:
        for pane in (self.properties, self.methods, self.signals):
            pane.set_object(object_id or None, label)
        self.accessibility.select_object(object_id or None)
        self.quick.select_object(object_id or None)
        self.live_view.set_object(object_id or None)
        self.agent_log.publish_selection(object_id or None)  # the agent's get_user_selection

    def _wire_agent_view(self) -> None:
        """Accessibility tree, live view, object tree and agent log select together."""
        self.accessibility.objectSelected.connect(self.select_object_id)
        self.quick.objectSelected.connect(self.select_object_id)
        self.live_view.objectPicked.connect(self.select_object_id)
        self.conn.on("probe.highlight", lambda p: self.select_object_id(str(p.get("id") or "")))

        def locate(mark: Mark) -> tuple[int, int, int, int] | None:
            a11y = self.accessibility
            node = None
            if mark.ref and a11y.shows_refs_of(mark.client_id):
                node = a11y.model.by_ref.get(mark.ref)
            if node is None and mark.role is not None:
                node = a11y.model.find(mark.role, mark.name)
            return node.bounds if node is not None else None

        self.live_view.locate = locate
        self.accessibility.agentTargetChanged.connect(self.live_view.set_agent_target)

        def row_selected(*_args: Any) -> None:
            row = self.agent_log.selected_row()
            if row is not None:
                self.live_view.show_record(row.record)

        self.agent_log.view.selectionModel().selectionChanged.connect(row_selected)

    def select_object_id(self, object_id: str, _label: str = "") -> None:
        """Select ``#N`` in the object tree, loading the whole tree first if needed."""
        if not object_id or self.objects.select(object_id):
            return

        async def load_then_select() -> None:
            await self.objects.load_all()
            self.objects.select(object_id)

        self.conn.spawn(load_then_select())

    # ------------------------------------------------------------ connecting

    def recent(self) -> list[str]:
        try:
            value = json.loads(str(self.settings.value("recent", "[]")))
        except ValueError:
            return []
        return [str(v) for v in value][:MAX_RECENT] if isinstance(value, list) else []

    def _remember(self, url: str) -> None:
        items = [url, *(u for u in self.recent() if u != url)][:MAX_RECENT]
        self.settings.setValue("recent", json.dumps(items))
        self._fill_recent()

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for url in self.recent():
            action = self.recent_menu.addAction(url)
            action.triggered.connect(lambda _c=False, u=url: self.connect_to(url=u))
        self.recent_menu.setEnabled(bool(self.recent()))

    def show_connect_dialog(self) -> ConnectDialog:
        """Open the (non-modal-blocking) connect dialog; connects when it is accepted."""
        if self.dialog is not None:
            self.dialog.raise_()
            return self.dialog
        dialog = ConnectDialog(self.watcher, self.recent(), self)
        self.dialog = dialog

        def done(result: int) -> None:
            self.dialog = None
            if result and dialog.choice is not None:
                self.connect_choice(dialog.choice)
            dialog.deleteLater()

        dialog.finished.connect(done)
        dialog.open()
        return dialog

    def connect_choice(self, choice: Choice) -> None:
        self.connect_to(url=choice.url, token=choice.token, pid=choice.pid)

    def connect_to(self, url: str | None = None, token: str | None = None,
                   pid: int | None = None, app: str | None = None) -> None:
        """Start connecting (async); failures are shown, not raised."""
        async def go() -> None:
            try:
                await self.conn.connect_to(url, token, pid=pid, app=app)
            except QtmcpError as exc:
                self.statusBar().showMessage(f"could not connect: {describe_error(exc)}", 10000)
                self._state_changed(self.conn.state)
                self.state_label.setToolTip(describe_error(exc))

        self.conn.spawn(go())

