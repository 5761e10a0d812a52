"""How a widget is styled: its palette (every role of every colour group), its font and
where each comes from, the style that draws it, and the style sheets in effect (the
app's, its ancestors', its own). GUI thread.

Where a palette or font comes from: the widget itself when it was given one
(``WA_SetPalette`` / ``WA_SetFont``: ``setPalette``, ``setFont``; a style sheet's colours
set the palette this way too), a style sheet (its font sets no attribute: told by the
font differing from the inherited one), else the nearest ancestor given one (Qt
propagates it down), else the application (``QApplication.palette(w)`` / ``font(w)``,
which may differ per class).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from probe.core.objects import paths
from probe.core.objects.idtable import IdTable

#: The colour groups, in Qt's order.
GROUPS = (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive,
          QPalette.ColorGroup.Disabled)
#: Every colour role (NoRole and the count left out).
ROLES = tuple(r for r in QPalette.ColorRole
              if r.name not in ("NoRole", "NColorRoles"))


def colour(c: QColor) -> str:
    """``#rrggbb``, or ``#aarrggbb`` when not opaque (as Qt's ``QColor.name``)."""
    return c.name(QColor.NameFormat.HexArgb if c.alpha() != 255
                  else QColor.NameFormat.HexRgb)


def _source(w: QWidget, attribute: Qt.WidgetAttribute, ids: IdTable) -> dict[str, Any]:
    """Who gave ``w`` what ``attribute`` marks: itself, an ancestor, or the application."""
    at: QWidget | None = w
    while at is not None:
        if QWidget.testAttribute(at, attribute):
            return {"kind": "widget" if at is w else "ancestor",
                    "object": paths.describe(at, ids)}
        if QWidget.isWindow(at):
            break
        at = QWidget.parentWidget(at)
    return {"kind": "application"}


def font_source(w: QWidget, ids: IdTable) -> dict[str, Any]:
    """Who gave ``w`` its font: itself (``WA_SetFont``); the application when it is the
    application's (a style sheet stops an ancestor's font from coming down, so an
    ancestor that set one is not always the source); an ancestor that set this very
    font; else a style sheet (a sheet's font sets no attribute: the rules are in
    ``styleSheets``)."""
    if QWidget.testAttribute(w, Qt.WidgetAttribute.WA_SetFont):
        return {"kind": "widget", "object": paths.describe(w, ids)}
    mine = QWidget.font(w)
    if mine == QApplication.font(w):
        return {"kind": "application"}
    given = _source(w, Qt.WidgetAttribute.WA_SetFont, ids)
    at = QWidget.parentWidget(w)
    while at is not None and given["kind"] == "ancestor":
        if QWidget.testAttribute(at, Qt.WidgetAttribute.WA_SetFont):
            if QWidget.font(at) == mine:
                return given
            break
        at = None if QWidget.isWindow(at) else QWidget.parentWidget(at)
    if paths.class_name(QWidget.style(w)) == "QStyleSheetStyle":
        return {"kind": "styleSheet"}
    return given


def palette(w: QWidget) -> list[dict[str, Any]]:
    p: QPalette = QWidget.palette(w)
    return [{"group": g.name,
             "roles": [{"role": r.name, "color": colour(p.color(g, r)),
                        "set": p.isBrushSet(g, r)} for r in ROLES]}
            for g in GROUPS]


def font(f: QFont) -> dict[str, Any]:
    weight = f.weight()
    return {"family": f.family(), "families": list(f.families()),
            "pointSizeF": f.pointSizeF(), "pixelSize": f.pixelSize(),
            "weight": int(weight.value), "weightName": weight.name,
            "style": QFont.style(f).name, "bold": f.bold(), "italic": f.italic(),
            "underline": f.underline(), "strikeOut": f.strikeOut(),
            "description": f.toString()}


def style_sheets(w: QWidget, ids: IdTable) -> list[dict[str, Any]]:
    """The style sheets that apply to ``w``, the app's first and its own last (later
    rules of equal specificity win)."""
    chain: list[QWidget] = []
    at: QWidget | None = w
    while at is not None:
        chain.append(at)
        at = None if QWidget.isWindow(at) else QWidget.parentWidget(at)
    out: list[dict[str, Any]] = []
    app = QApplication.instance()
    app_sheet = QApplication.styleSheet(app) if isinstance(app, QApplication) else ""
    if app_sheet:
        out.append({"from": "application", "styleSheet": app_sheet})
    for holder in reversed(chain):
        sheet = QWidget.styleSheet(holder)
        if sheet:
            out.append({"from": "widget" if holder is w else "ancestor",
                        "object": paths.describe(holder, ids), "styleSheet": sheet})
    return out


def facts(w: QWidget, ids: IdTable) -> dict[str, Any]:
    app_style = QApplication.style()
    own_style = QWidget.style(w)
    return {
        "target": paths.describe(w, ids),
        "styleName": app_style.name() if app_style is not None else "",
        "widgetStyle": {"name": own_style.name(),
                        "className": paths.class_name(own_style)},
        "palette": palette(w),
        "paletteFrom": _source(w, Qt.WidgetAttribute.WA_SetPalette, ids),
        "font": font(QWidget.font(w)),
        "fontFrom": font_source(w, ids),
        "applicationFont": font(QApplication.font(w)),
        "styleSheets": style_sheets(w, ids),
    }
