"""The widget a caller names, for the families that read widgets only (qt.layout,
qt.style): a layout names the widget it lays out; a Qt Quick item and any other object
are refused with what answers for them instead."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLayout, QWidget

from probe.core.errors import QtError
from probe.core.objects import paths
from probe.core.objects.qmltypes import is_quick_item


def widget_of(obj: Any, method: str, quick_hint: str) -> QWidget:
    """The widget ``obj`` names; NOT_SUPPORTED for a Qt Quick item (``quick_hint`` says
    what answers for it) and for an object that is no widget."""
    if isinstance(obj, QWidget):
        return obj
    if isinstance(obj, QLayout):
        owner = QLayout.parentWidget(obj)
        if owner is not None:
            return owner
    if is_quick_item(obj):
        raise QtError("NOT_SUPPORTED", f"{paths.class_name(obj)} is a Qt Quick item, not a "
                      f"widget: {method} reads widgets", hint=quick_hint)
    raise QtError("NOT_SUPPORTED", f"{paths.class_name(obj)} is not a widget",
                  hint=f"{method} reads widgets (or a layout's widget): qt.ui.hitTest finds "
                       "the one at a point, qt.objects.find one by name.")
