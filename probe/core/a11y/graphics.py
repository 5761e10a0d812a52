"""Items of a QGraphicsScene that a user clicks or drags, as elements with refs.

A QGraphicsView shows items that have no QObject and no accessible interface; a board
game's pieces, a diagram's nodes. The items under the view's viewport that accept mouse
buttons with a handler of their own, or are movable or selectable, become gap fillers
(``generic "Red token" [ref_9] clickable``). A ref holds no pointer to the item (a scene
may delete it at any time): a :class:`SceneSpot` keeps its address and class and finds
it again among the scene's live items. GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QGraphicsItem, QGraphicsView, QWidget

from probe.core.a11y.nodes import SpotNode
from probe.core.objects.qtclass import app_type, python_class, qt_method
from probe.core.objects.text import clean_name

#: Scene items looked at per view, and shown.
SCAN = 2000
SHOWN = 60
_FLAG = QGraphicsItem.GraphicsItemFlag
_HANDLERS = ("mousePressEvent", "mouseReleaseEvent", "mouseDoubleClickEvent")


def _address(item: QGraphicsItem) -> int:
    try:
        return int(shiboken6.getCppPointer(item)[0])
    except (RuntimeError, TypeError):
        return 0


def _handles_mouse(item: QGraphicsItem) -> bool:
    """A Python class of the item handles the mouse itself."""
    return any(name in klass.__dict__ for klass in app_type(item).__mro__
               if python_class(klass) for name in _HANDLERS)


def clickable(item: QGraphicsItem) -> bool:
    """What a user can act on: movable or selectable, or handling mouse buttons itself."""
    flags = QGraphicsItem.flags(item)
    if flags & (_FLAG.ItemIsMovable | _FLAG.ItemIsSelectable):
        return True
    return bool(QGraphicsItem.acceptedMouseButtons(item)) and _handles_mouse(item)


def name_of(item: QGraphicsItem) -> str:
    """Tool tip, else its text (text items), else the text of a text item inside it (a
    diagram node's title: pyqtgraph's flowchart nodes and terminals), else its class (the
    app's, also in PyQt6)."""
    return _named(item)[0]


def _named(item: QGraphicsItem) -> tuple[str, bool]:
    """(name, shown): ``shown`` is False when the name is the class or the tool tip, a
    text the scene does not draw."""
    tip = clean_name(QGraphicsItem.toolTip(item))
    if tip:
        return tip, False
    text = _text(item)
    if not text:
        text = next(filter(None, (_text(c) for c in QGraphicsItem.childItems(item)
                                  if QGraphicsItem.isVisible(c))), "")
    return (text, True) if text else (app_type(item).__name__, False)


def _text(item: QGraphicsItem) -> str:
    """What a text item draws ("" for another item)."""
    plain = qt_method(type(item), "toPlainText") or qt_method(type(item), "text")
    if plain is None:
        return ""
    try:
        value = plain(item)
    except (TypeError, RuntimeError):
        return ""
    return clean_name(value) if isinstance(value, str) else ""


@dataclass(frozen=True, slots=True)
class SceneSpot:
    """A scene item found again by its address and class among the scene's live items."""

    address: int
    kind: str

    @property
    def key(self) -> tuple[Any, ...]:
        return ("scene", self.address, self.kind)

    def item(self, view: QGraphicsView) -> QGraphicsItem | None:
        scene = QGraphicsView.scene(view)
        if scene is None:
            return None
        for item in scene.items():
            if _address(item) == self.address and type(item).__name__ == self.kind:
                return item
        return None

    def locate(self, owner: QWidget) -> tuple[QWidget, QRect] | None:
        if not isinstance(owner, QGraphicsView):
            return None
        item = self.item(owner)
        if item is None or not QGraphicsItem.isVisible(item):
            return None
        poly = QGraphicsView.mapFromScene(owner, QGraphicsItem.sceneBoundingRect(item))
        return QAbstractScrollArea.viewport(owner), poly.boundingRect()


def spots(view: QGraphicsView, window: QWidget) -> list[SpotNode]:
    """The clickable items on screen, topmost first, in window coordinates."""
    scene = QGraphicsView.scene(view)
    if scene is None:
        return []
    viewport = QAbstractScrollArea.viewport(view)
    area = QWidget.rect(viewport)
    offset = QWidget.mapTo(viewport, window, QPoint(0, 0))
    out: list[SpotNode] = []
    for item in QGraphicsView.items(view, area)[:SCAN]:
        if len(out) >= SHOWN:
            break
        if not QGraphicsItem.isVisible(item) or not clickable(item):
            continue
        r = QGraphicsView.mapFromScene(view, QGraphicsItem.sceneBoundingRect(item)) \
            .boundingRect().intersected(area)
        states = ["disabled"] if not QGraphicsItem.isEnabled(item) else []
        if QGraphicsItem.isSelected(item):
            states.append("selected")
        name, shown = _named(item)
        out.append(SpotNode("generic", name, view, states=states, unshown=not shown,
                            bounds=(r.x() + offset.x(), r.y() + offset.y(), r.width(),
                                    r.height()),
                            interactive=True, gap=True,
                            spot=SceneSpot(_address(item), type(item).__name__)))
    out.sort(key=lambda n: (n.bounds[1], n.bounds[0]))  # reading order, as widgets
    return out
