"""Watching the app's connects: the notes :mod:`probe.core.data.connections` reads.

Python code connects through PySide6 with ``SignalInstance.connect``
(``sig.connect(slot)``) or, in the old style, ``QObject.connect(sender, SIGNAL(...),
...)``; :func:`start` replaces both with thin wrappers that run Qt's own connect first,
then note the signal instance, the returned ``QMetaObject.Connection``, a weak hold on
the slot and the calling frames (:func:`origin.note_caller`: code objects and offsets;
names and lines are read only when asked). A note is dropped when its connection ends: a
sweep, run when the table has doubled since the last one, keeps only connections Qt
still holds (``bool(connection)`` is false once it is disconnected, or its sender or
receiver is deleted), so the table is bounded by the app's live Python connections.
Holding the signal instance keeps its identity unique while the note lives; it does not
keep its object alive. Light: loaded at ``probe.install``, it imports nothing the start
does not already (#41).
``QTMCP_CONNECTIONS=0`` (or ``probe.install(connections=False)``) turns it off.
"""

from __future__ import annotations

import os
import threading
import weakref
from dataclasses import dataclass
from types import BuiltinMethodType, MethodType
from typing import Any

from PySide6.QtCore import QMetaObject, QObject, SignalInstance

from probe.core.objects import origin

_state: dict[str, Any] = {"on": False, "connect": None, "by_name": None}
_lock = threading.Lock()


#: Frames noted per connect: the line that called it is nearly always the first.
DEPTH = 4


@dataclass(frozen=True, slots=True)
class Bound:
    """A Qt method bound to its object (``button.click``): Python makes a new one at each
    access, so it is held as its object (weakly) and its name."""

    owner: QObject
    name: str


@dataclass(slots=True)
class Seen:
    """One connection the probe saw made, as the reader gets it."""

    signal: Any  # the SignalInstance connected
    handle: QMetaObject.Connection
    #: the slot (a Bound for a Qt method), None when what it belonged to is gone
    slot: Any
    frames: tuple[Any, ...]
    #: made by qtmcp itself (a subscription, a watch), not by the app
    own: bool


#: id(SignalInstance) -> the connections seen made through it, each (signal instance
#: (kept: its id stays its own), connection, held slot, frames). Tuples, not objects:
#: a connect pays for as little as can be.
_seen: dict[int, list[tuple[Any, Any, Any, tuple[Any, ...]]]] = {}
_size = {"now": 0, "swept": 64}
_WEAK = "w"
_METHOD = "m"
_QT = "q"


def _hold(slot: Any) -> Any:
    """What a note keeps of ``slot``: a bound method as its object (weakly) and function,
    a Qt method as its object (weakly) and name, else the slot itself weakly where Python
    allows, strongly where not (signal instances, builtins: no app object kept)."""
    if type(slot) is MethodType:
        try:
            return (_METHOD, weakref.ref(slot.__self__), slot.__func__)
        except TypeError:
            return slot
    if type(slot) is BuiltinMethodType:
        owner = slot.__self__
        if isinstance(owner, QObject):
            return (_QT, weakref.ref(owner), slot.__name__)
    try:
        return (_WEAK, weakref.ref(slot))
    except TypeError:
        return slot


def _held(hold: Any) -> Any:
    """The slot a :func:`_hold` kept, or None when its object is gone."""
    if type(hold) is tuple and hold and hold[0] in (_WEAK, _METHOD, _QT):
        kind, ref = hold[0], hold[1]
        target = ref()
        if kind == _WEAK or target is None:
            return target
        return MethodType(hold[2], target) if kind == _METHOD else Bound(target, hold[2])
    return hold


def _alive(handle: Any) -> bool:
    try:
        return bool(handle)
    except RuntimeError:
        return False


def _note(signal: Any, slot: Any, handle: Any, frames: tuple[Any, ...]) -> None:
    """Note one connect. No lock: appending is atomic; a note appended to a list a sweep
    on another thread has just replaced is lost, and then counted as unseen."""
    notes = _seen.get(id(signal))
    if notes is None:
        notes = _seen[id(signal)] = []
    notes.append((signal, handle, _hold(slot), frames))
    _size["now"] += 1
    if _size["now"] >= 2 * _size["swept"]:
        with _lock:
            _sweep()


def _sweep() -> None:
    """Forget connections Qt no longer holds (lock held)."""
    for key, notes in list(_seen.items()):
        kept = [n for n in notes if _alive(n[1])]
        if kept:
            _seen[key] = kept
        else:
            del _seen[key]
    _size["now"] = sum(len(n) for n in _seen.values())
    _size["swept"] = max(64, _size["now"])


def _wrap(connect: Any) -> Any:
    def connect_seen(self: Any, slot: Any, *args: Any, **kwargs: Any) -> Any:
        handle = connect(self, slot, *args, **kwargs)
        try:
            _note(self, slot, handle, origin.note_caller(1, DEPTH))
        except Exception:  # noqa: BLE001 - watching never raises into the app
            pass
        return handle

    connect_seen.__wrapped__ = connect  # type: ignore[attr-defined]
    return connect_seen


def _by_name(sender: Any, signal: Any, rest: tuple[Any, ...], handle: Any,
             frames: tuple[Any, ...]) -> None:
    """Note ``QObject.connect(sender, SIGNAL("sig(args)"), slot)`` (or ``receiver,
    SLOT("name()")``) under the sender's signal instance of that name."""
    if not (isinstance(sender, QObject) and isinstance(signal, str) and rest and handle):
        return
    name = signal.lstrip("0123456789").split("(", 1)[0]
    instance = vars(sender).get(name)
    if type(instance) is not SignalInstance:
        return
    slot = rest[0]
    if isinstance(slot, QObject) and len(rest) > 1 and isinstance(rest[1], str):
        slot = Bound(slot, rest[1].lstrip("0123456789").split("(", 1)[0])
    elif not callable(slot):
        return
    _note(instance, slot, handle, frames)


def _wrap_static(connect: Any) -> Any:
    def connect_seen(*args: Any, **kwargs: Any) -> Any:
        handle = connect(*args, **kwargs)
        if len(args) >= 3:
            try:
                _by_name(args[0], args[1], args[2:], handle, origin.note_caller(1, DEPTH))
            except Exception:  # noqa: BLE001 - watching never raises into the app
                pass
        return handle

    connect_seen.__wrapped__ = connect  # type: ignore[attr-defined]
    return staticmethod(connect_seen)


def start() -> bool:
    """Watch connects from now on (GUI thread, early: ``probe.install``); whether it could:
    ``signal.connect(slot)`` and ``QObject.connect(sender, SIGNAL(...), ...)``."""
    if _state["on"]:
        return True
    connect = SignalInstance.__dict__.get("connect")
    by_name = QObject.__dict__.get("connect")
    if connect is None or not isinstance(by_name, staticmethod):
        return False
    try:
        SignalInstance.connect = _wrap(connect)  # type: ignore[method-assign]
        QObject.connect = _wrap_static(by_name.__func__)  # type: ignore[method-assign]
    except (AttributeError, TypeError):  # a PySide6 whose types refuse it
        SignalInstance.connect = connect  # type: ignore[method-assign]
        return False
    _state.update(on=True, connect=connect, by_name=by_name)
    return True


def watching() -> bool:
    return bool(_state["on"])


def enabled_by_env() -> bool:
    """``QTMCP_CONNECTIONS`` unset or not 0/false/no/off."""
    return os.environ.get("QTMCP_CONNECTIONS", "").strip().lower() not in (
        "0", "false", "no", "off")


def stop() -> None:
    """Stop watching and forget what was seen (tests and benchmarks)."""
    if _state["on"]:
        SignalInstance.connect = _state["connect"]  # type: ignore[method-assign]
        QObject.connect = _state["by_name"]  # type: ignore[method-assign]
    _state.update(on=False, connect=None, by_name=None)
    with _lock:
        _seen.clear()
        _size.update(now=0, swept=64)


def held() -> int:
    """How many notes the table holds, ended connections not yet swept included."""
    return sum(len(group) for group in list(_seen.values()))


def notes_of(keys: set[int] | None = None) -> list[Seen]:
    """The live notes of these signal instances (ids), or all of them."""
    with _lock:
        if keys is None:
            notes = [n for group in list(_seen.values()) for n in list(group)]
        else:
            notes = [n for k in keys for n in list(_seen.get(k, ()))]
    return [Seen(signal, handle, _held(hold), frames,
                 bool(frames) and origin.qtmcp_file(frames[0].co_filename))
            for signal, handle, hold, frames in notes if _alive(handle)]
