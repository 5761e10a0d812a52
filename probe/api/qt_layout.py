"""qt.layout: how a widget is laid out — its rectangle, sizes and size policy, its layout's
cells, margins and spacing, the window's tab order and its layout problems (the
inspector's layout overlay, GammaRay's widget inspector's)."""

from __future__ import annotations

from typing import Any, cast

from PySide6.QtWidgets import QLayout, QWidget

from probe.api import _session
from probe.api._params import Target
from probe.api._problems import entry
from probe.core.errors import QtError
from probe.core.objects import paths
from probe.core.objects.qmltypes import is_quick_item
from probe.core.problems import LAYOUT_KINDS, report
from probe.core.widgets import layout, taborder
from probe.server.context import Context
from probe.server.registry import Tool, method
from probe.wire.qt_layout import LayoutFacts, LayoutProblem


def widget_of(obj: Any) -> QWidget:
    """The widget ``obj`` names (a layout names the widget it lays out); a clear refusal
    for a Qt Quick item and for an object that is no widget."""
    if isinstance(obj, QWidget):
        return obj
    if isinstance(obj, QLayout) and QLayout.parentWidget(obj) is not None:
        owner = QLayout.parentWidget(obj)
        assert owner is not None
        return owner
    if is_quick_item(obj):
        raise QtError("NOT_SUPPORTED", f"{paths.class_name(obj)} is a Qt Quick item, not a "
                      "widget: qt.layout reads QWidget layouts",
                      hint="For a Quick item, qml.info gives x, y, width, height, its "
                           "implicit size and its Layout.* attached values; qt.ui.geometry "
                           "its rectangle in the window.")
    raise QtError("NOT_SUPPORTED", f"{paths.class_name(obj)} is not a widget",
                  hint="Give a widget (or a layout): qt.ui.hitTest finds the one at a "
                       "point, qt.objects.find one by name.")


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
    w = widget_of(obj)
    ids = _session.ids(ctx)
    window = QWidget.window(w)
    out = layout.facts(w, ids)
    out["tabOrder"] = taborder.tab_order(window, ids)
    out["problems"] = [_problem(ctx, p, window) for p in report(LAYOUT_KINDS, window)]
    return cast(LayoutFacts, out)
