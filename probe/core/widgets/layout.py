"""How a widget is laid out: its rectangle, sizes and size policy, its own layout's cells,
margins and spacing, and the layout cell it sits in — GammaRay's widget inspector's
layout overlay, as data. Rectangles are in the window's coordinates. GUI thread.

Cells are read without ``QLayout.itemAt`` (see :mod:`probe.core.objects.layoutitems`: it
leaves a wrapper per item behind): a widget's cell is its own geometry, a nested
layout's its ``QLayout.geometry``, and a spacer's (which has no object to ask) the
grid's ``cellRect`` or, in a box layout, the gap between its neighbours.
"""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtWidgets import QBoxLayout, QFormLayout, QGridLayout, QLayout, QSizePolicy, QWidget

from probe.core.objects import paths
from probe.core.objects.idtable import IdTable
from probe.core.objects.layoutitems import entries

#: Nested layouts deeper than this are named, not opened (a layout tree is rarely 4 deep).
MAX_DEPTH = 6


def rect(r: QRect) -> dict[str, int]:
    return {"x": r.x(), "y": r.y(), "width": r.width(), "height": r.height()}


def size(s: QSize) -> dict[str, int]:
    return {"width": s.width(), "height": s.height()}


def in_window(r: QRect, parent: QWidget, window: QWidget) -> QRect:
    """``r`` (in ``parent``'s coordinates) in ``window``'s."""
    return QRect(QWidget.mapTo(parent, window, r.topLeft()), r.size())


def widget_rect(w: QWidget, window: QWidget) -> QRect:
    return QRect(QWidget.mapTo(w, window, QPoint(0, 0)), QWidget.size(w))


def sizes(w: QWidget) -> dict[str, Any]:
    return {"sizeHint": size(w.sizeHint()),  # virtual: the app's override counts
            "minimumSizeHint": size(w.minimumSizeHint()),
            "minimumSize": size(QWidget.minimumSize(w)),
            "maximumSize": size(QWidget.maximumSize(w))}


def size_policy(w: QWidget) -> dict[str, Any]:
    p: QSizePolicy = QWidget.sizePolicy(w)
    return {"horizontal": p.horizontalPolicy().name, "vertical": p.verticalPolicy().name,
            "horizontalStretch": p.horizontalStretch(), "verticalStretch": p.verticalStretch(),
            "heightForWidth": p.hasHeightForWidth()}


def _spacing(lay: QLayout) -> tuple[int, int]:
    if isinstance(lay, QGridLayout):
        return QGridLayout.horizontalSpacing(lay), QGridLayout.verticalSpacing(lay)
    if isinstance(lay, QFormLayout):
        return QFormLayout.horizontalSpacing(lay), QFormLayout.verticalSpacing(lay)
    if isinstance(lay, QBoxLayout):
        s = QBoxLayout.spacing(lay)
        return s, s
    s = QLayout.spacing(lay)
    return s, s


def _gap(lay: QBoxLayout, before: QRect | None, after: QRect | None, contents: QRect
         ) -> QRect | None:
    """The room between two neighbours of a box layout (or a neighbour and the contents'
    edge): where a stretch or spacer sits."""
    d = QBoxLayout.direction(lay)
    horizontal = d in (QBoxLayout.Direction.LeftToRight, QBoxLayout.Direction.RightToLeft)
    if d in (QBoxLayout.Direction.RightToLeft, QBoxLayout.Direction.BottomToTop):
        before, after = after, before
    if horizontal:
        start = before.right() + 1 if before is not None else contents.left()
        end = after.left() if after is not None else contents.right() + 1
        r = QRect(start, contents.top(), end - start, contents.height())
    else:
        start = before.bottom() + 1 if before is not None else contents.top()
        end = after.top() if after is not None else contents.bottom() + 1
        r = QRect(contents.left(), start, contents.width(), end - start)
    return r if r.width() > 0 and r.height() > 0 else None


def describe_layout(lay: QLayout, window: QWidget, ids: IdTable, depth: int = 0
                    ) -> dict[str, Any]:
    """A layout's rectangle, margins, spacing and cells (nested layouts opened)."""
    owner = QLayout.parentWidget(lay)
    geometry = QLayout.geometry(lay)
    if owner is not None:
        geometry = in_window(geometry, owner, window)
    m = QLayout.contentsMargins(lay)
    contents = geometry.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
    hs, vs = _spacing(lay)
    out: dict[str, Any] = {
        "object": paths.describe(lay, ids), "geometry": rect(geometry),
        "contentsRect": rect(contents),
        "margins": {"left": m.left(), "top": m.top(), "right": m.right(),
                    "bottom": m.bottom()},
        "horizontalSpacing": hs, "verticalSpacing": vs}
    if isinstance(lay, QBoxLayout):
        out["direction"] = QBoxLayout.direction(lay).name
    if isinstance(lay, QGridLayout):
        out["rowCount"] = QGridLayout.rowCount(lay)
        out["columnCount"] = QGridLayout.columnCount(lay)
    if isinstance(lay, QFormLayout):
        out["rowCount"] = QFormLayout.rowCount(lay)
        out["columnCount"] = 2
    members = {i: (w, sub) for i, w, sub in entries(lay)}
    cells: list[dict[str, Any]] = []
    for i in range(lay.count()):  # virtual: a custom layout's own count
        w, sub = members.get(i, (None, None))
        cell: dict[str, Any] = {"index": i}
        if w is not None:
            cell.update(kind="widget", object=paths.describe(w, ids),
                        rect=rect(widget_rect(w, window)) if QWidget.isVisible(w) else None)
        elif sub is not None:
            cell.update(kind="layout", object=paths.describe(sub, ids))
            inner = describe_layout(sub, window, ids, depth + 1) if depth < MAX_DEPTH else None
            cell["rect"] = inner["geometry"] if inner else None
            if inner is not None:
                cell["layout"] = inner
        else:
            cell.update(kind="spacer", rect=None)
        _position(lay, i, cell, owner, window)
        cells.append(cell)
    if isinstance(lay, QBoxLayout):
        _spacer_gaps(lay, cells, contents)
    out["cells"] = cells
    return out


def _position(lay: QLayout, i: int, cell: dict[str, Any], owner: QWidget | None,
              window: QWidget) -> None:
    """Row, column and spans (grid), row and role (form), stretch (box); a grid spacer's
    rectangle from the cells it spans."""
    if isinstance(lay, QGridLayout):
        row, column, rows, columns = cast(tuple[int, int, int, int],
                                          QGridLayout.getItemPosition(lay, i))
        cell.update(row=row, column=column, rowSpan=rows, columnSpan=columns)
        if cell["rect"] is None and cell["kind"] == "spacer" and owner is not None:
            r = QGridLayout.cellRect(lay, row, column).united(
                QGridLayout.cellRect(lay, row + max(rows, 1) - 1, column + max(columns, 1) - 1))
            if r.isValid():
                cell["rect"] = rect(in_window(r, owner, window))
    elif isinstance(lay, QFormLayout):
        row, role = cast(tuple[int, QFormLayout.ItemRole], QFormLayout.getItemPosition(lay, i))
        cell.update(row=row, role=role.name.removesuffix("Role").lower())
    elif isinstance(lay, QBoxLayout):
        cell["stretch"] = QBoxLayout.stretch(lay, i)


def _spacer_gaps(lay: QBoxLayout, cells: list[dict[str, Any]], contents: QRect) -> None:
    """A box layout's spacers get the room between their neighbours."""
    def qrect(c: dict[str, Any] | None) -> QRect | None:
        r = c["rect"] if c is not None else None
        return QRect(r["x"], r["y"], r["width"], r["height"]) if r else None

    for n, cell in enumerate(cells):
        if cell["kind"] != "spacer":
            continue
        before = next((qrect(c) for c in reversed(cells[:n]) if c["rect"]), None)
        after = next((qrect(c) for c in cells[n + 1:] if c["rect"]), None)
        gap = _gap(lay, before, after, contents)
        cell["rect"] = rect(gap) if gap is not None else None


def container_of(w: QWidget) -> tuple[QLayout, int] | None:
    """The innermost layout that holds ``w`` and ``w``'s index in it (None: no layout
    places it, e.g. a window or a widget placed by hand)."""
    parent = QWidget.parentWidget(w)
    top = QWidget.layout(parent) if parent is not None else None
    stack = [top] if top is not None else []
    while stack:
        lay = stack.pop()
        i = QLayout.indexOf(lay, w)  # direct members only: one layout holds it
        if i >= 0:
            return lay, i
        stack += [sub for _, _, sub in entries(lay) if sub is not None]
    return None


def facts(w: QWidget, ids: IdTable) -> dict[str, Any]:
    """Everything but the tab order and the problems (see :mod:`taborder`)."""
    window = QWidget.window(w)
    own = QWidget.layout(w)
    held = container_of(w)
    return {
        "target": paths.describe(w, ids), "window": paths.describe(window, ids),
        "windowSize": size(QWidget.size(window)),
        "geometry": rect(widget_rect(w, window)), "sizes": sizes(w),
        "sizePolicy": size_policy(w),
        "layout": describe_layout(own, window, ids) if own is not None else None,
        "container": {"layout": describe_layout(held[0], window, ids), "index": held[1]}
        if held is not None else None,
    }
