"""The elements of a walked window: what readPage, find and page text are made of.

A :class:`Node` comes from a widget or Qt Quick item (``owner``) and, for items that are
no widgets, a ``child(i)`` path below its interface (tabs, menu entries). Two kinds stand
for what has no QObject of its own: an :class:`ItemNode` is a row or cell of an item
view, held by a QPersistentModelIndex; a :class:`SpotNode` is a place inside a widget
that a user clicks (a QGraphicsItem of a scene), held by a :class:`Spot` that finds it
again without keeping a pointer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from PySide6.QtCore import QObject, QRect
from PySide6.QtWidgets import QWidget


@dataclass(slots=True, eq=False)
class Node:
    """One element of the flattened tree. ``owner`` + ``path`` locate it (see refs).

    ``full`` is the length of a value or text that was cut for the outline (0: not cut).
    ``unread`` says why the element could not be read whole (it raised: see
    :mod:`probe.core.faults`); it keeps what was read of it, and its role from its class.
    ``unshown``: its name is no text the window shows (a gap filler named by its
    objectName, class, QML id or type, or tool tip): page text leaves it out.
    """

    role: str
    name: str
    owner: QWidget
    path: tuple[int, ...] = ()
    obj: QObject | None = None
    value: str = ""
    states: list[str] = field(default_factory=list)
    bounds: tuple[int, int, int, int] = (0, 0, 0, 0)
    interactive: bool = False
    gap: bool = False
    label: str = ""
    children: list[Node] = field(default_factory=list)
    more: int = 0
    full: int = 0
    unread: str = ""
    unshown: bool = False

    def iter(self) -> Iterator[Node]:
        """This node and its descendants in document order."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass(slots=True, eq=False)
class ItemNode(Node):
    """A model item as a walked node; ``index`` is its persistent model index, ``level``
    its depth in a tree (1 = top level) and ``parent`` its parent row's name when that
    row is not shown above it."""

    index: Any = None
    level: int = 0
    parent: str = ""


class Spot(Protocol):
    """A clickable place with no QObject (a scene item): found again on every use."""

    @property
    def key(self) -> tuple[Any, ...]:
        """What makes two spots the same element (for ref numbering)."""
        ...

    def locate(self, owner: QWidget) -> tuple[QWidget, QRect] | None:
        """The widget that takes the mouse there and the spot's rect in it; None if gone."""


@dataclass(slots=True, eq=False)
class SpotNode(Node):
    """A walked spot: ``spot`` locates it inside ``owner``."""

    spot: Spot | None = None


def unread_note(count: int) -> str:
    """What a read says of the elements it could not read whole."""
    what = "1 element" if count == 1 else f"{count} elements"
    return (f"{what} could not be read whole (marked unread, with why: the app's code "
            "raised there, or a probe fault); the rest of the page is read. qt.problems "
            "lists each with its traceback.")
