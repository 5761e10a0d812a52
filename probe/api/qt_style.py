"""qt.style: a widget's palette, font, style and style sheets, and where each comes from
(the inspector's Style tab, GammaRay's style, palette and font browsers)."""

from __future__ import annotations

from typing import cast

from probe.api import _session
from probe.api._params import Target
from probe.api._widgets import widget_of
from probe.core.widgets import style
from probe.server.context import Context
from probe.server.registry import Tool, method
from probe.wire.qt_style import StyleFacts

QUICK_HINT = ("For a Qt Quick control, qt.properties.get reads its palette and font "
              "properties; qml.info its type and where it was declared.")


@method("qt.style", tool=Tool("inspect_style", "native"))
def style_facts(ctx: Context, objectId: Target) -> StyleFacts:
    """How a widget is styled: ``palette`` (each colour group, each role as ``#rrggbb``,
    ``set`` when this palette sets it), ``paletteFrom`` and ``fontFrom`` (the widget,
    an ancestor, or the application), ``font`` (family, size, weight, style), the
    application's font for its class, ``styleName`` (the app's QStyle) and the style
    drawing the widget, and ``styleSheets`` in effect (the app's, its ancestors', its
    own, in cascade order). A layout's id answers for its widget; a Qt Quick item is
    refused (NOT_SUPPORTED)."""
    obj, _ = _session.target(ctx, objectId)
    w = widget_of(obj, "qt.style", QUICK_HINT)
    return cast(StyleFacts, style.facts(w, _session.ids(ctx)))
