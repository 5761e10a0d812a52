"""Model items as elements: table cells, list rows and tree items reached through the model.

The walk shows only the rows a view has on screen (:mod:`~probe.core.a11y.viewrows`,
at most ``ROW_CAP`` of them); an agent looking for "Ada Chen" or "row 42, Name column"
needs the rest too. Here an item view's model is scanned directly (bounded), and an item is
addressed by its view plus a ``QPersistentModelIndex``: a weak handle that follows the
row through sorting and inserts and becomes invalid when the row is removed. Such an
element can be scrolled into view (``view.scrollTo``) and clicked at its visual rect.
GUI thread.
"""

from __future__ import annotations

import re
from typing import Any, cast

from PySide6.QtCore import (
    QAbstractProxyModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QRect,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QHeaderView,
    QTreeView,
    QWidget,
)

from probe.core import faults
from probe.core.a11y.nodes import ItemNode
from probe.core.a11y.viewrows import Rows, header_text, item_text, role_of_view
from probe.core.objects.modelshape import columns_of, rows_of
from probe.core.objects.text import clean_name

__all__ = ["ItemNode", "is_item_view", "item_details", "live_index", "node_for", "scan"]

#: Cells looked at per view by one chr.find (a bigger model is searched up to here).
MODEL_SCAN = 20_000
#: Score of an item named by position ("row 42, Name column"); above any text match.
POSITION_SCORE = 10.0
_ROW = re.compile(r"\brow\s*#?\s*(\d+)\b", re.IGNORECASE)
_DISPLAY = Qt.ItemDataRole.DisplayRole


def is_item_view(obj: Any) -> bool:
    return isinstance(obj, QAbstractItemView) and not isinstance(obj, QHeaderView)


def parent_path(idx: QModelIndex) -> list[list[int]]:
    out: list[list[int]] = []
    p = idx.parent()
    while p.isValid():
        out.append([p.row(), p.column()])
        p = p.parent()
    return list(reversed(out))


def source_index(idx: QModelIndex | QPersistentModelIndex) -> QModelIndex:
    """The index in the source-most model (through every proxy): the item's identity,
    which a proxy's sorting and filtering do not move."""
    cur = QModelIndex(idx) if isinstance(idx, QPersistentModelIndex) else idx  # pyright: ignore[reportArgumentType]  # PySide6's stub lacks QModelIndex(QPersistentModelIndex)
    model = cur.model()
    while isinstance(model, QAbstractProxyModel) and cur.isValid():
        cur = model.mapToSource(cur)  # virtual: a Python proxy maps its own way
        model = cur.model()
    return cur


def source_handle(idx: QModelIndex | QPersistentModelIndex) -> QPersistentModelIndex:
    """A persistent index into the source-most model: what an item's ref holds."""
    return QPersistentModelIndex(source_index(idx))


def _chain(model: Any) -> list[Any]:
    """The view's model and the models below it (a proxy's source, its source …)."""
    out = [model]
    while isinstance(out[-1], QAbstractProxyModel) and len(out) < 16:
        below = out[-1].sourceModel()
        if below is None:
            break
        out.append(below)
    return out


def live_index(view: QAbstractItemView, handle: QPersistentModelIndex) -> QModelIndex | None:
    """The view's index of the item a persistent handle names now (a handle into the
    view's model or one below its proxies), or None if its row is gone or the view's
    proxies filter it out (:func:`filtered_out` tells which)."""
    model = QAbstractItemView.model(view)
    if model is None or not handle.isValid():
        return None
    chain = _chain(model)
    level = next((i for i, m in enumerate(chain) if m is handle.model()), -1)
    if level < 0:
        return None
    owner = chain[level]
    cur = owner.index(handle.row(), handle.column(), handle.parent())
    for proxy in reversed(chain[:level]):
        cur = proxy.mapFromSource(cur)
        if not cur.isValid():
            return None
    return cur


def filtered_out(view: QAbstractItemView, handle: QPersistentModelIndex) -> bool:
    """Whether the item still lives in its model but the view's proxies hide it."""
    model = QAbstractItemView.model(view)
    return model is not None and handle.isValid() and \
        any(m is handle.model() for m in _chain(model)[1:])


# ------------------------------------------------------------------- geometry


def window_rect(view: QAbstractItemView, idx: QModelIndex) -> QRect:
    """The item's visual rect in its top-level window's coordinates (may be off screen)."""
    r = view.visualRect(idx)
    viewport = QAbstractScrollArea.viewport(view)
    top = QWidget.mapTo(viewport, QWidget.window(view), r.topLeft())
    return QRect(top, r.size())


def on_screen(view: QAbstractItemView, idx: QModelIndex) -> bool:
    r = view.visualRect(idx)
    return not r.isEmpty() and QWidget.rect(QAbstractScrollArea.viewport(view)).intersects(r)


def viewport_point(view: QAbstractItemView, idx: QModelIndex) -> QPoint:
    """Where to click the item: its visual rect's centre clipped to the viewport."""
    viewport = QAbstractScrollArea.viewport(view)
    return view.visualRect(idx).intersected(QWidget.rect(viewport)).center()


def scroll_to(view: QAbstractItemView, idx: QModelIndex) -> bool:
    """``view.scrollTo(idx)`` (expands a tree's parents); True if the view moved."""
    bars = (QAbstractScrollArea.horizontalScrollBar(view),
            QAbstractScrollArea.verticalScrollBar(view))
    before = tuple(b.value() for b in bars)
    view.scrollTo(idx, QAbstractItemView.ScrollHint.EnsureVisible)
    return before != tuple(b.value() for b in bars)


# ---------------------------------------------------------------------- nodes


def node_for(view: QAbstractItemView, idx: QModelIndex, window: QWidget,
             name: str | None = None) -> ItemNode:
    """The element of one model item as the whole read shows it (its states; a tree
    row's value and level), bounds in window coordinates, zero if off screen."""
    node = Rows(view, window).one(idx)
    if name is not None:
        node.name = name
    if not on_screen(view, idx):
        node.bounds = (0, 0, 0, 0)
    return node


def item_details(node: ItemNode, ids: Any) -> dict[str, Any]:
    """The ``item`` part of a find result: view, row, column, parent, on screen."""
    view = cast(QAbstractItemView, node.owner)  # an item's owner is its view
    idx = live_index(view, node.index)
    if idx is None:
        return {}
    header = header_text(view, idx.column())
    out: dict[str, Any] = {"view": ids.id_of(view), "row": idx.row(), "column": idx.column(),
                           "parent": parent_path(idx), "onScreen": on_screen(view, idx)}
    if header is not None:
        out["columnHeader"] = header
    return out


def _text(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else str(value)


# ---------------------------------------------------------------------- search


def _headers(view: QAbstractItemView) -> list[str]:
    model = QAbstractItemView.model(view)
    return [_text(model.headerData(c, Qt.Orientation.Horizontal, _DISPLAY)).lower()
            for c in range(columns_of(model))]


def by_position(view: QAbstractItemView, query: str, window: QWidget
                ) -> list[tuple[float, ItemNode]]:
    """Items a query names by position: "row 42" (as the row header counts, from 1),
    optionally with a column header ("row 42, Name column")."""
    m = _ROW.search(query)
    model = QAbstractItemView.model(view)
    if m is None or model is None:
        return []
    row = int(m.group(1)) - 1
    if not 0 <= row < rows_of(model):
        return []
    rest = set(re.findall(r"\w+", (query[:m.start()] + " " + query[m.end():]).lower()))
    headers = _headers(view)
    wanted = [c for c, h in enumerate(headers) if h and set(h.split()) <= rest]
    columns = wanted or list(range(columns_of(model)))
    out = []
    for c in columns:
        idx = model.index(row, c)
        if idx.isValid():
            best = c == columns[0]
            out.append((POSITION_SCORE if best else POSITION_SCORE - 1,
                        node_for(view, idx, window)))
    return out


def _match(view: QAbstractItemView, model: Any, r: int, c: int, parent: QModelIndex,
           match: Any, window: QWidget, probe_node: ItemNode
           ) -> tuple[float, str, ItemNode] | None:
    """The item at (r, c) under ``parent`` as a match (score, where, node), or None."""
    idx = model.index(r, c, parent)
    probe_node.name = clean_name(item_text(model, idx))
    if not probe_node.name:
        return None
    score, where = match(probe_node)
    return (score, where, node_for(view, idx, window, probe_node.name)) if score > 0 else None


def _parent_row(model: Any, r: int, parent: QModelIndex) -> QModelIndex | None:
    """Row ``r``'s first cell when it has rows below it (a tree's branch), else None."""
    first = model.index(r, 0, parent)
    return first if rows_of(model, first) > 0 else None


def scan(view: QAbstractItemView, match: Any, window: QWidget, limit: int = MODEL_SCAN
         ) -> tuple[list[tuple[float, str, ItemNode]], int]:
    """Score every item of the view's model (depth first, capped) with ``match(node)``;
    returns the matches (score, where, node) in model order and how many cells were read."""
    model = QAbstractItemView.model(view)
    if model is None:
        return [], 0
    role = role_of_view(view)
    found: list[tuple[float, str, ItemNode]] = []
    probe_node = ItemNode(role, "", view, interactive=True)
    seen = 0
    stack: list[QModelIndex] = [QModelIndex()]
    while stack and seen < limit:
        parent = stack.pop()
        rows, cols = rows_of(model, parent), columns_of(model, parent)
        children: list[QModelIndex] = []
        for r in range(rows):
            for c in range(cols):
                if seen >= limit:
                    break
                seen += 1
                hit = faults.value(_match, None, view, model, r, c, parent, match, window,
                                   probe_node, obj=view)
                if hit is not None:
                    found.append(hit)
            if isinstance(view, QTreeView):
                first = faults.value(_parent_row, None, model, r, parent, obj=view)
                if first is not None:
                    children.append(first)
        stack.extend(reversed(children))
    return found, seen
