"""qt.layout: how a widget is laid out — its rectangle, sizes and size policy, its layout's
cells, margins and spacing, the window's tab order and its layout problems (the
inspector's layout overlay, GammaRay's widget inspector's)."""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtWidgets import QWidget

from probe.api import _session
from probe.api._params import Target
from probe.api._problems import entry
from probe.api._widgets import widget_of
from probe.core.problems import LAYOUT_KINDS, report
from probe.core.widgets import layout, taborder
from probe.server.context import Context
from probe.server.registry import Tool, method
from probe.wire.qt_layout import LayoutFacts, LayoutProblem

QUICK_HINT = ("For a Quick item, qml.info gives x, y, width, height, its implicit size and "
              "its Layout.* attached values; qt.ui.geometry its rectangle in the window.")


def _problem(ctx: Context, p: Any, window: QWidget) -> LayoutProblem:
    out = cast(LayoutProblem, entry(ctx, p))
    if isinstance(p.obj, QWidget):
        out["rect"] = cast(Any, layout.rect(layout.widget_rect(p.obj, window)))
    return out


@method("qt.layout", tool=Tool("inspect_layout", "native"))
def layout_facts(ctx: Context, objectId: Target) -> LayoutFacts:
    """How a widget is laid out, in its window's coordinates: ``geometry``; ``sizes``
    (sizeHint, minimumSizeHint, minimumSize, maximumSize); ``sizePolicy``; its own
    ``layout`` (rectangle, ``contentsRect``, ``margins``, spacing and ``cells``: each
    widget, nested layout or spacer with its rectangle, and row/column/spans in a grid,
    row/role in a form, stretch in a box); ``container``, the layout cell the widget sits
    in; the window's ``tabOrder`` (the widgets Tab reaches, in order, with rectangles);
    and the window's layout ``problems`` (text cut, covered, zero size, outside).

    A layout's id answers for the widget it lays out. A Qt Quick item is refused
    (NOT_SUPPORTED names what answers for it).
    """
    obj, _ = _session.target(ctx, objectId)
    w = widget_of(obj, "qt.layout", QUICK_HINT)
    ids = _session.ids(ctx)
    window = QWidget.window(w)
    out = layout.facts(w, ids)
    out["tabOrder"] = taborder.tab_order(window, ids)
    out["problems"] = [_problem(ctx, p, window) for p in report(LAYOUT_KINDS, window)]
    return cast(LayoutFacts, out)
