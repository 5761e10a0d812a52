"""Selectors: find objects by path patterns and filters, not only by exact id.

Forms (the resolver, :mod:`~probe.core.objects.resolver`, sends every form starting with
``@`` or holding ``*`` or ``[`` here):

* path patterns, ``/``-separated from a root: ``mainWindow/*/tabs`` (``*`` is one level,
  any object; globs such as ``plan*Radio`` match objectNames), ``mainWindow/**/submitButton``
  (``**`` is any depth), ``optionsBox/QCheckBox[1]`` (a class name, ``[i]`` picks the
  i-th match, 0-based, negative from the end). A first segment that is no root is looked
  for anywhere, like plain paths.
* filters, searched in the whole tree: ``@name:nameEdit``, ``@class:QPushButton``
  (inherited classes match too), ``@text:Submit`` (a widget's text, title or current
  text, without ``&`` mnemonics), ``@accessible:Name:`` (the accessible name), combined
  as ``@class:QPushButton@text:OK``, with an optional ``[i]``. ``@id:loginButton`` is a
  QML id (the name an object has in the QML context that created it). A path segment may be a
  filter too: ``mainWindow/**/@class:QCheckBox``. Values may use ``*`` and ``?``.

Everything here runs on the GUI thread.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget

from probe.core.errors import QtError
from probe.core.objects import qtchildren
from probe.core.objects.paths import (
    AVAILABLE_LIMIT,
    QML_SUFFIX,
    class_name,
    is_probe_internal,
    match_segment,
    path_of,
    roots,
    segments_of,
)
from probe.core.objects.qmltypes import qml_id
from probe.core.objects.qtclass import qt_method
from probe.core.objects.text import strip_mnemonic

FILTER_KINDS = ("name", "class", "text", "accessible", "id")
_FILTER = re.compile(r"@(\w+):")
_INDEX = re.compile(r"^(.*)\[(-?\d+)\]$")
_GLOB = re.compile(r"[*?]")
#: How many candidates ELEMENT_AMBIGUOUS / ELEMENT_NOT_FOUND list.
LIST_LIMIT = 20


@dataclass
class Segment:
    """One step of a selector: a name pattern or filters, searched one level or deep."""

    raw: str
    deep: bool = False
    name: str | None = None
    filters: list[tuple[str, str]] = field(default_factory=list)
    index: int | None = None


# ---------------------------------------------------------------------------- parsing


def _invalid(selector: str, why: str) -> QtError:
    return QtError("INVALID_SELECTOR", f"{why} in {selector!r}", selector=selector,
                   filters=[f"@{k}:" for k in FILTER_KINDS])


def _parse_filters(text: str, selector: str) -> list[tuple[str, str]]:
    marks = list(_FILTER.finditer(text))
    if not marks or marks[0].start() != 0:
        raise _invalid(selector, "a filter starts with @kind:")
    out = []
    for i, m in enumerate(marks):
        kind = m.group(1)
        if kind not in FILTER_KINDS:
            raise _invalid(selector, f"unknown filter @{kind}:")
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        value = text[m.end():end]
        if not value:
            raise _invalid(selector, f"@{kind}: needs a value")
        out.append((kind, value))
    return out


def _parse_segment(part: str, deep: bool, selector: str) -> Segment:
    seg = Segment(part, deep=deep)
    body = part
    m = _INDEX.match(part)
    if m:
        body, seg.index = m.group(1), int(m.group(2))
    if not body:
        raise _invalid(selector, "an index needs something to index")
    if body.startswith("@"):
        seg.filters = _parse_filters(body, selector)
    else:
        if "[" in body or "]" in body:
            raise _invalid(selector, f"bad index in segment {part!r} (use name[0])")
        seg.name = body
    return seg


def parse(selector: str) -> list[Segment]:
    """The segments of ``selector``; INVALID_SELECTOR says what is malformed."""
    text = selector.strip()
    if not text:
        raise _invalid(selector, "empty selector")
    if text.startswith("@"):  # pure filters: '/' may be part of a value
        return [_parse_segment(text, True, selector)]
    segments: list[Segment] = []
    deep = False
    for part in text.strip("/").split("/"):
        if part == "**":
            deep = True
            continue
        if not part:
            raise _invalid(selector, "empty path segment")
        segments.append(_parse_segment(part, deep, selector))
        deep = False
    if not segments:
        raise _invalid(selector, "'**' needs a segment after it")
    return segments


# --------------------------------------------------------------------------- matching


def text_of(obj: QObject) -> list[str]:
    """What a user reads on ``obj``: text, title, current text, window title."""
    out = []
    tp = type(obj)
    for attr in ("text", "title", "currentText"):
        fn = qt_method(tp, attr)  # the Qt class's, not an attribute the app's class put there
        if fn is not None:
            try:
                value = fn(obj)
            except (TypeError, RuntimeError):
                continue
            if isinstance(value, str) and value:
                out.append(strip_mnemonic(value))
    if isinstance(obj, QWidget) and QWidget.isWindow(obj):
        title = QWidget.windowTitle(obj)
        if title:
            out.append(title)
    return out


def accessible_name(obj: QObject) -> str:
    iface = QAccessible.queryAccessibleInterface(obj)
    if iface is None or not iface.isValid():
        return ""
    return iface.text(QAccessible.Text.Name) or ""


def class_names(obj: QObject) -> list[str]:
    """The Qt class chain and Python class chain of ``obj`` (most derived first)."""
    names = []
    meta = QObject.metaObject(obj)
    while meta is not None:
        names.append(meta.className())
        meta = meta.superClass()
    names.extend(c.__name__ for c in type(obj).__mro__ if c.__name__ not in names)
    qml = [QML_SUFFIX.sub("", n).removeprefix("QQuick") for n in names
           if n.startswith("QQuick") or "_QML" in n]
    names.extend(n for n in qml if n and n not in names)  # QML types: Rectangle, Button
    return names


def _like(value: str, pattern: str) -> bool:
    return fnmatchcase(value, pattern) if _GLOB.search(pattern) else value == pattern


def _filter_ok(obj: QObject, kind: str, value: str) -> bool:
    if kind == "name":
        return _like(QObject.objectName(obj), value)
    if kind == "class":
        return any(_like(n, value) for n in class_names(obj))
    if kind == "text":
        return any(_like(t, value) for t in text_of(obj))
    if kind == "id":
        return _like(qml_id(obj), value)
    return _like(accessible_name(obj), value)


def _segment_ok(obj: QObject, seg: Segment) -> bool:
    if seg.filters:
        return all(_filter_ok(obj, k, v) for k, v in seg.filters)
    assert seg.name is not None
    name = QObject.objectName(obj)
    if _GLOB.search(seg.name):
        return fnmatchcase(name, seg.name) or (
            not name and fnmatchcase(class_name(obj), seg.name))
    if name == seg.name:
        return True
    return seg.name in class_names(obj)


def _visible_children(parent: QObject | None) -> list[QObject]:
    kids = roots() if parent is None else list(qtchildren.children(parent))
    return [k for k in kids if not is_probe_internal(k)]


def _descendants(parent: QObject | None) -> list[QObject]:
    if parent is None:
        out: list[QObject] = []
        for root in roots():
            out.append(root)
            out.extend(qtchildren.descendants(root))
    else:
        out = list(qtchildren.descendants(parent))
    return [o for o in out if not is_probe_internal(o)]


def _dedup(items: Iterable[QObject]) -> list[QObject]:
    seen: set[int] = set()
    out = []
    for obj in items:
        if id(obj) not in seen:
            seen.add(id(obj))
            out.append(obj)
    return out


def _pick(matches: list[QObject], index: int | None) -> list[QObject]:
    if index is None:
        return matches
    if -len(matches) <= index < len(matches):
        return [matches[index]]
    return []


def _match_path_segment(parents: list[QObject | None], seg: Segment) -> list[QObject]:
    """Exact ``name#k`` path segments keep the meaning path_of gives them."""
    out = []
    for parent in parents:
        hit = match_segment(_visible_children(parent), seg.raw)
        if hit is not None:
            out.append(hit)
    return out


def select_all(selector: str, ids: Any = None) -> list[QObject]:
    """Every object ``selector`` matches, in tree order; ELEMENT_NOT_FOUND if none."""
    segments = parse(selector)
    parents: list[QObject | None] = [None]
    for i, seg in enumerate(segments):
        if seg.name and "#" in seg.name and seg.index is None and not _GLOB.search(seg.name):
            matches = _match_path_segment(parents, seg)
        else:
            pool = (_descendants if seg.deep else _visible_children)
            matches = _dedup(o for p in parents for o in pool(p) if _segment_ok(o, seg))
            if not matches and i == 0 and not seg.deep:  # like plain paths: search anywhere
                matches = [o for o in _descendants(None) if _segment_ok(o, seg)]
        matches = _pick(matches, seg.index)
        if not matches:
            raise _not_found(selector, segments, i, parents)
        parents = list(matches)
    return [p for p in parents if p is not None]


def resolve_selector(selector: str, ids: Any = None) -> QObject:
    """The one object ``selector`` matches; ELEMENT_AMBIGUOUS says how many did."""
    matches = select_all(selector, ids)
    if len(matches) > 1:
            raise QtError(
            "ELEMENT_AMBIGUOUS", f"{selector!r} matches {len(matches)} objects",
            hint="Add an index such as [0], a parent path or another filter "
                 "(@class:QPushButton@text:OK); data.matches lists the first ones.",
            selector=selector, count=len(matches),
            matches=[path_of(o) for o in matches[:LIST_LIMIT]])
    return matches[0]


# ------------------------------------------------------------------------ diagnostics


def _not_found(selector: str, segments: list[Segment], i: int,
               parents: list[QObject | None]) -> QtError:
    seg = segments[i]
    prefix = "/".join(s.raw if not s.deep else f"**/{s.raw}" for s in segments[:i])
    if seg.filters and (i == 0 or seg.deep):
        kind, value = seg.filters[0]
        pool = _descendants(parents[0]) if parents[0] is not None or i == 0 else []
        available = _suggest(pool, kind, value)
        where = f"under {prefix!r}" if prefix else "anywhere"
        return QtError(
            "ELEMENT_NOT_FOUND", f"nothing matches {seg.raw!r} {where}",
            hint=f"data.available lists close {kind} values that exist; qt.objects.tree "
                 "shows the hierarchy.",
            selector=selector, matchedPrefix=prefix, missing=seg.raw, available=available)
    children: list[QObject] = []
    for parent in parents[:5]:
        children.extend(_visible_children(parent))
    available = [s for _, _, s in segments_of(children)][:AVAILABLE_LIMIT]
    if seg.index is not None:
        hint = f"{seg.raw!r}: the index is past the matches; data.available lists what exists"
    else:
        hint = "data.available lists the children where the selector stopped matching"
        if any(x.name == "*" for x in segments[:i]):
            hint += " ('*' is exactly one level; use '**' for any depth)"
    return QtError(
        "ELEMENT_NOT_FOUND",
        f"no {seg.raw!r} under {prefix!r}" if prefix else f"no {seg.raw!r} at the top",
        hint=hint + "; qt.objects.tree shows the hierarchy.",
        selector=selector, matchedPrefix=prefix, missing=seg.raw, available=available)


_VALUES: dict[str, Callable[[QObject], list[str]]] = {
    "name": lambda o: [n] if (n := QObject.objectName(o)) else [],
    "class": lambda o: [QObject.metaObject(o).className()],
    "text": text_of,
    "accessible": lambda o: [n] if (n := accessible_name(o)) else [],
    "id": lambda o: [n] if (n := qml_id(o)) else [],
}


def _suggest(pool: list[QObject], kind: str, value: str) -> list[str]:
    """Values of that filter kind that exist, the closest to ``value`` first."""
    values: list[str] = []
    seen: set[str] = set()
    for obj in pool[:5000]:
        try:
            found = _VALUES[kind](obj)
        except RuntimeError:
            continue
        for v in found:
            if v not in seen:
                seen.add(v)
                values.append(v)
    close = difflib.get_close_matches(value, values, n=LIST_LIMIT, cutoff=0.4)
    rest = [v for v in values if v not in close]
    return (close + rest)[:LIST_LIMIT]
