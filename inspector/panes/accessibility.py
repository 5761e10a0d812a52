"""Accessibility pane: the page exactly as an agent sees it, refs and all, kept live.

Refs are per session, so the pane reads through the agent's eyes (the link's
:meth:`~inspector.link.client.ProbeClient.agent_view`): the tree as it is now, each
element with the ref *that agent* holds for it, and, as text, the agent's last page read
verbatim with its character count. By default it follows the agent that read the page
last; the picker chooses any client, or this inspector's own view (its own read, its own
refs). It reads again by itself after each call of the followed agent that reads refs or
changes the app (a burst of calls gives one read), and marks the element that agent's
last call named, here and on the live view. Choosing a node chooses its widget
everywhere; an object chosen elsewhere is selected here.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QModelIndex, QTimer
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QPlainTextEdit,
    QSpinBox,
    QStackedWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient, Unavailable
from inspector.link.page import AgentView, LastRead
from inspector.link.traffic import Call, is_inspector
from inspector.models.accessibility import A11yNode
from inspector.models.broker import Broker
from inspector.style.icons import icon
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError
from probe.wire.probe_session import Client, SessionEvent

#: Follow modes of the picker besides a session id.
LATEST, OWN = "latest", "own"
#: A read waits this long for the followed agent's burst of calls to end…
QUIET_MS = 150
#: …but never longer than this after the first call it waits for.
MAX_WAIT_S = 1.0
NOT_CONNECTED = ("Not connected. File › Connect… (Ctrl+O) picks a running app; "
                 "its accessibility tree shows here, as the agent reads it.")
NO_AGENT = ("No agent has read the page yet: the tree shows the page without refs. When an "
            "agent reads the page (the read_page tool), its refs appear here and follow "
            "what it does.")


@register_pane("accessibility", "Accessibility", order=1, kind="tool", details=True,
               tip="The page as the agent reads it: roles, names and its refs")
class AccessibilityPane(Pane):
    """The agent's page as a tree (json) or as the text it got."""

    depth: QSpinBox  # the depth box (hides QPaintDevice.depth, which nothing calls here)

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.model = broker.page
        self.text = ""
        self.view_read: AgentView | None = None
        #: the session the tree shows (its refs), None before any agent read the page
        self.following: Client | None = None
        self.last_read: LastRead | None = None
        self.last_target: tuple[str, str] | None = None  # (ref, method)
        self.reads = 0
        #: why the probe cannot show an agent's view (an older probe, or our role), if so
        self.no_agent_view = ""
        self._loads = 0  # reads started (a later one makes an earlier answer stale)
        self._syncing = False
        self._sessions: dict[int, Client] = {}
        #: when each client that left went (epoch seconds), by session id
        self._left: dict[int, float] = {}
        self._first_wait = 0.0

        self.follow_box = QComboBox(self)
        self.follow_box.setObjectName("a11yFollow")
        self.follow_box.setToolTip("Whose eyes to read the page with: refs are per client. "
                                   "Latest agent follows whichever agent read the page last.")
        self.follow_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.follow_box.setMinimumContentsLength(11)
        self.follow_box.addItem(icon("follow"), "Latest agent", LATEST)
        self.follow_box.addItem(icon("accessibility"), "This inspector", OWN)
        self.follow_box.currentIndexChanged.connect(lambda _i: self._follow_changed())
        self.filter_box = QComboBox(self)
        self.filter_box.setObjectName("a11yFilter")
        self.filter_box.addItems(["all", "interactive"])
        self.filter_box.setToolTip("The read's filter: every element, or only those an "
                                   "agent acts on (and the groups around them)")
        self.filter_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.filter_box.currentTextChanged.connect(lambda _t: self.refresh())
        self.depth = QSpinBox(self)
        self.depth.setObjectName("a11yDepth")
        self.depth.setRange(1, 100)
        self.depth.setValue(15)
        self.depth.setPrefix("depth ")
        self.depth.setMaximumWidth(self.depth.fontMetrics().horizontalAdvance("depth 100") + 36)
        self.depth.editingFinished.connect(self.refresh)
        self.as_text = self.tool_button(
            "text", "Text", "The agent's last page read, exactly as it was sent, with its "
            "character count (the tree shows the page as it is now)",
            checkable=True, with_text=True)
        self.as_text.setObjectName("a11yAsText")
        self.as_text.toggled.connect(self._show_text)
        reload_button = self.tool_button("refresh", "Reload", "read the page again now (it "
                                         "also reads by itself after each call of the "
                                         "agent it follows)")
        reload_button.setObjectName("a11yReload")
        reload_button.clicked.connect(self.refresh)
        # what matters most first: what does not fit goes behind » from the end
        bar = self.toolbar(self.follow_box, self.as_text, reload_button, self.filter_box,
                           self.depth)
        self.summary = ElidedLabel("", self)  # a long summary must not widen the dock
        self.summary.setObjectName("a11ySummary")

        self.view = QTreeView(self)
        self.view.setObjectName("a11yTree")
        self.view.setModel(self.model)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setIndentation(14)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.view.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        for col, width in enumerate((150, 150, 60, 90, 90, 110)):
            self.view.setColumnWidth(col, width)
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        self.text_view = QPlainTextEdit(self)
        self.text_view.setObjectName("a11yText")
        self.text_view.setReadOnly(True)
        self.text_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.hint = self.add_hint(self.view, self._hint)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.text_view)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.status)

        self._read_timer = QTimer(self)
        self._read_timer.setSingleShot(True)
        self._read_timer.setInterval(QUIET_MS)
        self._read_timer.timeout.connect(self.refresh)
        probe.on_traffic(self._on_traffic)
        probe.on_session(self._on_session)
        broker.objectChosen.connect(lambda object_id, _label: self.select_object(object_id))
        broker.pointPicked.connect(self._picked)

    # ------------------------------------------------------------ whom to follow

    def mode(self) -> str | int:
        """LATEST, OWN or the session id the picker chose."""
        data = self.follow_box.currentData()
        return data if data in (LATEST, OWN) else int(data)

    def follow(self, mode: str | int) -> None:
        """Pick whom to follow (LATEST, OWN or a session id listed in the picker)."""
        index = self.follow_box.findData(mode)
        if index >= 0:
            self.follow_box.setCurrentIndex(index)

    def _follow_changed(self) -> None:
        self.last_target = None
        self.broker.name_agent_target(None, "")
        self.refresh()

    def _on_session(self, event: SessionEvent) -> None:
        sid = event["id"]
        if sid == self.probe.session_id:
            return
        if event["event"] == "disconnected":
            self._sessions.pop(sid, None)
            self._left[sid] = time.time()
            if self.departed() is not None:  # the agent whose view the tree shows
                self.summary.setText(self._summary())
                self.show_info(self._departed_note())
        elif event["role"] != "inspector":
            self._sessions[sid] = {"id": sid, "name": event["name"], "role": event["role"]}
        self._fill_picker()

    def theme_changed(self) -> None:
        self._fill_picker()
        super().theme_changed()

    def _fill_picker(self) -> None:
        current = self.follow_box.currentData()
        self.follow_box.blockSignals(True)
        self.follow_box.setItemIcon(0, icon("follow"))
        self.follow_box.setItemIcon(self.follow_box.count() - 1, icon("accessibility"))
        while self.follow_box.count() > 2:
            self.follow_box.removeItem(1)
        for sid, s in sorted(self._sessions.items()):
            self.follow_box.insertItem(self.follow_box.count() - 1, icon("agentLog"),
                                       f"{s['name']} ({s['role']}, #{sid})", sid)
        index = self.follow_box.findData(current)
        self.follow_box.setCurrentIndex(index if index >= 0 else 0)
        self.follow_box.blockSignals(False)
        if index < 0:  # the client we followed left: back to the latest agent
            self._follow_changed()

    async def _load_sessions(self) -> None:
        try:
            sessions = await self.probe.sessions()
        except QtmcpError:
            return
        self._sessions = {s["id"]: {"id": s["id"], "name": s["name"], "role": s["role"]}
                          for s in sessions
                          if s["role"] != "inspector" and s["id"] != self.probe.session_id}
        self._fill_picker()

    # ------------------------------------------------------------ following live

    def _followed(self, call: Call) -> bool:
        mode = self.mode()
        if mode == OWN or is_inspector(call.client):
            return False
        return mode == LATEST or call.client["id"] == mode

    def _on_traffic(self, call: Call) -> None:
        """A call of the followed agent that reads refs or changes the app: read again
        once its burst is over, and mark what it named."""
        if not self._followed(call):
            return
        if call.names_target and self.last_target != (call.ref, call.method):
            # the same again changes nothing
            self.last_target = (call.ref or "", call.method)
            self._mark_target()
        if call.reads_refs or call.changes_app:
            self._schedule_read()

    def _schedule_read(self) -> None:
        now = time.monotonic()
        if not self._read_timer.isActive():
            self._first_wait = now
            self._read_timer.start()
        elif now - self._first_wait < MAX_WAIT_S:
            self._read_timer.start()  # restart: wait for the end of the burst

    def _mark_target(self) -> None:
        ref, method = self.last_target or ("", "")
        node = self.model.set_marked(ref if self._refs_are_agents() else "")
        if node is None:
            self.broker.name_agent_target(None, "")
            return
        self.view.scrollTo(self.model.index_of(node))
        who = self.following["name"] if self.following is not None else "agent"
        self.broker.name_agent_target(node.bounds, f"{who}: {method.split('.', 1)[-1]} "
                                                   f"{node.name or node.role}".strip())

    def _refs_are_agents(self) -> bool:
        return self.mode() != OWN and self.following is not None

    # ------------------------------------------------------------ loading

    def on_connected(self) -> None:
        self.no_agent_view = ""
        self.model.reset([])
        self._sessions.clear()
        self._left.clear()
        self.following = self.last_read = self.last_target = None
        self.run(self.probe.follow_sessions())
        self.run(self._load_sessions())
        self.refresh()

    def on_lost(self) -> None:
        self._read_timer.stop()

    def refresh(self) -> None:
        self._read_timer.stop()
        if self.probe.is_connected:
            self.run(self.load())
        self.hint.refresh()

    def _hint(self) -> str:
        if not self.probe.is_connected:
            return NOT_CONNECTED
        return "Reading the page…" if self.reads == 0 else "The app shows no window."

    async def load(self) -> None:
        """Read the page through the followed client's eyes (or the inspector's own); an
        answer that a newer read overtook (the picker changed meanwhile) is dropped."""
        mode = self.mode()
        self._loads += 1
        token = self._loads
        filter_, depth = self.filter_box.currentText(), self.depth.value()
        try:
            if mode == OWN:
                view = await self.probe.read_page(filter_, depth)
            else:
                view = await self.probe.agent_view(filter_, depth,
                                                   None if mode == LATEST else int(mode))
        except Unavailable as exc:
            # an older probe, or one that does not take us for an inspector: our own
            # eyes are all we have
            self.no_agent_view = exc.reason
            self.follow(OWN)
            return
        except QtmcpError as exc:
            self.show_error(exc)
            return
        if token != self._loads:
            return
        self._show(view)
        self.reads += 1

    def departed(self) -> Client | None:
        """The agent whose refs the tree shows, when it has left (its last view stays
        until another agent reads the page)."""
        following = self.following
        if following is None or following["role"] == "inspector" or \
                following["id"] not in self._left:
            return None
        return following

    def _keep_departed(self, view: AgentView) -> bool:
        """A read that finds no agent while the tree shows the view of one that left: its
        refs stay as it last held them (they change only when an agent reads again)."""
        return view.session is None and self.mode() == LATEST and \
            self.departed() is not None and self.view_read is not None

    def _show(self, view: AgentView) -> None:
        if self._keep_departed(view):
            self.summary.setText(self._summary())
            self.show_info(self._departed_note())
            return
        selected = self._selected_node()
        keep = selected.object_id if selected else None
        keep_ref = selected.ref if selected else ""
        scroll = self.view.verticalScrollBar().value()
        session = view.session
        fresh_eyes = (session["id"] if session else None) != \
            (self.following["id"] if self.following else None)
        self.view_read, self.following, self.last_read = view, session, view.last_read
        self.text = view.last_read.text if view.last_read is not None else ""
        self.model.reset(view.tree, session)
        self.view.expandAll()
        if self.reads == 0 or fresh_eyes:
            self._size_columns()
        elif self.model.count < 1000:  # values change as the agent types: keep them legible
            self._size_columns((3,))
        self.text_view.setPlainText(self.text or NO_AGENT)
        self._show_text(self.as_text.isChecked())
        self.summary.setText(self._summary())
        self.show_info("" if session is not None else NO_AGENT)
        if keep_ref and keep_ref in self.model.by_ref:
            self._select_quietly(self.model.by_ref[keep_ref])
        elif keep:
            self.select_object(keep)
        self.view.verticalScrollBar().setValue(scroll)
        if self.last_target is not None:
            self._mark_target()

    def _summary(self) -> str:
        """Whose view, read when and how, and how big the text the agent got was."""
        parts: list[str] = []
        if self.no_agent_view and self.mode() == OWN:
            parts.append(f"the probe cannot show an agent's refs ({self.no_agent_view}): "
                         "this inspector's own")
        gone = self.departed()
        if self.following is None:
            parts.append("no agent yet · page without refs")
        elif gone is not None:
            left = time.strftime("%H:%M:%S", time.localtime(self._left[gone["id"]]))
            parts.append(f"{gone['name']} (left {left})")
        else:
            parts.append(self.following["name"])
        read = self.last_read
        if read is not None and read.at:
            parts.append(f"read {time.strftime('%H:%M:%S', time.localtime(read.at))}")
            parts.append(f"{read.filter}, depth {read.depth}")
            parts.append(f"text {len(self.text):,} chars")
        view = self.view_read
        parts.append(f"{view.nodes if view else 0} nodes, "
                     f"{view.interactive if view else 0} interactive")
        if view is not None and view.truncated:
            parts.append("truncated")
        if self.last_target is not None:
            parts.append(f"last: {self.last_target[1]} {self.last_target[0]}")
        return " · ".join(parts)

    def _departed_note(self) -> str:
        gone = self.departed()
        name = gone["name"] if gone is not None else "The agent"
        return (f"{name} has left: the tree is the page as it last read it, with the refs it "
                "held (they name nothing now). It changes when an agent reads the page.")

    def _size_columns(self, columns: tuple[int, ...] = (0, 1, 2, 3, 4, 5)) -> None:
        """Columns fit what they hold (capped), the last one takes the rest."""
        caps = {0: 200, 1: 170, 2: 70, 3: 160, 4: 140, 5: 130}
        for col in columns:
            self.view.resizeColumnToContents(col)
            self.view.setColumnWidth(col, min(caps[col], max(48, self.view.columnWidth(col))))

    def _show_text(self, on: bool) -> None:
        self.stack.setCurrentWidget(self.text_view if on else self.view)

    # ------------------------------------------------------------ selection

    def _selected_node(self) -> A11yNode | None:
        index = self.view.currentIndex()
        return self.model.node_of(index) if index.isValid() else None

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if self._syncing or not current.isValid():
            return
        self._choose(self.model.node_of(current))

    def _choose(self, node: A11yNode) -> None:
        """Choose ``node``'s object everywhere (an item's: its nearest ancestor's) and the
        element itself (outlined by its own bounds)."""
        owner = self.model.owner_id(node)
        if owner:
            self.broker.choose(owner, node.label())
        self.broker.choose_element(node.bounds, node.label(), owner)

    def _picked(self, x: int, y: int, widget_id: str, label: str) -> None:
        self.run(self.pick(x, y, widget_id, label))

    async def pick(self, x: int, y: int, widget_id: str = "", label: str = "") -> A11yNode | None:
        """The element at window point (x, y) in the page as it is now, with the refs of
        the client followed, chosen everywhere; without one the widget ``widget_id``."""
        if self.probe.is_connected:
            await self.load()
        node = self.model.at(x, y)
        if node is None:
            if widget_id:
                self.broker.choose(widget_id, label)
            return None
        self._select_quietly(node)
        self._choose(node)
        return node

    def _select_quietly(self, node: A11yNode) -> None:
        """Make ``node`` current without choosing it again."""
        self._syncing = True
        try:
            index = self.model.index_of(node)
            self.view.scrollTo(index)
            self.view.setCurrentIndex(index)
        finally:
            self._syncing = False

    def select_object(self, object_id: str | None) -> bool:
        """Make the node of ``object_id`` current without echoing it back; False if none.
        A current node that is an item of that object (a tab of its tab bar) stays."""
        current = self._selected_node()
        if current is not None and object_id and self.model.owner_id(current) == object_id:
            return True
        node = self.model.by_object.get(object_id or "")
        self._syncing = True
        try:
            if node is None:
                self.view.clearSelection()
                return False
            index = self.model.index_of(node)
            self.view.scrollTo(index)
            self.view.setCurrentIndex(index)
            return True
        finally:
            self._syncing = False

