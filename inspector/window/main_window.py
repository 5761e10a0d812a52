"""The inspector's main window: a dock per registered pane, menus, status bar, saved layout
and theme.

The window knows no pane by name: it docks every pane :mod:`inspector.panes` registers,
in the order, place and with the shortcut each declares, and hands each the typed client
and the broker of what panes share (the chosen object, the agent's page). Panes can sit
side by side, be moved, tabbed, hidden and restored; ``QSettings`` keeps the layout, the
window geometry, recent connections and the theme. The window owns the connection and
tells panes when it comes and goes (a lost connection greys the panes out and keeps
their last content).
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, TypeVar

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMessageBox

from inspector.link.client import ProbeClient
from inspector.link.connection import Connection
from inspector.link.discovery_watcher import DiscoveryWatcher
from inspector.models.broker import Broker
from inspector.panes import pane_classes
from inspector.sessions.desk import SessionDesk
from inspector.style import theme
from inspector.style.actions import make_action, recolour, set_icon
from inspector.style.icons import icon
from inspector.widgets.pane import Pane, describe_error
from inspector.window import dock_layout
from inspector.window import settings as settings_location
from inspector.window.connect_dialog import Choice, ConnectDialog
from inspector.window.status_bar import ConnectionStatus
from probe.exceptions import QtmcpError

#: Bump when the default dock arrangement changes, so old saved states are ignored.
LAYOUT_VERSION = 2
MAX_RECENT = 8

P = TypeVar("P", bound=Pane)


class MainWindow(QMainWindow):
    """Docks around nothing: every view is a pane the user can rearrange."""

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
        self.docks: dict[str, QDockWidget] = {}
        for pane in self.panes:
            dock = QDockWidget(pane.TITLE, self)
            dock.setObjectName(pane.NAME + "Dock")
            dock.setWindowIcon(icon(pane.NAME))  # shown on its tab when docks share a place
            dock.setWidget(pane)
            self.docks[pane.NAME] = dock
        dock_layout.arrange(self, list(self.docks.values()))
        self._needs_default = True  # until a saved layout is restored
        self.sessions = SessionDesk(self, self.probe, self.panes)

        self.status = ConnectionStatus(self.statusBar())
        self._build_menus()
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

    # ------------------------------------------------------------ layout

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self._needs_default:  # no saved layout: the first start is a Reset layout
            self._needs_default = False
            QTimer.singleShot(0, self.reset_layout)

    def reset_layout(self) -> None:
        """The default arrangement and proportions for the window's size (View › Reset
        layout; also the first start, once the window is shown and sized)."""
        docks = list(self.docks.values())
        dock_layout.arrange(self, docks)
        dock_layout.proportion(self, docks)
        QTimer.singleShot(0, lambda: dock_layout.proportion(self, docks))  # once laid out

    def _restore(self) -> None:
        s = self.settings
        self.apply_theme(str(s.value("theme", "light")))
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(dock_layout.default_size(self.screen()))
        state = s.value("window/state")
        if isinstance(state, QByteArray) and not state.isEmpty():
            self._needs_default = not self.restoreState(state, LAYOUT_VERSION)

    def save_settings(self) -> None:
        s = self.settings
        if self.keep_geometry:
            s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState(LAYOUT_VERSION))
        s.setValue("theme", theme.current())
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_settings()
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
        for pane in self.panes:  # in View-menu order, with the keys each pane declares
            toggle = self.docks[pane.NAME].toggleViewAction()
            set_icon(toggle, pane.NAME)
            if pane.SPEC.shortcut:
                toggle.setShortcut(QKeySequence(pane.SPEC.shortcut))
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
                      (self.sessions.record_action, self.sessions.save_action),
                      (self.reset_layout_action,)):
            for action in group:
                tools.addAction(action)
            tools.addSeparator()

    def shortcuts(self) -> list[str]:
        """One line per keyboard shortcut, read from the actions and the panes' own keys
        themselves (so this list cannot drift from the menus or the panes)."""
        lines: list[str] = []
        actions = [*self.actions(), *(d.toggleViewAction() for d in self.docks.values())]
        for action in actions:
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
