"""A layout's widgets and nested layouts, read without making a single QLayoutItem wrapper.

``QLayout.itemAt`` hands out QLayoutItems (a QWidgetItem per widget) that PySide keeps
alive as children of the layout's wrapper: every read of a form left one wrapper per
field behind (about 3 KB of Python objects and 12 KB of the process per chr.readPage of
the demo window, for good), and ``shiboken6.invalidate`` does not take them off the
layout. A QLayoutItem is no QObject either: when Qt deletes it, a stale wrapper stays in
shiboken's map and a QObject Qt later makes at that address comes back to Python *as that
QWidgetItem*. So the probe never calls ``itemAt``: it asks the layout where each of its
candidate members sits (``QLayout.indexOf`` of the parent widget's child widgets and of
the layout's child layouts), which makes no wrapper. Spacers are no members. GUI thread.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLayout, QWidget

from probe.core.objects import qtchildren

Entry = tuple[int, QWidget | None, QLayout | None]


def entries(lay: QLayout) -> list[Entry]:
    """``(index, widget, nested layout)`` of each widget and nested layout of ``lay`` (one
    of the two is None), in layout order; spacers are left out."""
    out: list[Entry] = []
    for sub in qtchildren.children(lay):  # nested layouts are the layout's QObject children
        if isinstance(sub, QLayout):
            i = QLayout.indexOf(lay, sub)
            if i >= 0:
                out.append((i, None, sub))
    owner = QLayout.parentWidget(lay)
    if owner is not None:
        for w in qtchildren.children(owner):  # a layout's widgets are its widget's children
            if isinstance(w, QWidget):
                i = QLayout.indexOf(lay, w)
                if i >= 0:
                    out.append((i, w, None))
    out.sort(key=lambda e: e[0])
    return out
