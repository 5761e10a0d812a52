"""Element refs (``ref_1``, ``ref_2``, …): the handles chr.* methods give out and take back.

A ref names an element as a locator, never as a live pointer: the ``#N`` id of the
widget whose accessible interface it comes from (the session's
:class:`~probe.core.objects.IdTable` holds objects the way ids do: a parented wrapper
keeps nothing alive, a window is held weakly) plus, for items that are no widgets (tabs,
menu entries, list items, cells), the path of ``child(i)`` indices under that widget's
interface, checked against the role and name seen when the ref was issued. A ref whose
element died, moved or changed, or that was never issued, is REF_NOT_FOUND.

Refs restart at ref_1 with each chr.readPage; chr.find adds to the same ref space.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QWidget

from probe.core import objects
from probe.core.errors import QtError

_REF = re.compile(r"^ref_(\d+)$")
_HINT = "Refs are reset by each chr.readPage: call chr.readPage for fresh refs."


@dataclass(frozen=True, slots=True)
class Locator:
    """Where an element lives: its widget's ``#N`` and ``child(i)`` indices below it."""

    owner: str
    path: tuple[int, ...]
    role: str
    name: str


@dataclass(slots=True)
class Element:
    """A ref resolved to live objects (GUI thread; use it at once, do not keep it)."""

    ref: str
    widget: QWidget
    iface: QAccessibleInterface
    locator: Locator

    @property
    def obj(self) -> QObject | None:
        """The element's own QObject: the widget, or an item's object (a QAction) if any."""
        if not self.locator.path:
            return self.widget
        try:
            return self.iface.object()
        except RuntimeError:
            return None

    @property
    def is_item(self) -> bool:
        return bool(self.locator.path)


class RefTable:
    """One session's refs. Each chr.readPage starts a new generation at ref_1."""

    def __init__(self) -> None:
        self.generation = 0
        self._next = 1
        self._by_ref: dict[int, Locator] = {}
        self._by_key: dict[tuple[str, tuple[int, ...]], int] = {}

    def __len__(self) -> int:
        return len(self._by_ref)

    def reset(self) -> None:
        """Forget every ref (a new chr.readPage): old refs become REF_NOT_FOUND."""
        self.generation += 1
        self._next = 1
        self._by_ref.clear()
        self._by_key.clear()

    def issue(self, loc: Locator) -> str:
        """The ref of this element: the one it already has in this generation, else a new one."""
        key = (loc.owner, loc.path)
        n = self._by_key.get(key)
        if n is not None:
            self._by_ref[n] = loc  # newer role/name wins
            return f"ref_{n}"
        n = self._next
        self._next += 1
        self._by_ref[n] = loc
        self._by_key[key] = n
        return f"ref_{n}"

    def locator(self, ref: str) -> Locator:
        """The locator of ``ref``; REF_NOT_FOUND if it was never issued in this generation."""
        m = _REF.match(ref.strip())
        if m is None:
            raise QtError("REF_NOT_FOUND", f"{ref!r} is not a ref (refs look like ref_12)",
                          hint=_HINT, ref=ref)
        loc = self._by_ref.get(int(m.group(1)))
        if loc is None:
            issued = f"ref_1..ref_{self._next - 1}" if self._next > 1 else "none"
            raise QtError("REF_NOT_FOUND", f"{ref} was not issued by the latest chr.readPage "
                          "or a chr.find after it", hint=_HINT, ref=ref, issued=issued)
        return loc

    def resolve(self, ref: str, ids: objects.IdTable) -> Element:
        """The live element of ``ref``; REF_NOT_FOUND when it is gone or no longer the same."""
        loc = self.locator(ref)
        try:
            owner = ids.get(loc.owner)
        except QtError:
            raise self._gone(ref, loc, "was deleted") from None
        if not (isinstance(owner, QWidget) or _quick(owner)) or not objects.alive(owner):
            raise self._gone(ref, loc, "was deleted")
        iface = QAccessible.queryAccessibleInterface(owner)
        if (iface is None or not iface.isValid()) and not loc.path and _quick(owner):
            # a bare MouseArea (gap filler) has no interface: its window's stands in
            iface = QAccessible.queryAccessibleInterface(owner.window())
        if iface is None or not iface.isValid():
            raise self._gone(ref, loc, "has no accessible interface any more")
        for i in loc.path:
            child = iface.child(i) if 0 <= i < iface.childCount() else None
            if child is None or not child.isValid():
                raise self._gone(ref, loc, "is no longer there")
            iface = child
        if loc.path:
            from probe.core.roles import role_name

            name = clean_name(iface.text(QAccessible.Text.Name))
            if role_name(iface.role()) != loc.role or name != loc.name:
                raise self._gone(ref, loc, f"changed (now {role_name(iface.role())} {name!r})")
        return Element(ref, owner, iface, loc)

    @staticmethod
    def _gone(ref: str, loc: Locator, why: str) -> QtError:
        what = f'{loc.role} "{loc.name}"' if loc.name else loc.role
        return QtError("REF_NOT_FOUND", f"{ref} ({what}) {why}", hint=_HINT, ref=ref,
                       element={"role": loc.role, "name": loc.name})


def _quick(obj: QObject) -> bool:
    """A Qt Quick item or window (they own refs as widgets do); QtQuick loads lazily."""
    from probe.core.qml_access import is_quick

    return is_quick(obj)


def refs_for(state: dict[str, Any]) -> RefTable:
    """The session's ref table, kept in ``ctx.state``."""
    table = state.get("chr.refs")
    if table is None:
        table = state["chr.refs"] = RefTable()
    return table


def clean_name(text: str | None, limit: int = 200) -> str:
    """An accessible name as shown: one line, no trailing colon (label text), bounded."""
    if not text:
        return ""
    if "\n" in text or "\r" in text or "\t" in text:
        text = " ".join(text.split())
    text = text.strip()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text
