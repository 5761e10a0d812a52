"""What a QML binding's expression reads: the properties it depends on, and whose.

Qt keeps a binding's dependencies in private API (QQmlBinding's guards), so they are read
from the expression: each name chain (``nameField.text``, ``parent.width``, ``height``)
outside strings and comments is resolved as QML resolves it: an id of the item's
context, then a property of the item itself (grouped and object-typed ones too:
``parent.width`` is its parent item's ``width``), or a context property the app set
(``objectId`` None when it is no object). A chain none of these has (a JavaScript
global, a property of the component's root) is left out: the root is the context's
object, and asking a context for it (QQmlContext.contextObject) made a wrapper of an
ApplicationWindow that broke the wrappers of its items (OBJECT_STALE at the next call,
in the QML demo). GUI thread.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtQml import QQmlContext, QQmlProperty

from probe.core.errors import QtError
from probe.core.objects.idtable import IdTable
from probe.core.objects.meta import objref_for
from probe.core.objects.resolver import object_of
from probe.core.objects.variant import to_json
from probe.core.qml.qmltext import blank

_CHAIN = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)(\s*\()?")
#: Names an expression reads that are the language's, never the app's.
_JS = frozenset((
    "true", "false", "null", "undefined", "this", "function", "return", "var", "let",
    "const", "if", "else", "new", "typeof", "instanceof", "in", "of", "for", "while",
    "Math", "Qt", "console", "JSON", "String", "Number", "Boolean", "Array", "Object",
    "Date", "parseInt", "parseFloat", "isNaN", "qsTr", "qsTranslate", "NaN", "Infinity"))


def _read(obj: QObject, name: str, ids: IdTable) -> Any:
    try:
        return to_json(QQmlProperty(obj, name).read(), objref_for(ids))
    except (RuntimeError, TypeError, ValueError):
        return None


def _owner(obj: QObject, chain: list[str], ctx: QQmlContext) -> tuple[QObject, str] | None:
    """(object, property) a chain on ``obj`` ends in: the last object-typed link's value
    and the name after it (``parent.width`` -> (parent item, width)); None when ``obj``
    has no such property."""
    for cut in range(len(chain), 0, -1):
        name = ".".join(chain[:cut])
        if not QQmlProperty(obj, name, ctx).isValid():
            continue
        if cut == 1:
            return obj, name
        holder = QQmlProperty(obj, ".".join(chain[:cut - 1]), ctx).read()
        if isinstance(holder, QObject):
            return holder, chain[cut - 1]
        return obj, name  # a grouped or value-type property: anchors.fill, font.pixelSize
    return None


def dependencies(obj: QObject, ctx: QQmlContext, expression: str,
                 ids: IdTable) -> list[dict[str, Any]]:
    """The properties ``expression`` (bound on ``obj``) reads, each once, in order:
    ``name`` as written, the object's ``objectId`` (None: a context property that is no
    object), its ``property`` and ``value`` now."""
    found: list[dict[str, Any]] = []
    seen: set[tuple[str | None, str]] = set()
    code = blank(expression)
    for m in _CHAIN.finditer(code):
        chain = [part.strip() for part in m.group(1).split(".")]
        if m.group(2):  # a call: the function is not a dependency, its object may be
            chain = chain[:-1]
        if not chain or chain[0] in _JS:
            continue
        target = _named(ctx, chain[0], ids)
        hit: tuple[QObject, str] | None = None
        if isinstance(target, QObject) and len(chain) > 1:
            hit = _owner(target, chain[1:], ctx)
        elif target is None:
            hit = _owner(obj, chain, ctx)
        if hit is not None:
            holder, prop = hit
            key: tuple[str | None, str] = (ids.id_of(holder), prop)
            value = _read(holder, prop, ids)
        else:  # a context property that is no object (a string, a number), or unknown
            value = _context_value(ctx, chain[0], ids)
            if value is _MISSING:
                continue
            key = (None, chain[0])
        if key in seen:
            continue
        seen.add(key)
        found.append({"name": ".".join(chain), "objectId": key[0], "property": key[1],
                      "value": value})
    return found


_MISSING = object()



def _named(ctx: QQmlContext, name: str, ids: IdTable) -> Any:
    """The object with QML id ``name`` (found as ``@id:`` finds it: the context's
    objectForName made wrappers that broke the items' own, OBJECT_STALE at the next
    call), else a context property of that name that is an object; None when neither
    (or when several objects have that id)."""
    try:
        return object_of(f"@id:{name}", ids)
    except QtError:
        pass
    value = ctx.contextProperty(name)
    return value if isinstance(value, QObject) else None


def _context_value(ctx: QQmlContext, name: str, ids: IdTable) -> Any:
    """A context property's value (as JSON), or _MISSING when the context has none."""
    value = ctx.contextProperty(name)
    if value is None:
        return _MISSING
    try:
        return to_json(value, objref_for(ids))
    except (RuntimeError, TypeError, ValueError):
        return None
