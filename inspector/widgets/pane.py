"""What every pane is: its declaration (registry), its probe, a filter box, an error line.

A pane declares itself with :func:`register_pane` — its name, title, order and kind — and
the main window builds the window from what is registered, so a new pane needs no edit
there (as the probe's ``@method`` needs no edit in its server). There are three kinds,
as GammaRay and Chrome DevTools lay out thirty tools on a laptop screen:

``tool``
    one page of the tool list, shown one at a time; Alt+N raises the N-th. A tool that
    shows objects (``details=True``: the trees) has the chosen object's details beside it.
``details``
    a tab of the chosen object's details (properties, methods, …), beside whichever
    object tool is open.
``dock``
    always visible beside every tool (the live picture, the agent's requests), and
    undockable.

A pane is handed the typed :class:`~inspector.link.client.ProbeClient` and the
:class:`~inspector.models.broker.Broker` of what panes share (the chosen object, the
agent's page); it never sees the wire.

Panes react to what the main window tells them: the connection is up
(:meth:`Pane.on_connected`, load or reload), it is lost (:meth:`Pane.on_lost`, keep the
last content; the window greys the pane out). Object panes follow the chosen object
(:meth:`ObjectPane.set_object`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeVar

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolBar,
    QToolButton,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.style import theme
from inspector.style.actions import recolour, set_icon
from inspector.widgets.hints import EmptyHint
from inspector.widgets.source_link import SourceLink
from probe.exceptions import RemoteError

#: What a pane is in the window (see the module's docstring).
Kind = Literal["tool", "details", "dock"]
KINDS: tuple[Kind, ...] = ("tool", "details", "dock")
#: Where a dock stands: the picture on the right, the log along the bottom.
Side = Literal["right", "bottom"]

#: What every empty pane says first when there is no connection.
NOT_CONNECTED = "Not connected: File › Connect… (Ctrl+O) picks a running app."
#: What an object pane says before anything is chosen.
CHOOSE = ("Choose an object: in the Objects or Accessibility tree, or by clicking it in the "
          "Live view.")


def describe_error(exc: BaseException) -> str:
    """One line for the user: the probe's error name, message and hint."""
    if isinstance(exc, RemoteError):
        return f"{exc.name}: {exc.message}" + (f" — {exc.hint}" if exc.hint else "")
    return f"{type(exc).__name__}: {exc}"


@dataclass(frozen=True)
class PaneSpec:
    """A pane's declaration: everything the main window needs to place it."""

    #: object names (``<name>Pane``), icon file, saved layout key
    name: str
    title: str
    #: order in its kind: the tool list (Alt+1… in this order), the details' tabs
    order: int
    kind: Kind
    #: a tool that shows objects: the chosen object's details stand beside it
    details: bool = False
    #: a dock's side
    side: Side = "right"
    #: View › Refresh (F5) reloads it
    refresh: bool = False
    #: the tool list's tip for it (what the tool is for)
    tip: str = ""


#: Registered pane classes by name, in the order their modules were imported.
REGISTRY: dict[str, type[Pane]] = {}

P = TypeVar("P", bound="type[Pane]")


def register_pane(name: str, title: str, *, order: int, kind: Kind, details: bool = False,
                  side: Side = "right", refresh: bool = False,
                  tip: str = "") -> Callable[[P], P]:
    """Declare a class as a pane (see :class:`PaneSpec`); a name used twice, or two
    panes of one kind at one order, is a mistake caught at import."""
    spec = PaneSpec(name, title, order, kind, details, side, refresh, tip)

    def register(cls: P) -> P:
        for other in REGISTRY.values():
            if other is cls:
                continue
            if other.SPEC.name == name:
                raise ValueError(f"two panes named {name!r}: {other.__name__}, "
                                 f"{cls.__name__}")
            if (other.SPEC.kind, other.SPEC.order) == (kind, order):
                raise ValueError(f"{cls.__name__} and {other.__name__} are both {kind} "
                                 f"number {order}")
        cls.SPEC, cls.NAME, cls.TITLE = spec, name, title
        REGISTRY[name] = cls
        return cls

    return register


def registered(kind: Kind | None = None) -> list[type[Pane]]:
    """The declared pane classes (of ``kind``), by kind then order."""
    return sorted((cls for cls in REGISTRY.values() if kind in (None, cls.SPEC.kind)),
                  key=lambda cls: (KINDS.index(cls.SPEC.kind), cls.SPEC.order, cls.SPEC.name))


class Pane(QWidget):
    """Base of the panes."""

    SPEC: ClassVar[PaneSpec] = PaneSpec("pane", "Pane", 0, "tool")
    TITLE: ClassVar[str] = "Pane"
    NAME: ClassVar[str] = "pane"

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.probe = probe
        self.broker = broker
        self.setObjectName(self.NAME + "Pane")
        self.status = QLabel(self)
        self.status.setObjectName(self.NAME + "Status")
        self.status.setWordWrap(True)
        self.status.hide()
        self.hints: list[EmptyHint] = []

    # -- hooks

    def on_connected(self) -> None:
        """The probe is (again) reachable: load what the pane shows."""

    def on_lost(self) -> None:
        """The probe went away: keep the last content."""

    def refresh(self) -> None:
        """Reload on demand (F5)."""

    def theme_changed(self) -> None:
        """The theme switched: repaint what does not follow the palette by itself."""
        for hint in self.hints:
            hint.theme_changed()
        recolour(self)
        self.update()

    def add_hint(self, view: QAbstractItemView, text: Callable[[], str]) -> EmptyHint:
        """Say over ``view``, while it is empty, what would fill it and how (``text()``
        for the pane's state); refreshed when rows come and go and when the connection
        comes or goes."""
        hint = EmptyHint(view, text)
        self.hints.append(hint)
        return hint

    def connected_or(self, text: str) -> str:
        """``text`` when connected, else what to do to connect."""
        return text if self.probe.is_connected else f"{NOT_CONNECTED} {text}"

    def refresh_hints(self) -> None:
        for hint in self.hints:
            hint.refresh()

    # -- helpers

    def run(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        return self.probe.spawn(coro)

    def add_shortcut(self, keys: str | QKeySequence.StandardKey, what: str, slot: Any,
                     on: QWidget | None = None) -> QShortcut:
        """Keys that work while the pane (or ``on``, one of its widgets) has the focus;
        Help › Keyboard shortcuts lists them as ``what``."""
        shortcut = QShortcut(QKeySequence(keys), on or self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut if on is None
                            else Qt.ShortcutContext.WidgetShortcut)
        shortcut.setWhatsThis(what)
        shortcut.activated.connect(slot)
        return shortcut

    def make_filter(self, placeholder: str = "Filter (Ctrl+F)") -> QLineEdit:
        """A filter line edit that Ctrl+F focuses while the pane has focus."""
        edit = QLineEdit(self)
        edit.setObjectName(self.NAME + "Filter")
        edit.setPlaceholderText(placeholder)
        edit.setClearButtonEnabled(True)
        self.add_shortcut(QKeySequence.StandardKey.Find, "filter the focused pane",
                          lambda: (edit.setFocus(), edit.selectAll()))
        return edit

    def filter_bar(self, edit: QLineEdit, reload_tip: str) -> QHBoxLayout:
        """The filter box with a Reload button (calls ``refresh``) beside it."""
        reload_button = self.tool_button("refresh", "Reload", reload_tip)
        reload_button.clicked.connect(self.refresh)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(edit, 1)
        bar.addWidget(reload_button)
        return bar

    def tool_button(self, icon_name: str, text: str, tip: str, *, checkable: bool = False,
                    with_text: bool = False) -> QToolButton:
        """A small tool button with an icon (and ``text`` beside it when ``with_text``;
        else the text is its tool tip's title and its accessible name)."""
        button = QToolButton(self)
        set_icon(button, icon_name)
        button.setText(text)
        button.setToolTip(f"{text}: {tip}" if not with_text else tip)
        button.setAutoRaise(True)
        button.setCheckable(checkable)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon if with_text
                                  else Qt.ToolButtonStyle.ToolButtonIconOnly)
        return button

    def toolbar(self, *widgets: QWidget) -> QToolBar:
        """A row of controls that never widens the pane: what does not fit goes behind
        the » button at its end."""
        bar = QToolBar(self)
        bar.setObjectName(self.NAME + "Toolbar")
        bar.setIconSize(QSize(16, 16))
        bar.setMovable(False)
        bar.setFloatable(False)
        layout = bar.layout()
        if layout is not None:  # a QToolBar always has one
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(3)
        for w in widgets:
            bar.addWidget(w)
        return bar

    def source_link(self) -> SourceLink:
        """A "made at" link whose outcome the pane's status line tells: an editor that
        could not start, or a file refused, would otherwise go unsaid."""
        link = SourceLink(self)
        link.opened.connect(self._source_opened)
        return link

    def _source_opened(self, result: object) -> None:
        if isinstance(result, str):
            self.show_error(f"Source: {result}")
        elif isinstance(result, list) and result:
            self.show_info(f"Opened in {result[0]}" if result[0] != "(desktop)"
                           else "Opened with the desktop's default application")

    def show_error(self, exc: BaseException | str) -> None:
        text = exc if isinstance(exc, str) else describe_error(exc)
        self.status.setText(text)
        self.status.setStyleSheet(f"color: {theme.accent('error').name()};")
        self.status.setToolTip(text)
        self.status.show()

    def show_info(self, text: str) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("")
        self.status.setToolTip(text)
        self.status.setVisible(bool(text))


class ObjectPane(Pane):
    """A pane that shows one object (properties, methods, signals)."""

    def object_hint(self, what: str) -> str:
        """The empty view's text: choose an object (``what`` it would show), loading, or
        a filter that hides everything."""
        if self.object_id is None:
            return self.connected_or(f"{CHOOSE} {what}")
        box = getattr(self, "filter", None)  # the panes with a filter box have one
        if box is not None and box.text():
            return f"Nothing matches “{box.text()}”."
        return "Loading…"

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.object_id: str | None = None
        self.object_label = ""
        self._load_task: asyncio.Task[Any] | None = None
        broker.objectChosen.connect(self.set_object)

    def set_object(self, object_id: str | None, label: str = "") -> None:
        """Show ``object_id`` (``#N``); a newer selection cancels an older load."""
        object_id = object_id or None
        self.object_id, self.object_label = object_id, label or (object_id or "")
        self.refresh_hints()
        if self._load_task is not None and not self._load_task.done():
            self._load_task.cancel()
        self.show_info("")
        if object_id is None:
            self.clear()
            return
        if self.probe.is_connected:
            self._load_task = self.run(self._load_guarded(object_id))

    async def _load_guarded(self, object_id: str) -> None:
        try:
            await self.load(object_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - shown to the user, the pane stays usable
            if object_id == self.object_id:
                self.show_error(exc)

    def on_connected(self) -> None:
        # ids are per session: the old id means nothing to the new connection
        self.set_object(None)

    def refresh(self) -> None:
        self.set_object(self.object_id, self.object_label)

    def clear(self) -> None:
        """Forget the shown object."""

    async def load(self, object_id: str) -> None:
        """Fetch and show the object."""
