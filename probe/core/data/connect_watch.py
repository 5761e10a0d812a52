"""Watching the app's connects: the notes :mod:`probe.core.data.connections` reads.

Python code connects through PySide6 with ``SignalInstance.connect``
(``sig.connect(slot)``) or, in the old style, ``QObject.connect(sender, SIGNAL(...),
...)``; :func:`start` replaces both with thin wrappers that run Qt's own connect first,
then note the signal instance, the returned ``QMetaObject.Connection``, the slot (held so
that nothing of the app's is kept alive) and the line that called connect.

What a note costs is what a connect pays (``tests/bench/bench_connections.py``), so a
note is one flat tuple appended to one list, and it takes only what the answer needs:

- The site is the caller's code object and instruction offset (the line is looked up
  when asked). Only when the caller is not the app's (qtmcp, PySide6, the stdlib: known
  per file) are up to :data:`DEPTH` frames noted, so :func:`origin.site_in` finds the
  app's line further out or says none; never another line than the one the full walk
  would give.
- The slot: a plain function as its code object and qualified name (the connection holds
  the function while it lives, and a note outlives it only until a sweep); a bound
  method as a weak reference to its object (Python reuses one per object) and its
  function; a Qt method as its object (weakly) and name; a signal instance itself; any
  other callable weakly where Python allows, else itself.

A note is dropped once its connection ends: a sweep, run when the list has grown
:data:`GROWTH` times since the last one, keeps only connections Qt still holds
(``bool(connection)`` is false once it is disconnected, or its sender or receiver is
deleted), so the list is bounded by the app's live Python connections; readers skip
ended ones. Appends take no lock (one ``list.append`` is atomic); a sweep replaces the
part of the list it read, so a note appended meanwhile on another thread stays.
Holding the signal instance keeps its identity unique while the note lives; it does not
keep its object alive. Light: loaded at ``probe.install``, it imports nothing the start
does not already (#41). ``QTMCP_CONNECTIONS=0`` (or ``probe.install(connections=False)``)
turns it off.
"""

from __future__ import annotations

import os
import sys
import threading
import weakref
from dataclasses import dataclass
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


#: The notes, oldest first, each (signal instance, connection, site, offset, hold,
#: kind): the site is the caller's code object with its offset, or a
#: :func:`origin.note_caller` tuple with offset -1; hold and kind as :func:`_hold` says.
#: One flat tuple per connect: a connect pays for as little as can be.
_notes: list[tuple[Any, Any, Any, int, Any, Any]] = []
#: [the length at which the next sweep runs]
_sweep_at = [FLOOR]
#: co_filename -> whether its code is not the app's (qtmcp, PySide6, the stdlib)
_not_app: dict[str, bool] = {}
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


def _not_apps(filename: str) -> bool:
    """Whether code of ``filename`` is qtmcp's, PySide6's or the stdlib's (cached)."""
    found = _not_app.get(filename)
    if found is None:
        if len(_not_app) > 4096:
            _not_app.clear()
        found = _not_app[filename] = origin.hidden_file(filename)
    return found


def _site(skip: int) -> tuple[Any, int]:
    """(code, offset) of the frame ``skip`` levels above the caller, or the frames from
    there outwards and -1 when that code is not the app's."""
    f = sys._getframe(skip + 1)
    code = f.f_code
    if _not_apps(code.co_filename):
        return origin.note_caller(skip + 1, DEPTH), -1
    return code, f.f_lasti


def _note(signal: Any, slot: Any, handle: Any, site: tuple[Any, int]) -> None:
    """Note one connect (the old-style path; :func:`_wrap` inlines it)."""
    _notes.append((signal, handle, site[0], site[1], *_hold(slot)))
    if len(_notes) >= _sweep_at[0]:
        _sweep()


def _sweep() -> None:
    """Forget connections Qt no longer holds. Runs on one thread at a time (another
    that finds it running goes on); notes appended while it runs are kept."""
    if not _lock.acquire(blocking=False):
        return
    try:
        count = len(_notes)
        try:
            kept = [n for n in _notes[:count] if n[1]]
        except RuntimeError:
            kept = [n for n in _notes[:count] if _alive(n[1])]
        _notes[:count] = kept
        _sweep_at[0] = GROWTH * max(FLOOR // GROWTH, len(_notes))
    finally:
        _lock.release()


def _ended() -> None:
    """The app disconnected: sweep once the list has grown a little (not at once: an app
    that disconnects a hundred signals in a row would sweep a hundred times)."""
    soon = len(_notes)
    soon += max(FLOOR, soon // SOON)
    if soon < _sweep_at[0]:
        _sweep_at[0] = soon


def _wrap_disconnect(disconnect: Any) -> Any:
    def disconnect_seen(*args: Any, **kwargs: Any) -> Any:
        done = disconnect(*args, **kwargs)
        _ended()
        return done

    disconnect_seen.__wrapped__ = disconnect  # type: ignore[attr-defined]
    return disconnect_seen


def _wrap(connect: Any) -> Any:
    notes = _notes
    append = notes.append
    sweep_at = _sweep_at
    getframe = sys._getframe
    not_app = _not_app
    ref = weakref.ref
    method, function, qt_method, signal = (MethodType, FunctionType, BuiltinMethodType,
                                           SignalInstance)

    def connect_seen(self: Any, slot: Any, *args: Any, **kwargs: Any) -> Any:
        handle = connect(self, slot, *args, **kwargs)
        try:
            f = getframe(1)
            site: Any = f.f_code
            offset = f.f_lasti
            if not_app.get(site.co_filename) is not False and _not_apps(site.co_filename):
                site, offset = origin.note_caller(1, DEPTH), -1
            kind = type(slot)
            if kind is method:
                append((self, handle, site, offset, ref(slot.__self__), slot.__func__))
            elif kind is function:
                append((self, handle, site, offset, slot.__code__, slot.__qualname__))
            elif kind is qt_method and isinstance(slot.__self__, QObject):
                append((self, handle, site, offset, ref(slot.__self__), slot.__name__))
            elif kind is signal:
                append((self, handle, site, offset, slot, _STRONG))
            else:
                append((self, handle, site, offset, *_hold(slot)))
            if len(notes) >= sweep_at[0]:
                _sweep()
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
        QObject.disconnect = staticmethod(  # type: ignore[method-assign]
            _wrap_disconnect(disconnect_by_name.__func__))
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
        _notes.clear()
        _sweep_at[0] = FLOOR


def held() -> int:
    """How many notes the list holds, ended connections not yet swept included."""
    return len(_notes)


def notes_of(keys: set[int] | None = None) -> list[Seen]:
    """The live notes of these signal instances (ids), or all of them."""
    notes = list(_notes)
    if keys is not None:
        notes = [n for n in notes if id(n[0]) in keys]
    out: list[Seen] = []
    for signal, handle, site, offset, hold, kind in notes:
        if not _alive(handle):
            continue
        frames = (site, offset) if offset >= 0 else site
        out.append(Seen(signal, handle, _held(hold, kind), frames,
                        bool(frames) and origin.qtmcp_file(frames[0].co_filename)))
    return out
