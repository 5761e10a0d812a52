"""qml.bindings: which of an item's properties are bound, read from its QML declaration.

Qt keeps a property's binding in private API only (QQmlPropertyPrivate::binding), so
the probe reads the item's declaration in its .qml file instead: ``name: expression``
there is a binding unless the expression is a constant, which QML assigns once. What
the file says is what the app started with; an imperative assignment made later
(``item.width = 3`` in JavaScript, qt.properties.set) silently removes a binding and no
public API tells, so ``bound`` means "declared as a binding", not "still bound". GUI thread.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtQml import QQmlContext, QQmlProperty

from probe.core.errors import QtError
from probe.core.objects.idtable import IdTable
from probe.core.objects.meta import objref_for
from probe.core.objects.paths import path_of
from probe.core.objects.qmltypes import context_of, qml_id, type_name
from probe.core.objects.variant import to_json
from probe.core.qml.dependencies import dependencies
from probe.core.qml.qmltext import blank as _blank
from probe.core.qml.qmltext import match_close as _match_close

_LITERAL = re.compile(
    r"""^(?:[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|0[xX][0-9a-fA-F]+|true|false|null"""
    r"""|undefined|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Z]\w*(?:\.[A-Z]\w*)+)$""")
_MEMBER = re.compile(
    r"(?:(?:readonly|required|default)\s+)*property\s+(?:alias|[\w.]+(?:<[\w.]+>)?)\s+(\w+)"
    r"|([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)")
_CONTINUES_AFTER = tuple("+-*/%&|^!=<>?:,.(")
_CONTINUES_BEFORE = ("+", "-", "*", "/", "%", "&&", "||", "?", ":", ".", "|", "&", "^")


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
    name = QObject.objectName(obj)
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


def _read(obj: QObject, name: str, ctx: QQmlContext, ids: IdTable) -> tuple[bool, Any]:
    """(exists, value as JSON) of a QML property, dotted (anchors.fill) and attached
    (Accessible.name) ones too: QQmlProperty resolves them in the item's context."""
    prop = QQmlProperty(obj, name, ctx)
    if not prop.isValid():
        return False, None
    try:
        return True, to_json(prop.read(), objref_for(ids))
    except (RuntimeError, TypeError, ValueError):
        return True, None


def bindings(obj: QObject, ids: IdTable, name: str | None = None,
             loops: Collection[tuple[str, int, str]] = ()) -> dict[str, Any]:
    """Per property set in the object's QML declaration: value, whether the declaration
    binds it (and to what expression, what that reads: ``dependencies``), file and line.
    ``loops``: (file, line, property) of the binding loops Qt reported; a binding there is
    marked ``loop``. See the section comment."""
    ctx = context_of(obj)
    if ctx is None:
        raise QtError("NOT_SUPPORTED", f"{path_of(obj)} was not created by QML",
                      hint="qml.bindings reads QML declarations; pass an item created by QML "
                           "(qml.tree lists them, @id:name picks one).",
                      className=QObject.metaObject(obj).className())
    declared = _declared(obj)
    if declared is None:
        raise QtError("NOT_SUPPORTED",
                      f"the QML declaration of {path_of(obj)} cannot be found",
                      hint="qml.bindings finds a declaration by the item's id or objectName "
                           "in its .qml file (a local file); give the item an id.",
                      baseUrl=ctx.baseUrl().toString())
    path, members = declared
    rows = []
    for m in members:
        if name is not None and m["name"] != name:
            continue
        ok, value = _read(obj, m["name"], ctx, ids)
        row = {"name": m["name"], "value": value if ok else None,
               "bound": m["kind"] == "binding",
               "expression": m["expression"] if m["kind"] in ("binding", "alias")
               else None, "kind": m["kind"], "source": "qml file", "file": path,
               "line": m["line"]}
        if m["kind"] in ("binding", "alias"):
            row["dependencies"] = dependencies(obj, ctx, m["expression"], ids)
            row["loop"] = any(f == path and line == m["line"] and m["name"].split(".")[-1]
                              == prop.split(".")[-1] for f, line, prop in loops)
        rows.append(row)
    if name is not None and not rows:
        ok, value = _read(obj, name, ctx, ids)
        if not ok:
            meta = QObject.metaObject(obj)
            names = sorted({str(meta.property(i).name()) for i in range(meta.propertyCount())})
            raise QtError("PROPERTY_NOT_FOUND",
                          f"{type_name(obj)} {path_of(obj)} has no property {name!r}",
                          hint="data.declared lists the properties its QML declaration sets; "
                               "data.available all of its properties.",
                          declared=[m["name"] for m in members], available=names)
        rows.append({"name": name, "value": value, "bound": False, "expression": None,
                     "kind": "unset", "source": "none", "file": path, "line": None})
    return {"objectId": ids.id_of(obj), "type": type_name(obj), "qmlId": qml_id(obj) or None,
            "file": path, "properties": rows}
