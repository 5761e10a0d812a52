"""Where a QObject was made: the Python line that constructed it, noted at construction.

Qt has no public hook on QObject construction and PySide6 none either, so recording
replaces the ``__init__`` of every QObject class of the PySide6 modules loaded (and of
those loaded later) with a thin wrapper: it notes the calling frames' code objects and
line numbers on the new wrapper, then runs Qt's own ``__init__``. A subclass's
``super().__init__()`` goes through it too, so app classes need nothing. The note is kept
beside the object, never on it: an app class's ``__setattr__`` may refuse attributes, track
them as changes or forward them to ``setProperty``, and ``vars(obj)`` is the app's. The
table is keyed by the wrapper's identity through a weak reference, whose callback drops
the entry when the wrapper goes (it lives as long as a Python-made object: shiboken keeps
it with its parent), so nothing leaks and no id is mistaken for another. Recording never
raises into the app.

What it cannot know: objects made before recording began (``qtmcp attach``, a late
``probe.install()``) and objects made by C++ (QML, Qt's own children, a C++ app) carry
no note; :func:`site_of` says None and the caller says "unknown". Names and files are
resolved only when asked, so recording costs a frame walk and a tuple per object
(``tests/bench/bench_origin.py`` measures it). ``QTMCP_ORIGINS=0`` (or
``probe.install(origins=False)``) turns it off.
"""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
import weakref
from collections.abc import Sequence
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, Any

import PySide6
import shiboken6
from PySide6.QtCore import QObject

from probe.wire._shared import CodeLine, PythonSite

if TYPE_CHECKING:
    from importlib.abc import Loader

#: Frames noted per object: enough for a few levels of app subclasses' ``__init__`` and
#: the short stack above the creating line.
DEPTH = 8
#: Frames shown in ``stack``.
SHOWN = 6

_getframe = sys._getframe
_state: dict[str, Any] = {"on": False, "finder": None}


class _Note(weakref.ref[Any]):
    """A weak reference to a noted wrapper, carrying its note: ``frames`` is (code, offset,
    code, offset, …), innermost frame first (the instruction offset, ``f_lasti``, is
    cheaper to take than the line, which is looked up only when asked)."""

    __slots__ = ("frames", "key")
    key: int
    frames: tuple[Any, ...]


def _drop(ref: _Note) -> None:
    """The wrapper is being freed: forget its note before its id can be reused."""
    if _notes.get(ref.key) is ref:
        del _notes[ref.key]


#: id(wrapper) -> its note; see the module's docstring.
_notes: dict[int, _Note] = {}


def _keep(obj: Any, frames: tuple[Any, ...]) -> None:
    """Note ``frames`` for ``obj`` beside it; whatever goes wrong stays here."""
    try:
        ref = _Note(obj, _drop)
        ref.key = id(obj)
        ref.frames = frames
        _notes[ref.key] = ref
    except Exception:  # noqa: BLE001 - no weak reference to it: no note, the app unharmed
        pass


def noted_count() -> int:
    """Notes kept now (one per live Python-made wrapper; a diagnostic for tests)."""
    return len(_notes)


def _noted(obj: Any) -> tuple[Any, ...] | None:
    """The frames noted when ``obj`` was made, or None."""
    ref = _notes.get(id(obj))
    return ref.frames if ref is not None and ref() is obj else None


def note_caller(skip: int, depth: int = DEPTH) -> tuple[Any, ...]:
    """(code, offset, …) of the ``depth`` frames above the caller ``skip`` levels up (none
    when there is no Python frame there: C++, QML, calls a Python type's ``__init__``);
    :func:`site_in` turns it into the app's line."""
    f = _getframe(1)
    for _ in range(skip):
        f = f.f_back if f is not None else None
    note: list[Any] = []
    n = 0
    while f is not None and n < depth:
        note.append(f.f_code)
        note.append(f.f_lasti)
        f = f.f_back
        n += 1
    return tuple(note)


#: Qt methods that make a QObject in C++ for their caller and return it (a menu's
#: action, a main window's menu bar): the line that called them made it.
FACTORIES: dict[str, tuple[str, ...]] = {
    "QWidget": ("addAction",),
    "QMenu": ("addAction", "addMenu", "addSection", "addSeparator"),
    "QMenuBar": ("addAction", "addMenu", "addSeparator"),
    "QToolBar": ("addAction", "addSeparator", "addWidget"),
    "QMainWindow": ("menuBar", "statusBar", "addToolBar"),
    "QActionGroup": ("addAction",),
    "QDialogButtonBox": ("addButton",),
    "QMessageBox": ("addButton",),
}


def _wrap_factory(make: Any) -> Any:
    def factory(self: Any, *args: Any, **kwargs: Any) -> Any:
        made = make(self, *args, **kwargs)
        if isinstance(made, QObject) and _noted(made) is None:
            _keep(made, note_caller(1))
        return made

    factory.__name__ = getattr(make, "__name__", "factory")
    factory.__wrapped__ = make  # type: ignore[attr-defined]
    factory.__qtmcp_wrapped__ = True  # type: ignore[attr-defined]
    return factory


def _wrap(init: Any) -> Any:
    # no functools.wraps: copying __doc__ makes shiboken build every signature (slow)
    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        note = note_caller(1)
        init(self, *args, **kwargs)
        _keep(self, note)

    __init__.__wrapped__ = init  # type: ignore[attr-defined]
    __init__.__qtmcp_wrapped__ = True  # type: ignore[attr-defined]
    return __init__


def _patch_class(value: Any) -> bool:
    """Wrap ``__init__`` of a QObject class of Qt's (once); whether it was wrapped."""
    if not (isinstance(value, type) and issubclass(value, QObject)):
        return False
    for name in FACTORIES.get(value.__name__, ()):
        make = value.__dict__.get(name)
        if make is not None and not getattr(make, "__qtmcp_wrapped__", False):
            try:
                setattr(value, name, _wrap_factory(make))
            except (AttributeError, TypeError):
                pass
    init = value.__dict__.get("__init__")
    if init is None or getattr(init, "__qtmcp_wrapped__", False):
        return False
    try:
        value.__init__ = _wrap(init)  # type: ignore[misc]
    except (AttributeError, TypeError):  # a type that refuses new attributes
        return False
    return True


class _RecordingModule(ModuleType):
    """A PySide6 module whose classes are made lazily (PySide6 >= 6.7 creates a class on
    first access): each class is wrapped as it is first taken from the module, so
    recording costs nothing for the hundreds of classes an app never uses."""

    def __getattribute__(self, name: str) -> Any:
        try:
            value = ModuleType.__getattribute__(self, name)
        except AttributeError:
            # shiboken makes lazy classes in the module type's own attribute lookup,
            # which a subclass does not reach: take it as a plain module for this once
            object.__setattr__(self, "__class__", ModuleType)
            try:
                value = getattr(self, name)
            finally:
                object.__setattr__(self, "__class__", _RecordingModule)
        if type(value) is not type and isinstance(value, type) and value not in _SEEN:
            _SEEN.add(value)
            _patch_class(value)
        return value


_SEEN: set[type] = set()


def _patch_module(module: ModuleType) -> int:
    """Wrap the QObject classes ``module`` has made so far and those it makes later."""
    count = sum(_patch_class(v) for v in list(vars(module).values()))
    if type(module) is ModuleType:
        try:
            module.__class__ = _RecordingModule
        except TypeError:
            pass
    return count


def _is_qt_module(name: str) -> bool:
    return name.startswith("PySide6.Qt") and name.count(".") == 1


class _Finder:
    """Finds nothing itself: wraps the loader of a PySide6 module the app imports later
    (QtCharts, QtWebEngineWidgets…) so its classes are recorded too. A meta path finder
    and a loader by their methods, as the import system asks for them: importlib.abc's
    base classes would cost every app ~1.4 MiB at start (#41)."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not _is_qt_module(name) or name in sys.modules:
            return None
        sys.meta_path.remove(self)  # the usual finders, without us
        try:
            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loaded(spec.loader)  # pyright: ignore[reportAttributeAccessIssue]  # the import system takes any object with create_module and exec_module
        return spec


class _Loaded:
    def __init__(self, loader: Loader) -> None:
        self.loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        if _state["on"]:
            _patch_module(module)


def start() -> int:
    """Record from now on (GUI thread, early: ``probe.install``); the classes wrapped."""
    if _state["on"]:
        return 0
    _state["on"] = True
    count = sum(_patch_module(m) for name, m in list(sys.modules.items())
                if _is_qt_module(name) and m is not None)
    finder = _Finder()
    _state["finder"] = finder
    sys.meta_path.insert(0, finder)
    return count


def recording() -> bool:
    return bool(_state["on"])


def enabled_by_env() -> bool:
    """``QTMCP_ORIGINS`` unset or not 0/false/no/off."""
    return os.environ.get("QTMCP_ORIGINS", "").strip().lower() not in ("0", "false", "no",
                                                                        "off")


@functools.lru_cache(maxsize=1)
def _hidden_roots() -> tuple[str, ...]:
    """Folders whose frames are not the app's: qtmcp, PySide6/shiboken and the stdlib."""
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return tuple(os.path.dirname(os.path.abspath(p)) + os.sep
                 for p in (os.path.join(here, "x"), PySide6.__file__, shiboken6.__file__))


@functools.lru_cache(maxsize=1)
def _stdlib() -> tuple[tuple[str, ...], tuple[str, ...]]:
    paths = sysconfig.get_paths()
    std = tuple({os.path.abspath(paths[k]) + os.sep for k in ("stdlib", "platstdlib")})
    site = tuple({os.path.abspath(paths[k]) + os.sep for k in ("purelib", "platlib")})
    return std, site


@functools.lru_cache(maxsize=4096)
def hidden_file(filename: str) -> bool:
    """Whether code of ``filename`` is not the app's: qtmcp's, PySide6's or shiboken's,
    the stdlib's (not its site-packages), or made without a file."""
    if filename.startswith("<"):  # <frozen runpy>, <string>
        return True
    path = os.path.abspath(filename)
    if path.startswith(_hidden_roots()):
        return True
    std, site = _stdlib()
    return path.startswith(std) and not path.startswith(site)


def _own_inits(obj: QObject) -> set[CodeType]:
    """Code of the ``__init__`` methods of the object's own classes: their frames are
    the object being built, not the line that built it."""
    out: set[CodeType] = set()
    for cls in type(obj).__mro__:
        init = cls.__dict__.get("__init__")
        init = getattr(init, "__wrapped__", init) if init is not None else None
        code = getattr(init, "__code__", None)
        if code is not None:
            out.add(code)
    return out


@functools.lru_cache(maxsize=8192)
def _line(code: CodeType, offset: int) -> int:
    for start, end, line in code.co_lines():
        if start <= offset < end and line is not None:
            return line
    return code.co_firstlineno


def _frame(code: CodeType, offset: int) -> CodeLine:
    return {"file": os.path.abspath(code.co_filename), "line": _line(code, offset),
            "function": code.co_qualname if sys.version_info >= (3, 11) else code.co_name}


def site_of(obj: QObject) -> PythonSite | None:
    """``{"file", "line", "function", "stack"}`` of the Python line that made ``obj``
    (the first frame outside Qt, qtmcp, the stdlib and the object's own ``__init__``
    methods; ``stack`` the app's frames from there outwards), or None when no note was
    taken (made before recording, by C++, or only by qtmcp itself)."""
    note = _noted(obj)
    return site_in(note, _own_inits(obj)) if note else None


def site_in(note: tuple[Any, ...], own: set[CodeType] | frozenset[CodeType] = frozenset()
            ) -> PythonSite | None:
    """The app's line in a :func:`note_caller` note: its first frame outside Qt, qtmcp,
    the stdlib and the ``own`` code objects (with the app's frames from there outwards
    and the ``own`` ones that ran before it as ``init``), or None when it has none."""
    frames = [(note[i], note[i + 1]) for i in range(0, len(note), 2)]
    app = [(c, ln) for c, ln in frames if not hidden_file(c.co_filename)]
    outer = [(c, ln) for c, ln in app if c not in own]
    if not outer:
        return None
    start = app.index(outer[0])
    site: PythonSite = {**_frame(*outer[0]),
                        "stack": [_frame(c, ln) for c, ln in app[start:start + SHOWN]]}
    inits = [_frame(c, ln) for c, ln in app[:start]]
    if inits:
        site["init"] = inits  # the app's own __init__ lines that ran for it
    return site


@functools.lru_cache(maxsize=4096)
def qtmcp_file(filename: str) -> bool:
    """Whether ``filename`` is qtmcp's own (the probe's folder)."""
    return os.path.abspath(filename).startswith(_hidden_roots()[0])
