"""Watching the app's connects: the notes :mod:`probe.core.data.connections` reads.

Python code connects through PySide6 with ``SignalInstance.connect``
(``sig.connect(slot)``) or, in the old style, ``QObject.connect(sender, SIGNAL(...),
...)``; :func:`start` replaces both with thin wrappers that run Qt's own connect first,
then note the signal instance, the returned ``QMetaObject.Connection``, the slot (held so
that nothing of the app's is kept alive) and the line that called connect.

What a note costs is what a connect pays (``tests/bench/bench_connections.py``), so a
note is five items added to its signal instance's flat list (no object of its own), and
it takes only what the answer needs:

- The site is the caller's code object and instruction offset (the line is looked up
  when asked). Only when the caller is not the app's (qtmcp, PySide6, the stdlib: known
  per file) are up to :data:`DEPTH` frames noted, so :func:`origin.site_in` finds the
  app's line further out or says none; never another line than the one the full walk
  would give.
- The slot: a plain function as its code object and qualified name (what names it and
  where it is defined: no weak reference per lambda, nothing of its closure kept); a
  bound method as a weak reference to its object (Python reuses one per object) and its
  function; a Qt method as its object (weakly) and name; a signal instance itself; any
  other callable weakly where Python allows, else itself.

A note is dropped once its connection ends: ``signal.disconnect(...)`` lets that
signal's ended ones go at once (a held ``QMetaObject.Connection`` keeps Qt's record of
an ended connection, and many of them slow the app's later connects); a sweep, run when
the notes have grown :data:`GROWTH` times since the last one (or a little after
``QObject.disconnect``), keeps only connections Qt still holds (``bool(connection)`` is
false once it is disconnected, or its sender or receiver is deleted), so the notes are
bounded by the app's live Python connections; readers skip ended ones. Adding a note
takes no lock (extending a list by a tuple is atomic); a sweep replaces the part of a
list it read, so a note added meanwhile on another thread stays. The table holds each
signal instance (its key) while it has notes; that does not keep its object alive.

What is left of the cost is the price of the promises: the caller's frame (Python makes
a frame object for it), the connection's handle kept alive (the only true word on
whether the connection still holds; its memory is not reused at the next connect and the
collector visits it) and the wrapper's call. Light: loaded at ``probe.install``, it
imports nothing the start does not already (#41). ``QTMCP_CONNECTIONS=0`` (or
``probe.install(connections=False)``) turns it off.
"""

from __future__ import annotations

import os
import sys
import threading
import weakref
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from itertools import compress
from types import BuiltinMethodType, CodeType, FunctionType, MethodType
from typing import Any

from PySide6.QtCore import QMetaObject, QObject, SignalInstance

from probe.core.objects import origin

_state: dict[str, Any] = {"on": False, "connect": None, "by_name": None,
                          "disconnect": None, "disconnect_by_name": None}
_lock = threading.Lock()


#: Frames noted when the line that called connect is not the app's (a helper of
#: qtmcp's, PySide6's or the stdlib's connected for it).
DEPTH = 4
#: The list is swept when it has grown this many times since the last sweep: each
#: sweep asks Qt about every note, so a larger factor asks less often per connect
#: (GROWTH / (GROWTH - 1) times a note while all live) and holds more ended ones.
GROWTH = 4
#: Notes the list holds before its first sweep.
FLOOR = 48
#: After a disconnect the next sweep comes once the list has grown by 1/SOON: ended
#: connections' handles held in bulk slow the app's later connects (PySide6 6.11: 80,000
#: held after a disconnect make a connect +2.4 us), so they are let go soon after.
SOON = 8


@dataclass(frozen=True, slots=True)
class Bound:
    """A Qt method bound to its object (``button.click``): Python makes a new one at each
    access, so it is held as its object (weakly) and its name."""

    owner: QObject
    name: str


@dataclass(frozen=True, slots=True)
class Function:
    """A plain function or lambda, as its code and qualified name: what names it and
    where it is defined, without keeping what its closure holds."""

    code: CodeType
    qualname: str


@dataclass(slots=True)
class Seen:
    """One connection the probe saw made, as the reader gets it."""

    signal: Any  # the SignalInstance connected
    handle: QMetaObject.Connection
    #: the slot (a Bound for a Qt method, a Function for a function), None when what
    #: it belonged to is gone
    slot: Any
    frames: tuple[Any, ...]
    #: made by qtmcp itself (a subscription, a watch), not by the app
    own: bool


#: SignalInstance (it hashes by identity) -> the notes of connections made through it,
#: oldest first, :data:`WIDTH` items each, flat: connection, site, offset, hold, kind (the
#: site is the caller's code object with its offset, or a :func:`origin.note_caller`
#: tuple with offset -1; hold and kind as :func:`_hold` says). Flat, not a tuple per
#: note: a connect pays for as little as can be, and the collector has one object fewer
#: per connection to visit.
_seen: dict[Any, list[Any]] = {}
WIDTH = 5
#: [notes held (approximate: not counted under a lock), the count at which the next
#: sweep runs]
_count = [0, FLOOR]
#: co_filename -> whether its code is not the app's (qtmcp, PySide6, the stdlib)
_not_app: dict[str, bool] = {}
#: type -> whether it is a QObject class (``isinstance`` through shiboken's metatype
#: costs ~0.14 us, a dict look-up ~0.04)
_qt_types: dict[type, bool] = {}
#: kinds of hold (a bound method's and a Qt method's are their function and name)
_WEAK = "weak"
_STRONG = None


def _hold(slot: Any) -> tuple[Any, Any]:
    """(hold, kind) a note keeps of ``slot`` (see the module's docstring); the wrapper
    inlines the common kinds."""
    kind = type(slot)
    if kind is MethodType:
        try:
            return weakref.ref(slot.__self__), slot.__func__
        except TypeError:
            return slot, _STRONG
    if kind is FunctionType:
        return slot.__code__, slot.__qualname__
    if kind is BuiltinMethodType:
        owner = slot.__self__
        if isinstance(owner, QObject):
            return weakref.ref(owner), slot.__name__
    if kind is SignalInstance:
        return slot, _STRONG
    try:
        return weakref.ref(slot), _WEAK
    except TypeError:
        return slot, _STRONG


def _held(hold: Any, kind: Any) -> Any:
    """The slot a :func:`_hold` kept, or None when its object is gone."""
    if kind is _STRONG:
        return hold
    if type(hold) is CodeType:
        return Function(hold, kind)
    target = hold()
    if kind is _WEAK or target is None:
        return target
    return Bound(target, kind) if type(kind) is str else MethodType(kind, target)


def _alive(handle: Any) -> bool:
    try:
        return bool(handle)
    except RuntimeError:
        return False


def _cached(table: dict[Any, bool], key: Any, compute: Callable[[Any], bool]) -> bool:
    """``compute(key)`` kept in ``table`` (a few thousand entries at most)."""
    found = table.get(key)
    if found is None:
        if len(table) > 4096:
            table.clear()
        found = table[key] = compute(key)
    return found


def _not_apps(filename: str) -> bool:
    """Whether code of ``filename`` is qtmcp's, PySide6's or the stdlib's (cached)."""
    return _cached(_not_app, filename, origin.hidden_file)


def _is_qobject_type(kind: type) -> bool:
    """Whether ``kind`` is a QObject class (cached)."""
    return _cached(_qt_types, kind, lambda k: issubclass(k, QObject))


def _site(skip: int) -> tuple[Any, int]:
    """(code, offset) of the frame ``skip`` levels above the caller, or the frames from
    there outwards and -1 when that code is not the app's."""
    f = sys._getframe(skip + 1)
    code = f.f_code
    if _not_apps(code.co_filename):
        return origin.note_caller(skip + 1, DEPTH), -1
    return code, f.f_lasti


def _note(signal: Any, slot: Any, handle: Any, site: tuple[Any, int]) -> None:
    """Note one connect (the old-style path and the uncommon slots; :func:`_wrap` inlines
    the common ones)."""
    notes = _seen.get(signal)
    if notes is None:
        notes = _seen[signal] = []
    notes += (handle, site[0], site[1], *_hold(slot))
    _count[0] += 1
    if _count[0] >= _count[1]:
        _sweep()


def _sweep() -> None:
    """Forget connections Qt no longer holds. Runs on one thread at a time (another
    that finds it running goes on); a note appended meanwhile to a list it keeps stays,
    one appended to a list it drops (every note of that signal ended) is lost and
    counted as unseen."""
    if not _lock.acquire(blocking=False):
        return
    try:
        total = 0
        for key, notes in list(_seen.items()):
            left = _keep_live(notes)
            if left:
                total += left
            else:
                del _seen[key]
        _count[0] = total
        _count[1] = GROWTH * max(FLOOR // GROWTH, total)
    finally:
        _lock.release()


def _keep_live(notes: list[Any]) -> int:
    """Drop the ended connections of one signal's notes in place (lock held; notes added
    meanwhile stay); how many notes are left. Asking Qt is one C-level pass; the list is rebuilt
    only when some connection ended."""
    upto = len(notes)
    upto -= upto % WIDTH
    read = notes[:upto]
    try:
        live = list(map(bool, read[::WIDTH]))
    except RuntimeError:
        live = [_alive(h) for h in read[::WIDTH]]
    if all(live):
        return len(notes) // WIDTH
    notes[:upto] = compress(read, [k for k in live for _ in range(WIDTH)])
    return len(notes) // WIDTH


def _ended() -> None:
    """Some connection ended where the watch cannot say which (``QObject.disconnect``):
    sweep once the notes have grown a little (not at once: an app that disconnects a
    hundred connections in a row would sweep a hundred times)."""
    soon = _count[0] + max(FLOOR, _count[0] // SOON)
    if soon < _count[1]:
        _count[1] = soon


def _wrap_disconnect(disconnect: Any) -> Any:
    """``signal.disconnect(...)``: that signal's ended connections are let go at once."""
    def disconnect_seen(self: Any, *args: Any, **kwargs: Any) -> Any:
        done = disconnect(self, *args, **kwargs)
        notes = _seen.get(self)
        if notes and _lock.acquire(blocking=False):  # else a sweep is at it
            try:
                before = len(notes) // WIDTH
                left = _keep_live(notes)
                _count[0] -= before - left
                if not left and _seen.get(self) is notes:
                    del _seen[self]  # its key would keep the signal instance
            except Exception:  # noqa: BLE001 - watching never raises into the app
                pass
            finally:
                _lock.release()
        return done

    disconnect_seen.__wrapped__ = disconnect  # type: ignore[attr-defined]
    return disconnect_seen


def _wrap_static_disconnect(disconnect: Any) -> Any:
    def disconnect_seen(*args: Any, **kwargs: Any) -> Any:
        done = disconnect(*args, **kwargs)
        _ended()
        return done

    disconnect_seen.__wrapped__ = disconnect  # type: ignore[attr-defined]
    return staticmethod(disconnect_seen)


def _wrap(connect: Any) -> Any:
    seen = _seen
    count = _count
    getframe = sys._getframe
    not_app = _not_app
    qt_types = _qt_types
    ref = weakref.ref
    method, function, qt_method = MethodType, FunctionType, BuiltinMethodType

    def connect_seen(self: Any, slot: Any, *args: Any, **kwargs: Any) -> Any:
        handle = connect(self, slot, *args, **kwargs) if args or kwargs else connect(
            self, slot)
        try:
            f = getframe(1)
            site: Any = f.f_code
            offset = f.f_lasti
            if not_app.get(site.co_filename) is not False and _not_apps(site.co_filename):
                site, offset = origin.note_caller(1, DEPTH), -1
            kind = type(slot)
            if kind is method:
                note = (handle, site, offset, ref(slot.__self__), slot.__func__)
            elif kind is function:
                note = (handle, site, offset, slot.__code__, slot.__qualname__)
            elif kind is qt_method and (qt_types.get(type(owner := slot.__self__))
                                        or _is_qobject_type(type(owner))):
                note = (handle, site, offset, ref(owner), slot.__name__)
            else:
                _note(self, slot, handle, (site, offset))
                return handle
            notes = seen.get(self)
            if notes is None:
                seen[self] = list(note)
            else:
                notes += note
            count[0] += 1
            if count[0] >= count[1]:
                _sweep()
        except TypeError:  # a method of an object Python cannot refer to weakly
            with suppress(Exception):
                _note(self, slot, handle, (site, offset))
        except Exception:  # noqa: BLE001 - watching never raises into the app
            pass
        return handle

    connect_seen.__wrapped__ = connect  # type: ignore[attr-defined]
    return connect_seen


def _by_name(sender: Any, signal: Any, rest: tuple[Any, ...], handle: Any,
             site: tuple[Any, int]) -> None:
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
    _note(instance, slot, handle, site)


def _wrap_static(connect: Any) -> Any:
    def connect_seen(*args: Any, **kwargs: Any) -> Any:
        handle = connect(*args, **kwargs)
        if len(args) >= 3:
            try:
                _by_name(args[0], args[1], args[2:], handle, _site(1))
            except Exception:  # noqa: BLE001 - watching never raises into the app
                pass
        return handle

    connect_seen.__wrapped__ = connect  # type: ignore[attr-defined]
    return staticmethod(connect_seen)


def start() -> bool:
    """Watch connects from now on (GUI thread, early: ``probe.install``); whether it could:
    ``signal.connect(slot)`` and ``QObject.connect(sender, SIGNAL(...), ...)``, and their
    disconnects (which only hasten the next sweep)."""
    if _state["on"]:
        return True
    connect = SignalInstance.__dict__.get("connect")
    by_name = QObject.__dict__.get("connect")
    disconnect = SignalInstance.__dict__.get("disconnect")
    disconnect_by_name = QObject.__dict__.get("disconnect")
    if (connect is None or disconnect is None or not isinstance(by_name, staticmethod)
            or not isinstance(disconnect_by_name, staticmethod)):
        return False
    try:
        SignalInstance.connect = _wrap(connect)  # type: ignore[method-assign]
        QObject.connect = _wrap_static(by_name.__func__)  # type: ignore[method-assign]
        SignalInstance.disconnect = _wrap_disconnect(disconnect)  # type: ignore[method-assign]
        QObject.disconnect = _wrap_static_disconnect(  # type: ignore[method-assign]
            disconnect_by_name.__func__)
    except (AttributeError, TypeError):  # a PySide6 whose types refuse it
        _restore(connect, by_name, disconnect, disconnect_by_name)
        return False
    _state.update(on=True, connect=connect, by_name=by_name, disconnect=disconnect,
                  disconnect_by_name=disconnect_by_name)
    return True


def _restore(connect: Any, by_name: Any, disconnect: Any, disconnect_by_name: Any) -> None:
    SignalInstance.connect = connect  # type: ignore[method-assign]
    QObject.connect = by_name  # type: ignore[method-assign]
    SignalInstance.disconnect = disconnect  # type: ignore[method-assign]
    QObject.disconnect = disconnect_by_name  # type: ignore[method-assign]


def watching() -> bool:
    return bool(_state["on"])


def enabled_by_env() -> bool:
    """``QTMCP_CONNECTIONS`` unset or not 0/false/no/off."""
    return os.environ.get("QTMCP_CONNECTIONS", "").strip().lower() not in (
        "0", "false", "no", "off")


def stop() -> None:
    """Stop watching and forget what was seen (tests and benchmarks)."""
    if _state["on"]:
        _restore(_state["connect"], _state["by_name"], _state["disconnect"],
                 _state["disconnect_by_name"])
    _state.update(on=False, connect=None, by_name=None, disconnect=None,
                  disconnect_by_name=None)
    with _lock:
        _seen.clear()
        _count[:] = [0, FLOOR]


def held() -> int:
    """How many notes are held, ended connections not yet swept included."""
    return sum(len(notes) // WIDTH for notes in list(_seen.values()))


def notes_of(keys: set[int] | None = None) -> list[Seen]:
    """The live notes of these signal instances (ids), or all of them."""
    notes = [(signal, group[:len(group) - len(group) % WIDTH])
             for signal, group in list(_seen.items()) if keys is None or id(signal) in keys]
    out: list[Seen] = []
    for signal, handle, site, offset, hold, kind in (
            (signal, *group[i:i + WIDTH]) for signal, group in notes
            for i in range(0, len(group), WIDTH)):
        if not _alive(handle):
            continue
        frames = (site, offset) if offset >= 0 else site
        out.append(Seen(signal, handle, _held(hold, kind), frames,
                        bool(frames) and origin.qtmcp_file(frames[0].co_filename)))
    return out
