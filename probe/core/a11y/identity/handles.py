"""One element, every handle: its ref, ``#N`` id, best stable selector, symbolic name and
bounds, so a human's pick in the inspector and an agent's ref name the same thing.

The selector is the most stable form that finds exactly this object again: an
objectName path, else its QML id, else ``@name:`` (named, under an unnamed ancestor),
else its text (``@text:``, narrowed by class when needed), else the plain path (which
may hold ``Class#i`` segments). GUI thread only.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QObject, QPoint
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from PySide6.QtQuick import QQuickItem

from probe.core.a11y.identity.refs import Locator, RefTable, is_ref
from probe.core.a11y.roles import role_name
from probe.core.errors import QtError
from probe.core.input import simulate as qinput
from probe.core.objects import idtable, paths, resolver
from probe.core.objects import selectors as sel
from probe.core.objects.names import NAMES
from probe.core.objects.qmltypes import is_quick, is_quick_item, qml_id
from probe.core.objects.qtclass import qt_class
from probe.core.objects.text import clean_name

#: Characters that would make a text selector mean something else.
_UNSAFE = re.compile(r"[@*?\[\]/\n]")


def _same(selector: str, obj: QObject, ids: idtable.IdTable) -> bool:
    try:
        found = resolver.objects_of(selector, ids)
    except QtError:
        return False
    return len(found) == 1 and found[0] is obj


def _reads_back(path: str, obj: QObject) -> bool:
    """Whether ``path`` (``obj``'s path, no ``#`` in it) resolves to ``obj`` for sure,
    without resolving it: one plain objectName per ancestor, each the first of its name
    among its siblings, none a selector or a symbolic name (the check is a hot path: it
    runs for each recorded call)."""
    segments = path.split("/")
    depth, cur = 0, obj
    while cur is not None:
        depth += 1
        cur = paths.parent_of(cur)
    return (len(segments) == depth and all(seg and seg == seg.strip() for seg in segments)
            and not resolver.is_selector(path) and not NAMES.has(path))


def selector_of(obj: QObject, ids: idtable.IdTable) -> tuple[str, str]:
    """``(selector, kind)``: kind is objectName, qmlId, text or path (least stable)."""
    path = paths.path_of(obj)
    if "#" not in path and (_reads_back(path, obj) or _same(path, obj, ids)):
        return path, "objectName"
    if is_quick(obj):
        qid = qml_id(obj)
        if qid and _same(f"@id:{qid}", obj, ids):
            return f"@id:{qid}", "qmlId"
    name = QObject.objectName(obj)
    if name and not _UNSAFE.search(name) and _same(f"@name:{name}", obj, ids):
        return f"@name:{name}", "objectName"  # named, under an unnamed ancestor
    texts = [t for t in sel.text_of(obj) if t and len(t) <= 80 and not _UNSAFE.search(t)]
    if texts:
        cls = paths.class_name(obj)
        for candidate in (f"@text:{texts[0]}", f"@class:{cls}@text:{texts[0]}"):
            if _same(candidate, obj, ids):
                return candidate, "text"
    return path, "path"


def symbolic_name_of(obj: QObject, ids: idtable.IdTable) -> str | None:
    """The first name of the name map that resolves to ``obj`` (None if none does)."""
    for name in list(NAMES.names):
        try:
            if NAMES.object_named(name, ids, resolver.object_of) is obj:
                return name
        except QtError:
            continue
    return None


def bounds_of(obj: QObject) -> dict[str, Any] | None:
    """``{x, y, width, height, window}`` in window coordinates; None for non-visual objects."""
    if isinstance(obj, QWidget):
        top = QWidget.window(obj)
        p = QWidget.mapTo(obj, top, QPoint(0, 0)) if top is not obj else QPoint(0, 0)
        return {"x": p.x(), "y": p.y(), "width": QWidget.width(obj),
                "height": QWidget.height(obj), "window": QObject.objectName(top),
                "visible": QWidget.isVisible(obj)}
    if is_quick_item(obj):
        x, y, w, h = qinput.quick_item_rect(obj)
        win = qt_class(obj).window(obj)
        return {"x": x, "y": y, "width": w, "height": h,
                "window": QObject.objectName(win) if win is not None else None,
                "visible": bool(qt_class(obj).isVisible(obj))}
    return None


def ref_of(obj: QObject, ids: idtable.IdTable, refs: RefTable) -> str | None:
    """The caller's ref for a widget or Qt Quick item (its existing one, else a new one)."""
    if not (isinstance(obj, QWidget) or is_quick(obj)):
        return None
    iface = QAccessible.queryAccessibleInterface(obj)
    if iface is None or not iface.isValid():
        if is_quick(obj):
            from probe.core.a11y.walk import quick  # loads QtQuick, which a Quick app has

            item = cast("QQuickItem", obj)  # is_quick: an item (or a window, no MouseArea)
            if quick.is_mouse_area(item):  # a gap filler, as readPage
                return refs.issue(Locator(ids.id_of(obj), (), "generic", quick.gap_name(item)))
        return None
    loc = Locator(ids.id_of(obj), (), role_name(iface.role()),
                  clean_name(iface.text(QAccessible.Text.Name)))
    return refs.issue(loc)


def bundle(obj: QObject, ids: idtable.IdTable, refs: RefTable,
           ref: str | None = None) -> dict[str, Any]:
    """Every handle of ``obj`` in the caller's id and ref spaces."""
    if not idtable.alive(obj):
        raise QtError("OBJECT_STALE", "the object was deleted")
    selector, kind = selector_of(obj, ids)
    return {
        "ref": ref if ref is not None else ref_of(obj, ids, refs),
        "id": ids.id_of(obj),
        "selector": selector,
        "selectorKind": kind,
        "symbolicName": symbolic_name_of(obj, ids),
        "bounds": bounds_of(obj),
        "path": paths.path_of(obj),
        "className": paths.class_name(obj),
        "objectName": QObject.objectName(obj),
    }


def target_and_object(ident: str, ids: idtable.IdTable, refs: RefTable
                      ) -> tuple[dict[str, Any], QObject]:
    """The stable handles of what a call names (a ref, ``#N``, path or selector), so a
    recorded call can be replayed in another session: ``selector`` (of the widget, for an
    item ref: of the view, tab bar or menu holding it, plus the item's ``role`` and
    ``name``), ``selectorKind``, ``className``, ``objectName``. Raises QtError like the
    call itself would when ``ident`` names nothing."""
    item: dict[str, Any] | None = None
    if is_ref(ident):
        el = refs.element_of(ident, ids)
        if el.is_item:
            obj: QObject = el.widget
            item = {"role": el.locator.role, "name": el.locator.name}
        else:
            obj = el.obj if el.obj is not None else el.widget
    else:
        obj = resolver.object_of(ident, ids)
    selector, kind = selector_of(obj, ids)
    out: dict[str, Any] = {"selector": selector, "selectorKind": kind,
                           "className": paths.class_name(obj),
                           "objectName": QObject.objectName(obj)}
    if item is not None:
        out["item"] = item
    return out, obj
