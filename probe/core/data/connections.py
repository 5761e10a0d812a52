"""Signal connections: whom an object's signals reach, who reaches it, and the line of
code that connected each, where the probe saw it (:mod:`connect_watch` notes them).

Qt counts a signal's receivers (``QObject.receivers``) but names none of them in public
API, and PySide6 names neither a signal instance's object nor its owner. It does keep
each object's signal instances in that object's ``__dict__`` for as long as its wrapper
lives (and each overload in that instance's chain, ``obj.sig[int]``): an object's
connections are the notes whose signal instance is one of its own.

What it cannot name, and counts instead per signal (Qt's receivers minus those named):
connections made before watching began, by C++ (Qt's own, a C++ or PyQt6 app, QML,
PySide6's own: it connects a sender's ``destroyed`` for each Python callable it calls);
and those of an object made by C++ whose wrapper Python dropped since (a new wrapper has
new signal instances). Connections qtmcp made (a client's subscription) are counted
apart and not listed.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from dataclasses import dataclass
from types import CodeType, FunctionType, MethodType
from typing import Any, Literal, cast

import shiboken6
from PySide6.QtCore import QCoreApplication, QMetaMethod, QObject, SignalInstance

from probe.core import faults
from probe.core.data.connect_watch import Bound, Function, Seen, notes_of, watching
from probe.core.objects import origin, paths, qtchildren
from probe.core.objects.idtable import IdTable
from probe.wire._shared import CodeLine
from probe.wire.qt_signals import Connection, Connections, SignalReceivers

SlotKind = Literal["method", "function", "lambda", "partial", "signal", "callable"]

_REPR = re.compile(r"SignalInstance (.+) at 0x[0-9a-fA-F]+>$")


# ------------------------------------------------------------------------------ reading


def signature_of(signal: Any) -> str:
    """``clicked()`` from a signal instance (its repr is all PySide6 tells)."""
    found = _REPR.search(repr(signal))
    return found.group(1) if found else "?"


@dataclass(frozen=True, slots=True)
class SignalInfo:
    """One signal of an object: its signature and the signature Qt counts it under (a
    clone made for a default argument, ``clicked()``, counts as ``clicked(bool)``)."""

    signature: str
    counted_as: str
    name: str
    parameters: str


def signals_of(obj: QObject) -> list[SignalInfo]:
    """The object's signals in method order, each clone folded onto its original."""
    mo = QObject.metaObject(obj)
    out: list[SignalInfo] = []
    last: SignalInfo | None = None
    for i in range(mo.methodCount()):
        m = mo.method(i)
        if m.methodType() != QMetaMethod.MethodType.Signal:
            continue
        sig = bytes(m.methodSignature().data()).decode("utf-8", "replace")
        name = sig.split("(", 1)[0]
        params = sig[len(name) + 1:-1]
        counted = sig
        if (last is not None and last.name == name and last.parameters.startswith(params)
                and len(params) < len(last.parameters)):
            counted = last.counted_as  # Qt places a clone right after its original
        info = SignalInfo(sig, counted, name, params)
        if counted == sig:
            last = info
        out.append(info)
    return out


def _instances(obj: QObject, signals: list[SignalInfo]) -> dict[int, str]:
    """id -> signature of the object's signal instances (each overload too)."""
    found: dict[int, str] = {}
    try:
        own = vars(obj)
    except TypeError:
        return found
    by_name: dict[str, list[SignalInfo]] = {}
    for s in signals:
        by_name.setdefault(s.name, []).append(s)
    for name, value in list(own.items()):
        if type(value) is not SignalInstance or name not in by_name:
            continue
        found[id(value)] = signature_of(value)
        for s in by_name[name]:
            try:  # the overload in the instance's chain (an app may connect obj.sig[int])
                found[id(cast(Any, value)[s.parameters])] = s.signature
            except (IndexError, KeyError, TypeError, ValueError):
                pass  # not an overload PySide knows by that spelling
    return found


def receivers(obj: QObject, signature: str) -> int:
    """Qt's count of the signal's receivers (every connection, seen or not)."""
    return faults.value(QObject.receivers, 0, obj, "2" + signature)


def outbound(obj: QObject, signals: list[SignalInfo]) -> list[tuple[str, Seen]]:
    """(signature, connection) of each live connection seen from the object's signals."""
    mine = _instances(obj, signals)
    return [(mine[id(n.signal)], n) for n in notes_of(set(mine))]


def _self_of(slot: MethodType | Bound) -> Any:
    return slot.owner if isinstance(slot, Bound) else slot.__self__


def inbound(obj: QObject, signals: list[SignalInfo]) -> list[Seen]:
    """Each live connection seen whose slot is the object's (a method of it or one of
    its signals)."""
    mine = _instances(obj, signals)
    out: list[Seen] = []
    for n in notes_of():
        slot = n.slot
        if slot is None:
            continue
        if type(slot) is SignalInstance:
            if id(slot) in mine:
                out.append(n)
        else:
            while isinstance(slot, functools.partial):
                slot = slot.func
            if isinstance(slot, (MethodType, Bound)) and _self_of(slot) is obj:
                out.append(n)
    return out


# ----------------------------------------------------------------------------- slots


@dataclass(frozen=True, slots=True)
class Slot:
    """What a connection calls: its kind, a name a developer reads, the object it belongs
    to (a method of a QObject, a signal instance's owner where found) and where its code
    is defined."""

    kind: SlotKind
    name: str
    receiver: QObject | None
    defined: CodeLine | None
    gone: bool = False


def _defined(fn: Any) -> CodeLine | None:
    code = getattr(fn, "__code__", None)
    return None if code is None else _defined_at(code)


def _defined_at(code: CodeType) -> CodeLine:
    return {"file": os.path.abspath(code.co_filename), "line": code.co_firstlineno,
            "function": code.co_qualname if sys.version_info >= (3, 11) else code.co_name}


def _qualname(fn: Any) -> str:
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None)
    if isinstance(name, str):
        return name
    return type(fn).__qualname__


def describe(slot: Any, owners: dict[int, QObject] | None = None) -> Slot:
    """Name a slot the way its code does: ``MainWindow._on_submit``, ``<lambda>`` with its
    line, ``partial(save)``, a signal's signature. ``owners`` maps signal instances' ids
    to the object they belong to, where the caller knows them."""
    if slot is None:
        return Slot("callable", "(gone)", None, None, gone=True)
    if type(slot) is SignalInstance:
        owner = (owners or {}).get(id(slot))
        return Slot("signal", signature_of(slot), owner, None)
    if isinstance(slot, functools.partial):
        inner = describe(slot.func, owners)
        return Slot("partial", f"partial({inner.name})", inner.receiver, inner.defined)
    if isinstance(slot, Bound):
        cls = QObject.metaObject(slot.owner).className()
        return Slot("method", f"{cls}.{slot.name}", slot.owner, None)
    if isinstance(slot, MethodType):
        me = slot.__self__
        receiver = me if isinstance(me, QObject) else None
        return Slot("method", _qualname(slot.__func__), receiver, _defined(slot.__func__))
    if isinstance(slot, Function):  # a function as the watch holds it
        kind: SlotKind = "lambda" if slot.code.co_name == "<lambda>" else "function"
        return Slot(kind, slot.qualname, None, _defined_at(slot.code))
    if isinstance(slot, FunctionType):
        kind = "lambda" if slot.__name__ == "<lambda>" else "function"
        return Slot(kind, _qualname(slot), None, _defined(slot))
    call = type(slot).__dict__.get("__call__")
    return Slot("callable", _qualname(slot), slot if isinstance(slot, QObject) else None,
                _defined(call))


def connected_at(seen: Seen) -> CodeLine | None:
    """The app's line that called ``connect``, or None when only qtmcp or Qt did."""
    site = origin.site_in(seen.frames)
    if site is None:
        return None
    return {"file": site["file"], "line": site["line"], "function": site["function"]}


def owners_of(signals: set[int], near: QObject, limit: int = 20000) -> dict[int, QObject]:
    """The objects that own these signal instances (ids), looked for in ``near``'s whole
    tree (from its top ancestor): a signal connected to another object's signal names
    that object when it lives in the same tree."""
    found: dict[int, QObject] = {}
    top = near
    while (up := qtchildren.parent(top)) is not None:
        top = up
    stack = [top]
    walked = 0
    while stack and len(found) < len(signals) and walked < limit:
        obj = stack.pop()
        walked += 1
        try:
            own = vars(obj)
        except TypeError:
            own = {}
        for value in list(own.values()):
            if type(value) is SignalInstance and id(value) in signals:
                found[id(value)] = obj
        stack.extend(faults.value(qtchildren.children, [], obj))
    return found


# ----------------------------------------------------------------------------- report


def report(obj: QObject, ids: IdTable) -> Connections:
    """Everything :class:`Connections` says about ``obj`` (GUI thread)."""
    signals = signals_of(obj)
    out = outbound(obj, signals)
    into = inbound(obj, signals)
    wanted = {id(s) for _, n in out if type(s := n.slot) is SignalInstance}
    wanted |= {id(n.signal) for n in into}
    owners = owners_of(wanted, obj) if wanted else {}
    counted = {s.signature: s.counted_as for s in signals}
    named: dict[str, int] = {}
    own: dict[str, int] = {}
    listed: list[Connection] = []
    for sig, n in out:
        key = counted.get(sig, sig)
        tally = own if n.own else named
        tally[key] = tally.get(key, 0) + 1
        if not n.own:
            listed.append(_connection(sig, n, owners, ids))
    rows: list[SignalReceivers] = []
    for s in signals:
        if s.counted_as != s.signature:
            continue
        total = receivers(obj, s.signature)
        if total:
            seen, mine = named.get(s.signature, 0), own.get(s.signature, 0)
            rows.append({"signal": s.signature, "receivers": total, "named": seen,
                         "qtmcp": mine, "unseen": max(0, total - seen - mine)})
    inbound_rows = [_connection(signature_of(n.signal), n, owners, ids,
                                owners.get(id(n.signal)), inbound=True)
                    for n in into if not n.own]
    return {"objectId": ids.id_of(obj), "className": QObject.metaObject(obj).className(),
            "outbound": listed, "inbound": inbound_rows, "signals": rows,
            "watching": watching() and _pyside_app()}


def _pyside_app() -> bool:
    """Whether the app is PySide6's own (a PyQt6 or C++ app connects where no wrapper
    sees it)."""
    app = QCoreApplication.instance()
    return app is not None and bool(faults.value(shiboken6.createdByPython, False, app))


def _summary(obj: QObject | None, ids: IdTable) -> Any:
    if obj is None:
        return None
    return faults.value(paths.describe, None, obj, ids, obj=obj)


def _connection(signal: str, n: Seen, owners: dict[int, QObject], ids: IdTable,
                sender: QObject | None = None, inbound: bool = False) -> Connection:
    slot = faults.value(describe, Slot("callable", "?", None, None), n.slot, owners)
    row: Connection = {"signal": signal, "kind": slot.kind, "slot": slot.name,
                       "defined": slot.defined, "connectedAt": connected_at(n)}
    if inbound:
        row["sender"] = _summary(sender, ids)
    else:
        row["receiver"] = _summary(slot.receiver, ids)
    if slot.gone:
        row["gone"] = True
    return row
