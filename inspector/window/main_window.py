"""The inspector's main window: the tool list and the open tool, the docks beside them,
menus, status bar, saved layout and theme.

The window knows no pane by name: it places every pane :mod:`inspector.panes` registers
by its declared kind (:mod:`inspector.widgets.pane`): tools in the tool list (Alt+N opens
the N-th), the chosen object's details beside the object tools, the live view and the
agent log docked around them, always visible and undockable. It hands each the typed
client and the broker of what panes share (the chosen object, the agent's page).
``QSettings`` keeps the open tool, the docks, the window geometry, recent connections and
the theme (an older dock-per-pane layout is carried over: :mod:`inspector.window.migrate`).
The window owns the connection and tells panes when it comes and goes (a lost connection
greys the panes out and keeps their last content).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, TypeVar

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox

from inspector import __version__
from inspector.link.client import ProbeClient
from inspector.link.connection import Connection
from inspector.link.discovery_watcher import DiscoveryWatcher
from inspector.models.broker import Broker
from inspector.panes import pane_classes
from inspector.sessions.desk import SessionDesk
from inspector.style import theme
from inspector.style.actions import make_action, recolour
from inspector.style.icons import icon
from inspector.widgets.pane import Pane, describe_error
from inspector.window import dock_layout, migrate
from inspector.window import settings as settings_location
from inspector.window.connect_dialog import Choice, ConnectDialog
from inspector.window.status_bar import ConnectionStatus
from inspector.window.tools import ToolBox, tool_key
from probe.exceptions import QtmcpError

#: Bump when the docks' default arrangement changes, so old saved states are ignored.
LAYOUT_VERSION = 3
#: Where the docks' arrangement is kept (version 2's ``window/state`` is migrated).
LAYOUT_KEY = "window/layout"
MAX_RECENT = 8

P = TypeVar("P", bound=Pane)


class MainWindow(QMainWindow):
    """The tool list and the open tool in the middle, the live view and the agent log
    docked around them."""

    def __init__(self, settings: QSettings | None = None, *,
                 watcher: DiscoveryWatcher | None = None,
                 connection: Connection | None = None) -> None:
        super().__init__()
        self.setObjectName("inspectorWindow")
        self.setWindowTitle("qtmcp inspector")
        self.settings = settings or settings_location.location()
        self.watcher = watcher or DiscoveryWatcher(self)
        self.conn = connection or Connection(self.watcher, parent=self)
        self.probe = ProbeClient(self.conn)
        self.broker = Broker(self.probe, self)
        self.dialog: ConnectDialog | None = None
        self.closing: asyncio.Task[None] | None = None
        #: False when the window's place was chosen for the user (``--place``): closing
        #: then keeps the geometry they saved.
        self.keep_geometry = True
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks
                            | QMainWindow.DockOption.AllowNestedDocks
                            | QMainWindow.DockOption.AllowTabbedDocks)

        self.panes: list[Pane] = [cls(self.probe, self.broker, self)
                                  for cls in pane_classes()]
        self.tools = ToolBox([p for p in self.panes if p.SPEC.kind == "tool"],
                             [p for p in self.panes if p.SPEC.kind == "details"], self)
        self.setCentralWidget(self.tools)
        #: the docks, by pane name: the panes visible beside every tool
        self.docks: dict[str, QDockWidget] = {}
        for pane in self.panes:
            if pane.SPEC.kind != "dock":
                continue
            dock = QDockWidget(pane.TITLE, self)
            dock.setObjectName(pane.NAME + "Dock")
            dock.setWindowIcon(icon(pane.NAME))
            # always there: moved or undocked, never closed
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
            dock.setWidget(pane)
            self.docks[pane.NAME] = dock
        dock_layout.arrange(self, list(self.docks.values()))
        self._needs_default = True  # until a saved layout is restored
        #: docks an older layout had floating, floated again after the first layout
        self._carried_floats: dict[str, Any] = {}
        self.sessions = SessionDesk(self, self.probe, self.panes)

        self.status = ConnectionStatus(self.statusBar())
        self._build_menus()
        self.tools.toolChanged.connect(self._tool_changed)
        self.conn.stateChanged.connect(self.status.state_changed)
        self.conn.connected.connect(self._on_connected)
        self.conn.lost.connect(self._on_lost)
        self.probe.on_ping(self.status.pinged)
        self.conn.message.connect(lambda text: self.statusBar().showMessage(text, 5000))
        self._set_panes_enabled(False)
        self._restore()

    def pane(self, cls: type[P]) -> P:
        """The window's pane of class ``cls``."""
        return next(p for p in self.panes if isinstance(p, cls))

    def show_tool(self, name: str) -> bool:
        """Open tool ``name``, or bring details tab ``name`` to the front (opening an
        object tool for it when none is open); False when there is no such pane."""
        if self.tools.show_tool(name):
            return True
        if not self.tools.show_details(name):
            return False
        pane = self.tools.current_pane()
        if pane is None or not pane.SPEC.details:
            first = next((p for p in self.tools.tools if p.SPEC.details), None)
            if first is not None:
                self.tools.show_tool(first.NAME)
        return True

    def _tool_changed(self, name: str) -> None:
        action = self._tool_actions.get(name)
        if action is not None:
            action.setChecked(True)

    # ------------------------------------------------------------ layout

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        for dock in self.docks.values():  # undocked ones went with the window
            if dock.isFloating() and dock.isHidden():
                dock.show()
        if self._needs_default:  # no saved layout: the first start is a Reset layout
            self._needs_default = False
            QTimer.singleShot(0, self._first_layout)

    def _first_layout(self) -> None:
        self.reset_layout()
        for name, rect in self._carried_floats.items():
            self.docks[name].setFloating(True)
            self.docks[name].setGeometry(rect)
        self._carried_floats.clear()

    def reset_layout(self) -> None:
        """The default arrangement and proportions for the window's size (View › Reset
        layout; also the first start, once the window is shown and sized)."""
        docks = list(self.docks.values())
        dock_layout.arrange(self, docks)
        dock_layout.proportion(self, docks)
        self.tools.reset_proportions()

        def again() -> None:  # once laid out
            dock_layout.proportion(self, docks)
            self.tools.reset_proportions()
        QTimer.singleShot(0, again)

    def _restore(self) -> None:
        s = self.settings
        self.apply_theme(str(s.value("theme", "light")))
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(dock_layout.default_size(self.screen()))
        state = s.value(LAYOUT_KEY)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self._needs_default = not self.restoreState(state, LAYOUT_VERSION)
        else:
            self._carry_over(migrate.read_old(s))
        for key, show in (("tools/current", self.tools.show_tool),
                          ("tools/details", self.tools.show_details)):
            name = s.value(key)
            if isinstance(name, str) and name:
                show(name)
        sizes = s.value("tools/sizes")
        if isinstance(sizes, str) and sizes:
            try:
                self.tools.set_tree_sizes([int(x) for x in sizes.split(",")])
            except ValueError:
                pass

    def _carry_over(self, old: migrate.Carried | None) -> None:
        """What an older layout chose: its front tree and details tab, and the docks that
        floated (where they floated)."""
        if old is None:
            return
        migrate.forget_old(self.settings)
        if old.tool:
            self.settings.setValue("tools/current", old.tool)
        if old.details:
            self.settings.setValue("tools/details", old.details)
        for name, rect in old.floating.items():
            dock = self.docks.get(name)
            if dock is not None:
                self._carried_floats[name] = rect

    def save_settings(self) -> None:
        s = self.settings
        if self.keep_geometry:
            s.setValue("window/geometry", self.saveGeometry())
        s.setValue(LAYOUT_KEY, self.saveState(LAYOUT_VERSION))
        s.setValue("tools/current", self.tools.current())
        s.setValue("tools/details", self.tools.current_details())
        s.setValue("tools/sizes", ",".join(str(x) for x in self.tools.tree_sizes()))
        s.setValue("theme", theme.current())
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
        for dock in self.docks.values():  # an undocked pane is part of this window: it goes
            if dock.isFloating():  # too (it would keep the app alive and cover others)
                dock.hide()
        #: The connection's close, which the start-up awaits before the process goes on:
        #: a socket left open in a living process holds the app's exit for its close
        #: timeout (``qtmcp demo`` stops the app right after the inspector).
        self.closing = self.conn.spawn(self.conn.close(emit=False))
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
        tools = getattr(self, "tools", None)
        if tools is not None:
            tools.theme_changed()
        recolour(self)
        self.status.state_changed(self.conn.state)
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
            "&Disconnect", lambda: self.conn.spawn(self.conn.close()), "Ctrl+Shift+D",
            "Close the connection (the app keeps running)", "disconnect")
        file_menu.addAction(self.disconnect_action)
        file_menu.addSeparator()
        self.sessions.add_actions(file_menu)
        file_menu.addSeparator()
        file_menu.addAction(self._action("&Quit", self.close, QKeySequence.StandardKey.Quit))

        view = bar.addMenu("&View")
        group = QActionGroup(self)
        #: one action per tool, Alt+N in the tool list's order (it raises, never hides)
        self._tool_actions: dict[str, QAction] = {}
        for number, pane in enumerate(self.tools.tools, start=1):
            action = make_action(self, pane.TITLE, lambda _c=False, n=pane.NAME:
                                 self.show_tool(n), tool_key(number) or None,
                                 pane.SPEC.tip, pane.NAME)
            action.setCheckable(True)
            action.setChecked(pane.NAME == self.tools.current())
            group.addAction(action)
            view.addAction(action)
            self._tool_actions[pane.NAME] = action
        view.addSeparator()
        for name, dock in self.docks.items():  # undock and dock again from the menu too
            floating = make_action(self, f"Undock {dock.windowTitle()}",
                                   lambda on, d=dock: d.setFloating(on), None,
                                   "In a window of its own (double-click its title bar "
                                   "to dock it again)", name)
            floating.setCheckable(True)
            dock.topLevelChanged.connect(floating.setChecked)
            view.addAction(floating)
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
        help_menu.addAction(self._action("&Tools", self._show_tools, None,
                                         "What each tool shows, and its key"))
        help_menu.addAction(self._action("&About the inspector", self._show_about))

    def _build_toolbar(self) -> None:
        """The main actions one click away: connect, refresh, record, save, layout."""
        tools = self.addToolBar("Main toolbar")
        tools.setObjectName("mainToolbar")
        tools.setMovable(False)
        tools.setIconSize(QSize(18, 18))
        tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for group in ((self.connect_action, self.disconnect_action), (self.refresh_action,),
                      (self.sessions.record_action, self.sessions.save_action),
                      (self.reset_layout_action,)):
            for action in group:
                tools.addAction(action)
            tools.addSeparator()

    def shortcuts(self) -> list[str]:
        """One line per keyboard shortcut, read from the actions and the panes' own keys
        themselves (so this list cannot drift from the menus or the panes)."""
        lines: list[str] = []
        for action in self.actions():
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            if keys:
                lines.append(f"{keys}  {action.text().replace('&', '')}")
        for pane in self.panes:
            for shortcut in pane.findChildren(QShortcut):
                keys = shortcut.key().toString(QKeySequence.SequenceFormat.NativeText)
                line = f"{keys}  {shortcut.whatsThis()}"
                if keys and shortcut.whatsThis() and line not in lines:
                    lines.append(line)
        return lines

    def _show_shortcuts(self) -> None:
        QMessageBox.information(self, "Keyboard shortcuts", "\n".join(self.shortcuts()))

    def tool_guide(self) -> list[str]:
        """One line per tool: its key, title and what it shows (from the declarations)."""
        details = ", ".join(p.TITLE for p in self.panes if p.SPEC.kind == "details")
        docks = ", ".join(d.windowTitle() for d in self.docks.values())
        return [f"{tool_key(n) or '—'}  {p.TITLE}: {p.SPEC.tip}"
                for n, p in enumerate(self.tools.tools, start=1)] + [
            f"Beside the object tools: {details}.",
            f"Always visible: {docks} (View › Undock gives one a window of its own)."]

    def _show_tools(self) -> None:
        QMessageBox.information(self, "Tools", "\n".join(self.tool_guide()))

    def _show_about(self) -> None:
        QMessageBox.about(self, "About the qtmcp inspector", (
            f"<b>qtmcp inspector</b> {__version__}<br>See and drive a running Qt app, and "
            "watch what an AI agent does to it: every call it makes, on a live picture "
            "of the app.<br><br>Connect with File › Connect… (Ctrl+O); Help › Tools lists "
            "the tools."))

    def refresh(self) -> None:
        """Reload the panes that declare it (the chosen object's and the tree)."""
        for pane in self.panes:
            if pane.SPEC.refresh:
                pane.refresh()

    # ------------------------------------------------------------ connection

    def _on_connected(self) -> None:
        app = self.probe.app
        if app is not None:
            self.status.connected(app)
            self.setWindowTitle(f"{app['app'] or 'app'} (pid {app['pid']}) — qtmcp inspector")
        self._set_panes_enabled(True)
        if self.conn.target is not None:
            self._remember(self.conn.target.url)
        for pane in self.panes:
            pane.on_connected()
            pane.refresh_hints()

    def _on_lost(self, _reason: str) -> None:
        self._set_panes_enabled(False)
        self.status.lost()
        for pane in self.panes:
            pane.on_lost()
            pane.refresh_hints()

    def _set_panes_enabled(self, enabled: bool) -> None:
        for pane in self.panes:
            pane.setEnabled(enabled)

    def select_object_id(self, object_id: str, label: str = "") -> None:
        """Choose ``#N`` everywhere (as an agent's highlight does)."""
        if object_id:
            self.broker.choose(object_id, label)

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
                self.status.state_changed(self.conn.state)
                self.status.state_label.setToolTip(describe_error(exc))

        self.conn.spawn(go())
