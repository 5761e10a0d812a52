"""Qt Quick introspection: item trees of QQuickWindows, QML type names, ids, contexts.

The item tree is the *visual* tree (``QQuickItem.childItems()`` sorted by ``z``, stable
for equal z: the order Qt paints them, lowest first), from each window's ``contentItem``
down. A QML type name is the metaObject class name without the engine's ``_QMLTYPE_N`` / ``_QML_N``
suffixes and without the ``QQuick`` prefix of built-in types (``QQuickRectangle_QML_12``
is ``Rectangle``; the public QQmlType API is not exposed to Python). The id comes from
the item's own QML context (``QQmlContext.nameForObject``), the source file from the
context's base URL and the line from where that id is declared in it. GUI thread.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QObject, QRectF, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QQmlContext, QQmlEngine, QQmlExpression, QQmlProperty
from PySide6.QtQuick import QQuickItem, QQuickWindow

from probe.core import meta, objects
from probe.core.errors import QtError
from probe.core.variant import to_json

_SUFFIX = re.compile(r"(_QMLTYPE_\d+|_QML_\d+)+$")
#: Items per qml.tree answer unless asked otherwise.
MAX_NODES = 2000


def quick_windows() -> list[QQuickWindow]:
    """Every QQuickWindow of the app (shown or not), in a stable order."""
    return [w for w in QGuiApplication.allWindows() if isinstance(w, QQuickWindow)]


def type_name(obj: QObject) -> str:
    """``QQuickRectangle_QML_12`` -> ``Rectangle``; ``Button_QMLTYPE_2`` -> ``Button``."""
    name = _SUFFIX.sub("", obj.metaObject().className())
    if name.startswith("QQuick") and len(name) > 6:
        name = name[6:]
    return name


def context_of(obj: QObject) -> QQmlContext | None:
    try:
        return QQmlEngine.contextForObject(obj)
    except RuntimeError:
        return None


def qml_id(obj: QObject) -> str:
    """The id the object has in the QML context that created it ('' when none)."""
    ctx = context_of(obj)
    if ctx is None:
        return ""
    try:
        return ctx.nameForObject(obj) or ""
    except RuntimeError:
        return ""


def source_of(obj: QObject, qid: str = "") -> dict[str, Any] | None:
    """``{"file", "line"}`` where the object is declared, as far as it is known."""
    ctx = context_of(obj)
    if ctx is None:
        return None
    url: QUrl = ctx.baseUrl()
    if url.isEmpty():
        return None
    where: dict[str, Any] = {"file": url.toLocalFile() or url.toString()}
    if qid and url.isLocalFile():
        line = _id_line(url.toLocalFile(), qid)
        if line:
            where["line"] = line
    return where


@lru_cache(maxsize=256)
def _id_line(path: str, qid: str) -> int:
    try:
        with open(path, encoding="utf-8") as fh:
            pattern = re.compile(rf"\bid\s*:\s*{re.escape(qid)}\b")
            for n, text in enumerate(fh, start=1):
                if pattern.search(text):
                    return n
    except OSError:
        pass
    return 0


def is_quick(obj: QObject) -> bool:
    return isinstance(obj, (QQuickItem, QQuickWindow))


def window_of(item: QQuickItem) -> QQuickWindow | None:
    return item.window()


def scene_rect(item: QQuickItem) -> list[int]:
    """``[x, y, width, height]`` of the item in its window's scene coordinates (its own
    size, not ``boundingRect()``: an empty TextField's is its 1-pixel cursor)."""
    r = item.mapRectToScene(QRectF(0, 0, item.width(), item.height()))
    return [round(r.x()), round(r.y()), round(r.width()), round(r.height())]


def paint_order(item: QQuickItem) -> list[QQuickItem]:
    """The item's children as Qt paints them: by z, declaration order among equal z
    (QQuickItemPrivate::paintOrderChildItems is a stable sort too); the last is on top."""
    return sorted(item.childItems(), key=lambda c: c.z())


def effectively_visible(item: QQuickItem) -> bool:
    """Visible itself and through its parents, inside a visible window."""
    win = item.window()
    return item.isVisible() and win is not None and win.isVisible()


def describe_item(item: QObject, ids: objects.IdTable) -> dict[str, Any]:
    """The short form of an item: objects.describe + QML type, id, source, geometry."""
    out = objects.describe(item, ids)
    qid = qml_id(item)
    out["type"] = type_name(item)
    out["qmlId"] = qid or None
    src = source_of(item, qid)
    if src is not None:
        out["source"] = src
    if isinstance(item, QQuickItem):
        out.update(visible=item.isVisible(), enabled=item.isEnabled(),
                   opacity=round(item.opacity(), 3), z=item.z(), geometry=scene_rect(item))
        out["childCount"] = len(item.childItems())
    elif isinstance(item, QQuickWindow):
        out.update(title=item.title(), geometry=[item.x(), item.y(), item.width(),
                                                 item.height()])
    return out


def tree(root: QObject | None, ids: objects.IdTable, depth: int = 50,
         max_nodes: int = MAX_NODES) -> dict[str, Any]:
    """The visual item tree under ``root`` (default: every QQuickWindow's contentItem)."""
    count = 0
    truncated = False

    def node(item: QQuickItem, level: int) -> dict[str, Any]:
        nonlocal count, truncated
        count += 1
        d = describe_item(item, ids)
        kids = paint_order(item)
        if level < depth and kids:
            children = []
            for c in kids:
                if count >= max_nodes:
                    truncated = True
                    break
                children.append(node(c, level + 1))
            d["children"] = children
        return d

    if root is None:
        wins = quick_windows()
        if not wins:
            raise QtError("QML_NOT_AVAILABLE", "the app has no QQuickWindow",
                          hint="qml.* needs a Qt Quick window; use qt.objects.tree for widgets.")
        nodes = []
        for w in wins:
            wd = describe_item(w, ids)
            wd["children"] = [node(w.contentItem(), 1)]
            nodes.append(wd)
        return {"nodes": nodes, "count": count, "truncated": truncated}
    if isinstance(root, QQuickWindow):
        root = root.contentItem()
    if not isinstance(root, QQuickItem):
        raise not_an_item(root)
    return {"nodes": [node(root, 0)], "count": count, "truncated": truncated}


def not_an_item(obj: QObject) -> QtError:
    return QtError("NOT_SUPPORTED", f"a {obj.metaObject().className()} is no Qt Quick item",
                   hint="Pass a QQuickItem or QQuickWindow (qml.tree lists them).",
                   className=obj.metaObject().className())


def all_items() -> list[QQuickItem]:
    """Every item of every QQuickWindow, in tree order."""
    out: list[QQuickItem] = []
    for w in quick_windows():
        stack = [w.contentItem()]
        while stack:
            it = stack.pop()
            out.append(it)
            stack.extend(reversed(it.childItems()))
    return out


def quick_objects() -> list[QObject]:
    """Quick windows and all their items (what ``@id:`` searches)."""
    return [*quick_windows(), *all_items()]


def ids_in_context(ctx: QQmlContext) -> dict[str, QObject]:
    """The ids a context knows, found among the items (public API has no id list)."""
    found: dict[str, QObject] = {}
    for obj in quick_objects():
        try:
            if context_of(obj) is not ctx and QQmlEngine.contextForObject(obj) != ctx:
                continue
        except RuntimeError:
            continue
        name = ctx.nameForObject(obj)
        if name:
            found.setdefault(name, obj)
    return found


def context_info(obj: QObject, ids: objects.IdTable,
                 names: list[str] | None = None) -> dict[str, Any]:
    """What the item's QML context holds: base URL, ids, asked-for context properties."""
    ctx = context_of(obj)
    if ctx is None:
        raise QtError("NOT_SUPPORTED", f"{objects.path_of(obj)} has no QML context",
                      hint="Only objects created by QML have one (qml.tree lists them).")
    out: dict[str, Any] = {"objectId": ids.id_of(obj), "baseUrl": ctx.baseUrl().toString(),
                           "ids": {k: ids.id_of(v) for k, v in ids_in_context(ctx).items()}}
    # No ctx.contextObject(): in PySide 6.11 the wrapper it returns is tied to the
    # context's wrapper, and freeing that one invalidates the app's own wrapper of it.
    props: dict[str, Any] = {}
    missing: list[str] = []
    for name in names or []:
        value = ctx.contextProperty(name)
        if value is None:
            missing.append(name)
        else:
            props[name] = to_json(value)
    out["properties"] = props
    if missing:
        out["missing"] = missing
    return out


def evaluate(obj: QObject, expression: str) -> Any:
    """Evaluate a JavaScript expression with ``obj`` as scope in its context."""
    ctx = context_of(obj)
    if ctx is None:
        raise QtError("NOT_SUPPORTED", f"{objects.path_of(obj)} has no QML context",
                      hint="Evaluate in an item created by QML (qml.tree lists them).")
    expr = QQmlExpression(ctx, obj, expression)
    result = expr.evaluate()
    value, undefined = result if isinstance(result, tuple) else (result, False)
    if expr.hasError():
        err = expr.error()
        raise QtError("QML_EVAL_ERROR", err.description() or "the expression failed",
                      hint="Check the expression; ids and properties of the item's file are "
                           "in scope (qml.contextProperties lists the ids).",
                      expression=expression, line=err.line(), column=err.column())
    return None if undefined else to_json(value)


def item_at(window: QQuickWindow, x: int, y: int) -> QQuickItem:
    """The topmost visible item under scene point (x, y) (the content item if none)."""
    from PySide6.QtCore import QPointF

    def deepest(item: QQuickItem) -> QQuickItem | None:
        for child in reversed(paint_order(item)):  # the last painted is on top
            if not child.isVisible() or child.opacity() <= 0:
                continue
            local = child.mapFromScene(QPointF(x, y))
            inside = child.contains(local)
            if inside or not child.clip():
                hit = deepest(child)
                if hit is not None:
                    return hit
            if inside:
                return child
        return None

    root = window.contentItem()
    return deepest(root) or root


# ------------------------------------------------------------------------- bindings
#
# Qt keeps a property's binding in private API only (QQmlPropertyPrivate::binding), so
# the probe reads the item's declaration in its .qml file instead: ``name: expression``
# there is a binding unless the expression is a constant, which QML assigns once. What
# the file says is what the app started with; an imperative assignment made later
# (``item.width = 3`` in JavaScript, qt.properties.set) silently removes a binding and no
# public API tells, so ``bound`` means "declared as a binding", not "still bound".

_LITERAL = re.compile(
    r"""^(?:[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|0[xX][0-9a-fA-F]+|true|false|null"""
    r"""|undefined|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Z]\w*(?:\.[A-Z]\w*)+)$""")
_MEMBER = re.compile(
    r"(?:(?:readonly|required|default)\s+)*property\s+(?:alias|[\w.]+(?:<[\w.]+>)?)\s+(\w+)"
    r"|([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)")
_CONTINUES_AFTER = tuple("+-*/%&|^!=<>?:,.(")
_CONTINUES_BEFORE = ("+", "-", "*", "/", "%", "&&", "||", "?", ":", ".", "|", "&", "^")


def _blank(text: str) -> str:
    """``text`` with comments and string contents turned to spaces (same offsets, same
    newlines), so brackets and colons can be found by plain scanning."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = ["\n" if ch == "\n" else " " for ch in text[i:j]]
            i = j
        elif c in "\"'`":
            j = i + 1
            while j < n and text[j] != c and not (text[j] == "\n" and c != "`"):
                j += 2 if text[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = "\n" if text[k] == "\n" else " "
            i = j + 1
        else:
            i += 1
    return "".join(out)


def _match_close(code: str, open_at: int) -> int:
    """Offset of the bracket closing the one at ``open_at`` (in blanked code)."""
    depth = 0
    for i in range(open_at, len(code)):
        if code[i] in "([{":
            depth += 1
        elif code[i] in ")]}":
            depth -= 1
            if depth == 0:
                return i
    return len(code)


def _statement_end(code: str, start: int, stop: int) -> int:
    """Where the statement starting at ``start`` ends: ``;`` or a line break outside any
    bracket, unless the expression obviously goes on (operator at the break)."""
    depth = 0
    i = start
    while i < stop:
        c = code[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and c == ";":
            return i
        elif depth == 0 and c == "\n":
            before = code[start:i].rstrip()
            after = code[i:stop].lstrip()
            if not (before.endswith(_CONTINUES_AFTER) or after.startswith(_CONTINUES_BEFORE)):
                return i
        i += 1
    return stop


def _members(text: str, code: str, start: int, stop: int, prefix: str = "") -> list[dict[str, Any]]:
    """The ``name: value`` statements directly inside one object block."""
    found: list[dict[str, Any]] = []
    i = start
    while i < stop:
        while i < stop and code[i] in " \t\r\n;":
            i += 1
        if i >= stop:
            break
        end = _statement_end(code, i, stop)
        m = _MEMBER.match(code, i, end)
        rest = code[m.end():end].lstrip() if m else ""
        if m and m.group(2) and m.group(2)[0].islower() and rest.startswith("{"):
            # a group: ``anchors { fill: parent }``
            brace = code.index("{", m.end())
            found += _members(text, code, brace + 1, _match_close(code, brace),
                              f"{prefix}{m.group(2)}.")
        elif m and rest.startswith(":"):
            colon = code.index(":", m.end())
            name = m.group(1) or m.group(2)
            value = text[colon + 1:end].strip()
            kind = "alias" if re.match(r"[^:]*\balias\s", code[i:colon]) else None
            if m.group(2) and re.match(r"on[A-Z]", name.rsplit(".", 1)[-1]):
                kind = "handler"
            elif kind is None and re.match(r"\[?\s*[A-Z][\w.]*\s*\{", value):
                kind = "object"  # ``header: TabBar { ... }``, ``states: [State { ... }]``
            elif kind is None:
                kind = "literal" if _LITERAL.match(value) else "binding"
            if name != "id" and kind != "handler":
                found.append({"name": prefix + name, "kind": kind, "expression": value,
                              "line": text.count("\n", 0, i) + 1})
        i = end + 1
    return found


@lru_cache(maxsize=64)
def _declaration(path: str, mtime: float, qid: str,
                 object_name: str) -> tuple[dict[str, Any], ...] | None:
    """The members of the object declared with ``id: qid`` (or, without an id, with
    ``objectName: "object_name"``) in the file at ``path``; None if it is not there."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError:
        return None
    code = _blank(text)
    if qid:
        hit = re.search(rf"(?<![\w.])id\s*:\s*{re.escape(qid)}\b", code)
    else:
        pattern = rf"(?<![\w.])objectName\s*:\s*[\"']{re.escape(object_name)}[\"']"
        hit = next((h for h in re.finditer(pattern, text)
                    if code[h.start()] == text[h.start()]), None)  # not in a comment
    if hit is None:
        return None
    depth, open_at = 0, -1
    for k in range(hit.start() - 1, -1, -1):  # the innermost ``{`` around the hit
        if code[k] == "}":
            depth += 1
        elif code[k] == "{":
            if depth == 0:
                open_at = k
                break
            depth -= 1
    if open_at < 0:
        return None
    members = _members(text, code, open_at + 1, _match_close(code, open_at))
    return tuple(members)


def _declared(obj: QObject) -> tuple[str, tuple[dict[str, Any], ...]] | None:
    """(file, members) of the object's declaration, searching its QML context's file and
    the files of the contexts above it (a component's root is declared in its user)."""
    qid = qml_id(obj)
    name = obj.objectName()
    if not qid and not name:
        return None
    ctx = context_of(obj)
    seen: set[str] = set()
    while ctx is not None:
        url = ctx.baseUrl()
        path = url.toLocalFile() if url.isLocalFile() else ""
        if path and path not in seen:
            seen.add(path)
            try:
                mtime = os.path.getmtime(path)
            except OSError:
                mtime = 0.0
            members = _declaration(path, mtime, qid, name)
            if members is not None:
                return path, members
        ctx = ctx.parentContext()
    return None


def _read(obj: QObject, name: str, ctx: QQmlContext, ids: objects.IdTable) -> tuple[bool, Any]:
    """(exists, value as JSON) of a QML property, dotted (anchors.fill) and attached
    (Accessible.name) ones too: QQmlProperty resolves them in the item's context."""
    prop = QQmlProperty(obj, name, ctx)
    if not prop.isValid():
        return False, None
    try:
        return True, to_json(prop.read(), meta.objref_for(ids))
    except (RuntimeError, TypeError, ValueError):
        return True, None


def bindings(obj: QObject, ids: objects.IdTable, name: str | None = None) -> dict[str, Any]:
    """Per property set in the object's QML declaration: value, whether the declaration
    binds it (and to what expression), file and line. See the section comment."""
    ctx = context_of(obj)
    if ctx is None:
        raise QtError("NOT_SUPPORTED", f"{objects.path_of(obj)} was not created by QML",
                      hint="qml.bindings reads QML declarations; pass an item created by QML "
                           "(qml.tree lists them, @id:name picks one).",
                      className=obj.metaObject().className())
    declared = _declared(obj)
    if declared is None:
        raise QtError("NOT_SUPPORTED",
                      f"the QML declaration of {objects.path_of(obj)} cannot be found",
                      hint="qml.bindings finds a declaration by the item's id or objectName "
                           "in its .qml file (a local file); give the item an id.",
                      baseUrl=ctx.baseUrl().toString())
    path, members = declared
    rows = []
    for m in members:
        if name is not None and m["name"] != name:
            continue
        ok, value = _read(obj, m["name"], ctx, ids)
        rows.append({"name": m["name"], "value": value if ok else None,
                     "bound": m["kind"] == "binding",
                     "expression": m["expression"] if m["kind"] in ("binding", "alias")
                     else None, "kind": m["kind"], "source": "qml file", "file": path,
                     "line": m["line"]})
    if name is not None and not rows:
        ok, value = _read(obj, name, ctx, ids)
        if not ok:
            meta = obj.metaObject()
            names = sorted({meta.property(i).name() for i in range(meta.propertyCount())})
            raise QtError("PROPERTY_NOT_FOUND",
                          f"{type_name(obj)} {objects.path_of(obj)} has no property {name!r}",
                          hint="data.declared lists the properties its QML declaration sets; "
                               "data.available all of its properties.",
                          declared=[m["name"] for m in members], available=names)
        rows.append({"name": name, "value": value, "bound": False, "expression": None,
                     "kind": "unset", "source": "none", "file": path, "line": None})
    return {"objectId": ids.id_of(obj), "type": type_name(obj), "qmlId": qml_id(obj) or None,
            "file": path, "properties": rows}
