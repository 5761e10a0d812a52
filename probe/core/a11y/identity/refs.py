"""Element refs (``ref_1``, ``ref_2``, …): the handles chr.* methods give out and take back.

A ref names an element as a locator, never as a live pointer: the ``#N`` id of the
widget whose accessible interface it comes from (the session's
:class:`~probe.core.objects.IdTable` holds objects the way ids do: a parented wrapper
keeps nothing alive, a window is held weakly) plus, for items that are no widgets (tabs,
menu entries, list items, cells), the path of ``child(i)`` indices under that widget's
interface, checked against the role and name seen when the ref was issued. A ref whose
element died, moved or changed, or that was never issued, is REF_NOT_FOUND.

A ref names one element for the whole session, as the browser extension's weak
references do: a later chr.readPage or chr.find gives the same element the same ref,
a new element a new number, and no number is ever given to another element, so an old
ref can never silently name something else. A ref of an older read that the latest one
did not issue again (another window, a subtree read, an element scrolled away) is still
resolved when its element lives and is shown: through its widget's identity (the ``#N``
it was issued for), and for an item by its role and name under that widget. The
element then says ``resolved_from == "identity"`` and the call's meta gets
``resolvedFrom``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, cast

from PySide6.QtCore import QObject, QPersistentModelIndex, QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QAbstractItemView, QWidget

from probe.core.a11y.identity.itemrefs import (
    filtered_out,
    live_index,
    source_handle,
    source_index,
)
from probe.core.a11y.roles import role_name
from probe.core.a11y.viewrows import item_text
from probe.core.errors import QtError
from probe.core.objects import idtable
from probe.core.objects.modelshape import position
from probe.core.objects.qmltypes import is_quick
from probe.core.objects.qtclass import qt_class, visible_enabled
from probe.core.objects.text import clean_name

_REF = re.compile(r"^ref_(\d+)$")
#: Locators of older reads kept for resolving through identity.
RETIRED_LIMIT = 5000
#: Refs one read may hold (a session that only calls chr.find never starts a new read);
#: past it the oldest are forgotten, and using one says so.
CURRENT_LIMIT = 20_000
#: ``ctx.state`` key whose dict the dispatcher adds to the call's meta (server.dispatch).
CALL_NOTES = "call.notes"
_HINT = ("The element of this ref is gone: call chr.readPage (or chr.find) for the refs "
         "of what is shown now.")
_ISSUED_HINT = ("Refs come from chr.readPage and chr.find of this session: call one of them "
                "and use a ref it gives.")


@dataclass(slots=True, unsafe_hash=True)
class Locator:
    """Where an element lives: its widget's ``#N`` and ``child(i)`` indices below it,
    or for a model item its view's ``#N`` and a QPersistentModelIndex, or for a spot (a
    scene item) its view's ``#N`` and the :class:`~probe.core.a11y.nodes.Spot`. Never
    changed once made (a ref holds it); not declared frozen, as a frozen dataclass is
    made five times slower (2 us, one per element of every read)."""

    owner: str
    path: tuple[int, ...]
    role: str
    name: str
    index: Any = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class LastRead:
    """One chr.readPage as its caller got it: the answer, when, and the options asked."""

    result: dict[str, Any]
    at: float
    generation: int
    options: dict[str, Any]
    #: ``#N`` (in the reader's session) of the window that was read
    window: str


@dataclass(slots=True)
class Element:
    """A ref resolved to its live widget (GUI thread).

    It holds QObjects and handles only, never an accessible interface or a model index:
    :attr:`iface` and :attr:`index` are looked up again at every use. Qt frees an
    interface with its object (or when a view rebuilds its children) without telling
    shiboken, so a wrapper kept past a step that runs the app's code outlives what it
    wraps: calling it crashes, and while it is held shiboken hands it out again for the
    next interface, or keeps the next wrapped object, made at that address (the app
    died in ``sendPostedEvents``, issue #37). A plain ``QModelIndex`` points into its
    model's rows the same way. QObject wrappers are safe: PySide learns of a QObject's
    deletion, and a use after it is a clear OBJECT_STALE."""

    ref: str
    widget: QWidget
    locator: Locator
    resolved_from: str | None = None
    #: a spot's widget taking the mouse and its rect there (``widget`` holds the spot)
    area: tuple[QWidget, QRect] | None = None
    #: the interface is the window's (a bare Qt Quick MouseArea has none of its own)
    via_window: bool = False

    @property
    def iface(self) -> QAccessibleInterface:
        """The element's accessible interface now: OBJECT_STALE when its widget was
        deleted, REF_NOT_FOUND when an item is no longer where and what it was."""
        owner = self.widget
        if not idtable.alive(owner):
            raise stale(self.ref)
        base = qt_class(owner).window(owner) if self.via_window else owner
        iface = QAccessible.queryAccessibleInterface(base)
        if iface is None or not iface.isValid():
            raise gone(self.ref, self.locator, "has no accessible interface any more")
        return _along(iface, self.ref, self.locator)

    @property
    def index(self) -> Any:
        """A model item's QModelIndex in its view now (None for other elements);
        REF_NOT_FOUND once its row is gone or filtered out."""
        handle = self.locator.index
        if not isinstance(handle, QPersistentModelIndex):
            return None
        if not idtable.alive(self.widget):
            raise stale(self.ref)
        idx = live_index(self.view, handle)
        if idx is None:
            raise gone(self.ref, self.locator, "is no longer in the view (its row was "
                       "removed or filtered out)")
        return idx

    @property
    def view(self) -> QAbstractItemView:
        """The view that holds a model item (``index`` set): ``widget``, as its class."""
        return cast(QAbstractItemView, self.widget)

    @property
    def obj(self) -> QObject | None:
        """The element's own QObject: the widget, or an item's object (a QAction) if any."""
        if self.locator.index is not None:
            return None
        if not self.locator.path:
            return self.widget
        try:
            return self.iface.object()
        except RuntimeError:
            return None

    @property
    def is_item(self) -> bool:
        return bool(self.locator.path) or self.locator.index is not None


def gone(ref: str, loc: Locator, why: str) -> QtError:
    """REF_NOT_FOUND for a ref whose element is gone, moved or changed, saying which."""
    what = f'{loc.role} "{loc.name}"' if loc.name else loc.role
    return QtError("REF_NOT_FOUND", f"{ref} ({what}) {why}", hint=_HINT, ref=ref,
                   element={"role": loc.role, "name": loc.name})


def stale(ref: str) -> QtError:
    """OBJECT_STALE for an element whose widget the app deleted during the action."""
    return QtError("OBJECT_STALE", f"{ref}: the app deleted the element during the action",
                   ref=ref, hint="The app replaced it; read the page again (chr.find, "
                                 "chr.readPage) for a fresh ref and retry if it still makes "
                                 "sense.")


def _along(iface: QAccessibleInterface, ref: str, loc: Locator) -> QAccessibleInterface:
    """The interface ``loc.path`` leads to below ``iface``, which must still show the role
    and name the ref was given for (REF_NOT_FOUND otherwise: never another element)."""
    for i in loc.path:
        child = iface.child(i) if 0 <= i < iface.childCount() else None
        if child is None or not child.isValid():
            raise gone(ref, loc, "is no longer there")
        iface = child
    if loc.path:
        name = clean_name(iface.text(QAccessible.Text.Name))
        if role_name(iface.role()) != loc.role or name != loc.name:
            raise gone(ref, loc, f"changed (now {role_name(iface.role())} {name!r})")
    return iface


class RefTable:
    """One session's refs. Each chr.readPage starts a new generation; numbers go on."""

    def __init__(self) -> None:
        self.generation = 0
        self._next = 1
        self._by_ref: dict[int, Locator] = {}
        self._by_key: dict[tuple[Any, ...], int] = {}
        #: Locators of older reads by ref number (newest read first wins), bounded.
        self._retired: dict[int, Locator] = {}
        #: Refs dropped for the CURRENT_LIMIT (not for a dead widget), said when used.
        self.forgotten = 0
        #: Meta fields for the running call (the session's ``call.notes``; see refs_for).
        self.notes: dict[str, Any] = {}
        #: The latest chr.readPage answer exactly as sent, with when and how it was asked
        #: (an inspector shows it as what the agent saw).
        self.last_read: LastRead | None = None

    def __len__(self) -> int:
        return len(self._by_ref)

    def held(self) -> int:
        """Locators and keys kept (this read's refs, older reads' and their keys)."""
        return len(self._by_ref) + len(self._retired) + len(self._by_key)

    def reset(self) -> None:
        """Start a new generation (a new chr.readPage): the refs it does not issue again
        are retired, resolved only through identity; numbers are never given again. The
        retired refs no read has issued since the last reset are cut to RETIRED_LIMIT
        (oldest first) before the last read's join them: cut after, a read of more
        elements than the limit lost the keys of its own oldest refs, and the next read
        gave those elements new refs (3,800 of 8,800 at every read of 8,000 controls)."""
        self.generation += 1
        while len(self._retired) > RETIRED_LIMIT:
            n = next(iter(self._retired))
            loc = self._retired.pop(n)
            self._by_key.pop(element_key(loc), None)
        self._retired.update(self._by_ref)
        self._by_ref.clear()

    def forget_owners(self, dead: set[str]) -> None:
        """The widgets of these ``#N`` ids are gone (the id table swept them): drop every
        ref under them. Their numbers are never given again, so such a ref stays
        REF_NOT_FOUND and can never name another element."""
        for table in (self._by_ref, self._retired):
            for n in [n for n, loc in table.items() if loc.owner in dead]:
                del table[n]
        for key in [key for key in self._by_key if key[0] in dead]:
            del self._by_key[key]

    def issue(self, loc: Locator) -> str:
        """The ref of this element: the one it was given before in this session, else a
        new number. A model item's ref holds a persistent index into the source-most model
        (sorting or filtering a proxy does not move it) and its text, checked when used."""
        if isinstance(loc.index, QPersistentModelIndex):
            loc = replace(loc, index=source_handle(loc.index))
        key = element_key(loc)
        n = self._by_key.get(key)
        if n is not None:
            self._by_ref[n] = loc
            self._retired.pop(n, None)
            return f"ref_{n}"
        n = self._next
        self._next += 1
        self._by_ref[n] = loc
        self._by_key[key] = n
        if len(self._by_ref) > CURRENT_LIMIT:
            old = next(iter(self._by_ref))
            self._by_key.pop(element_key(self._by_ref.pop(old)), None)
            self.forgotten += 1
        return f"ref_{n}"

    def renamed(self, ref: str, name: str) -> None:
        """``ref``'s model item shows ``name`` now because this session's own edit through
        the ref wrote it (chr.formInput on a cell): the ref goes on naming that item. Any
        other change of an item's text still makes its ref REF_NOT_FOUND."""
        m = _REF.match(ref.strip())
        n = int(m.group(1)) if m is not None else -1
        loc = self._by_ref.get(n)
        if loc is None or loc.index is None or loc.name == name:
            return
        self._by_key.pop(element_key(loc), None)
        loc = replace(loc, name=name)
        self._by_ref[n] = loc
        self._by_key[element_key(loc)] = n

    def existing(self, loc: Locator) -> str | None:
        """The ref this element was given in this session, if any (issues nothing)."""
        n = self._by_key.get(element_key(loc))
        return None if n is None else f"ref_{n}"

    def locator(self, ref: str) -> Locator:
        """The locator of ``ref``; REF_NOT_FOUND if it was never issued in this generation."""
        m = _REF.match(ref.strip())
        if m is None:  # a name or a guess, not a ref: say where refs come from
            raise QtError("REF_NOT_FOUND", f"{ref!r} is not a ref (refs look like ref_12)",
                          hint=_ISSUED_HINT, ref=ref)
        loc = self._by_ref.get(int(m.group(1)))
        if loc is None:
            raise self._unissued(ref)
        return loc

    def _unissued(self, ref: str) -> QtError:
        m = _REF.match(ref.strip())
        ever = m is not None and int(m.group(1)) < self._next
        why = ("its element is gone or no longer shown" if ever else
               "it was never issued in this session (a ref of another session or an "
               "earlier connection means nothing here)")
        if ever and self.forgotten:
            why += (f" (or it is one of the {self.forgotten} oldest refs this read let go: "
                    f"a read keeps at most {CURRENT_LIMIT})")
        hint = _HINT if ever else _ISSUED_HINT
        issued = f"ref_1..ref_{self._next - 1}" if self._next > 1 else "none"
        return QtError("REF_NOT_FOUND", f"{ref} names nothing: {why}", hint=hint, ref=ref,
                       issued=issued, current=len(self._by_ref))

    def element_of(self, ref: str, ids: idtable.IdTable) -> Element:
        """The live element of ``ref``; REF_NOT_FOUND when it is gone or no longer the same.

        A ref of an older read is resolved through identity when its element is shown.
        """
        m = _REF.match(ref.strip())
        old = self._retired.get(int(m.group(1))) if m is not None else None
        if m is not None and int(m.group(1)) not in self._by_ref and old is not None:
            el = self._by_identity(ref, old, ids)
            if el is None:
                raise self._item_gone(ref, old, ids) or self._unissued(ref)
            self.notes["resolvedFrom"] = "identity"
            self.notes["resolvedRef"] = {"ref": ref, "role": old.role, "name": old.name}
            return el
        loc = self.locator(ref)
        try:
            owner = ids.get(loc.owner)
        except QtError:
            raise self._gone(ref, loc, "was deleted") from None
        if not (isinstance(owner, QWidget) or _quick(owner)) or not idtable.alive(owner):
            raise self._gone(ref, loc, "was deleted")
        owner = cast(QWidget, owner)  # or a Qt Quick item, which Element.widget holds too
        if _windowless(owner):  # a pooled delegate, an item the app set parent = null
            raise self._gone(ref, loc, "left its window")
        if is_spot(loc.index):
            return self._spot(ref, loc, owner)
        if loc.index is not None:
            return self._item(ref, loc, owner)
        el = Element(ref, owner, loc, via_window=_via_window(owner, loc))
        el.iface  # noqa: B018 - checked now: gone, moved or changed is REF_NOT_FOUND
        return el

    def _by_identity(self, ref: str, loc: Locator, ids: idtable.IdTable) -> Element | None:
        """An older read's element found again by its widget's ``#N`` (items: by role and
        name under it), if it lives and is shown; else None."""
        try:
            owner = ids.get(loc.owner)
        except QtError:
            return None
        if not (isinstance(owner, QWidget) or _quick(owner)) or not idtable.alive(owner) \
                or not _shown(owner) or _windowless(owner):
            return None
        owner = cast(QWidget, owner)  # or a Qt Quick item, which Element.widget holds too
        via_window = _via_window(owner, loc)
        iface = QAccessible.queryAccessibleInterface(
            qt_class(owner).window(owner) if via_window else owner)
        if iface is None or not iface.isValid():
            return None
        if is_spot(loc.index):
            area = loc.index.locate(owner)
            return None if area is None else Element(ref, owner, loc, "identity", area=area)
        if loc.index is not None:  # a model item: its persistent index still names it
            view = cast(QAbstractItemView, owner)
            idx = live_index(view, loc.index)
            if idx is not None and \
                    clean_name(item_text(QAbstractItemView.model(view), idx)) != loc.name:
                return None  # it shows another text now: not what the ref was given for
            return None if idx is None else Element(ref, owner, loc, "identity")
        path = loc.path
        if path:
            found = _find_item(iface, loc.role, loc.name)
            if found is None:
                return None
            path = found
        return Element(ref, owner, Locator(loc.owner, path, loc.role, loc.name), "identity",
                       via_window=via_window)

    def _item_gone(self, ref: str, loc: Locator, ids: idtable.IdTable) -> QtError | None:
        """Why a model item's ref of an older read reaches nothing, when its view lives:
        filtered out, removed or showing another text (None: another reason)."""
        if not isinstance(loc.index, QPersistentModelIndex):
            return None
        try:
            view = ids.get(loc.owner)
        except QtError:
            return None
        if not isinstance(view, QAbstractItemView) or not idtable.alive(view):
            return None
        try:
            self._item(ref, loc, view)
        except QtError as exc:
            return exc
        return None

    def _item(self, ref: str, loc: Locator, view: Any) -> Element:
        """A model item's element: REF_NOT_FOUND once its row is removed, filtered out of
        the view, or no longer shows the text it had (never another row)."""
        idx = live_index(view, loc.index)
        if idx is None:
            if filtered_out(view, loc.index):
                raise self._gone(ref, loc, "is filtered out of the view (its row is still "
                                 "in the model; clear the filter to reach it)")
            raise self._gone(ref, loc, "is no longer in the model (its row was removed or "
                             "the model was reset)")
        now = clean_name(item_text(QAbstractItemView.model(view), idx))
        if now != loc.name:
            raise self._gone(ref, loc, f"changed (it shows {now!r} now)")
        return Element(ref, view, loc)

    def _spot(self, ref: str, loc: Locator, owner: QWidget) -> Element:
        area = loc.index.locate(owner)
        if area is None:
            raise self._gone(ref, loc, "is no longer there (the scene removed or hid it)")
        return Element(ref, owner, loc, area=area)

    @staticmethod
    def _gone(ref: str, loc: Locator, why: str) -> QtError:
        return gone(ref, loc, why)


def element_key(loc: Locator) -> tuple[Any, ...]:
    """What makes two locators the same element: its widget, and for an item its path
    with the role and name seen (a reordered tab is another element) or, for a model
    item, its row/column position. The change report compares elements by it too."""
    index = loc.index
    if index is None:  # a widget or an item child (most elements: asked first)
        return (loc.owner, loc.path, loc.role, loc.name) if loc.path else (loc.owner,)
    if is_spot(index):
        return (loc.owner, *index.key)
    # a model item: where it is in the source model, and what it shows
    return (loc.owner, "item", position(source_index(index)), loc.name)


def _via_window(owner: QObject, loc: Locator) -> bool:
    """A bare Qt Quick MouseArea (a gap filler) has no interface: its window's stands in."""
    if loc.path or loc.index is not None or not _quick(owner):
        return False
    iface = QAccessible.queryAccessibleInterface(owner)
    return iface is None or not iface.isValid()


def _find_item(iface: QAccessibleInterface, role: str, name: str, limit: int = 2000
               ) -> tuple[int, ...] | None:
    """The path of the first item below ``iface`` with this role and name (breadth first,
    bounded)."""
    queue: list[tuple[tuple[int, ...], QAccessibleInterface]] = [((), iface)]
    seen = 0
    while queue and seen < limit:
        path, node = queue.pop(0)
        for i in range(min(node.childCount(), limit)):
            child = node.child(i)
            seen += 1
            if child is None or not child.isValid():
                continue
            if child.object() is not None and child.object() is not iface.object() and \
                    isinstance(child.object(), QWidget):
                continue  # a child widget owns its own refs
            if role_name(child.role()) == role and \
                    clean_name(child.text(QAccessible.Text.Name)) == name:
                return (*path, i)
            queue.append(((*path, i), child))
    return None


def is_spot(index: Any) -> bool:
    """Whether a locator's ``index`` is a spot (not a model index)."""
    return index is not None and not isinstance(index, QPersistentModelIndex) and \
        hasattr(index, "locate")


def _shown(obj: QObject) -> bool:
    if isinstance(obj, QWidget):
        return QWidget.isVisible(obj)
    return bool(visible_enabled(obj)[0])


def _windowless(obj: QObject) -> bool:
    """A Qt Quick item alive but in no window: nothing shows it or takes its input."""
    return QObject.inherits(obj, "QQuickItem") and qt_class(obj).window(obj) is None


def _quick(obj: QObject) -> bool:
    """A Qt Quick item or window (they own refs as widgets do)."""
    return is_quick(obj)


def is_ref(text: str) -> bool:
    """Whether ``text`` has the form of a ref (ref_12)."""
    return _REF.match(text.strip()) is not None


def refs_for(state: dict[str, Any]) -> RefTable:
    """The session's ref table, kept in ``ctx.state``."""
    table = state.get("chr.refs")
    if table is None:
        table = state["chr.refs"] = RefTable()
        table.notes = state.setdefault(CALL_NOTES, {})
        idtable.ids_for(state).on_sweep.append(table.forget_owners)
    return table
