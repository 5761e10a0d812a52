"""Symbolic names: a Squish-style name map from stable names to object descriptions.

A name maps to a path string (``"mainWindow/tabs/formTab"``) or to an object of
properties the object must have::

    {":Form.Name_QLineEdit": {"type": "QLineEdit", "name": "nameEdit",
                              "container": ":Main Window", "visible": true}}

Keys: ``name``/``objectName``, ``type``/``className`` (inherits-aware),
``container``/``window`` (a name, path or #N to search within), ``occurrence``
(1-based, picks one of several matches), ``path``; any other key compares that Qt
property's JSON value. The map is process-wide; it is loaded at start from the file
named by ``QTMCP_NAMES``, else ``qtmcp-names.json`` in the name-map folder. Clients load
and save files in that folder only (:mod:`.namefiles`).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from probe.core.errors import QtError
from probe.core.objects import namefiles, qtchildren, variant
from probe.core.objects.idtable import IdTable, alive
from probe.core.objects.paths import path_of, roots

log = logging.getLogger("qtmcp.probe")

DEFAULT_FILE = "qtmcp-names.json"
ENV_VAR = "QTMCP_NAMES"
_SPECIAL = {"name", "objectName", "type", "className", "container", "window", "occurrence",
            "path"}

Definition = str | dict[str, Any]
#: Resolves an id, path or selector that a definition holds (the one resolver).
Lookup = Callable[[str, IdTable], QObject]


def check_name(name: str) -> None:
    """Refuse names the resolver would read as something else."""
    if not name.strip() or name != name.strip():
        raise QtError("NAME_MAP_INVALID", f"invalid symbolic name {name!r}",
                      hint="A name is a non-empty string without surrounding spaces.")
    if name.startswith(("#", "@")) or "*" in name or "[" in name:
        raise QtError("NAME_MAP_INVALID", f"invalid symbolic name {name!r}",
                      hint="A name may not start with '#' or '@' nor contain '*' or '[' "
                           "(those are ids and selectors); Squish-style ':Form.Name' is fine.")


def check_definition(name: str, definition: Any) -> Definition:
    """A definition is a non-empty path string or an object of known value types."""
    if isinstance(definition, str):
        if not definition.strip():
            raise QtError("NAME_MAP_INVALID", f"{name!r}: empty path",
                          hint="A name maps to a path string or an object of properties.")
        return definition
    if not isinstance(definition, dict) or not definition:
        raise QtError("NAME_MAP_INVALID", f"{name!r}: definition must be a path string or a "
                      f"non-empty object, not {type(definition).__name__}",
                      hint='Example: {"type": "QLineEdit", "name": "nameEdit"}.')
    occ = definition.get("occurrence")
    if occ is not None and (isinstance(occ, bool) or not isinstance(occ, int) or occ < 1):
        raise QtError("NAME_MAP_INVALID", f"{name!r}: occurrence must be an integer >= 1",
                      hint="occurrence is 1-based, like Squish's.")
    for key in ("name", "objectName", "type", "className", "container", "window", "path"):
        if key in definition and not isinstance(definition[key], str):
            raise QtError("NAME_MAP_INVALID", f"{name!r}: {key} must be a string",
                          hint=f"{key} holds a string.")
    return definition


class NameMap:
    """The registered names; used on the GUI thread only."""

    def __init__(self) -> None:
        self.names: dict[str, Definition] = {}
        self.source: str | None = None
        self.load_error: str | None = None

    def has(self, name: str) -> bool:
        return name in self.names

    def register(self, name: str, definition: Any, replace: bool = False) -> Definition:
        check_name(name)
        checked = check_definition(name, definition)
        if name in self.names and not replace:
            raise QtError("NAME_EXISTS", f"{name!r} is already registered",
                          hint="Pass replace=true or unregister it first.",
                          symbolicName=name, definition=self.names[name])
        self.names[name] = checked
        return checked

    def unregister(self, name: str) -> Definition:
        if name not in self.names:
            raise self._not_found(name)
        return self.names.pop(name)

    def _not_found(self, name: str) -> QtError:
        return QtError("NAME_NOT_FOUND", f"no symbolic name {name!r}",
                       hint="data.available lists the registered names (qt.names.list).",
                       symbolicName=name, available=sorted(self.names)[:100])

    def definition(self, name: str) -> Definition:
        if name not in self.names:
            raise self._not_found(name)
        return self.names[name]

    # -- resolving

    def matches(self, name: str, ids: IdTable, lookup: Lookup, _seen: tuple[str, ...] = ()
                ) -> list[QObject]:
        """Every live object the name's definition matches (before ``occurrence``)."""
        if name in _seen:
            raise QtError("NAME_MAP_INVALID", f"{name!r} refers to itself through "
                          f"{' -> '.join((*_seen, name))}",
                          hint="A container must name another object.")
        definition = self.definition(name)
        if isinstance(definition, str):
            return [self._lookup(definition, ids, lookup, (*_seen, name))]
        return self._search(definition, ids, lookup, (*_seen, name))

    def object_named(self, name: str, ids: IdTable, lookup: Lookup, _seen: tuple[str, ...] = ()
                ) -> QObject:
        """The one object ``name`` matches; ``lookup`` resolves the paths, ids and selectors
        its definition holds (the resolver passes itself)."""
        found = self.matches(name, ids, lookup, _seen)
        definition = self.names[name]
        occ = definition.get("occurrence") if isinstance(definition, dict) else None
        if occ is not None:
            if occ <= len(found):
                return found[occ - 1]
            found = []
        if not found:
            raise QtError("OBJECT_NOT_FOUND", f"symbolic name {name!r} matches no object",
                          hint="qt.names.validate shows which names resolve; fix the "
                               "definition with qt.names.register(replace=true).",
                          id=name, definition=definition)
        if len(found) > 1:
            raise QtError("OBJECT_AMBIGUOUS", f"symbolic name {name!r} matches "
                          f"{len(found)} objects",
                          hint="Add properties or an occurrence to the definition.",
                          id=name, matches=[path_of(o) for o in found[:20]],
                          count=len(found))
        return found[0]

    def _lookup(self, ident: str, ids: IdTable, lookup: Lookup, seen: tuple[str, ...]
                ) -> QObject:
        if ident in self.names:
            return self.object_named(ident, ids, lookup, seen)
        return lookup(ident, ids)

    def _search(self, d: dict[str, Any], ids: IdTable, lookup: Lookup, seen: tuple[str, ...]
                ) -> list[QObject]:
        container = d.get("container", d.get("window"))
        name = d.get("name", d.get("objectName"))
        cls = d.get("type", d.get("className"))
        if "path" in d:
            candidates = [self._lookup(d["path"], ids, lookup, seen)]
        else:
            scopes = [self._lookup(container, ids, lookup, seen)] if container else roots()
            candidates = []
            for scope in scopes:
                if not container and _fits_name(scope, name):
                    candidates.append(scope)
                if name:
                    candidates.extend(qtchildren.find_children(scope, QObject, name))
                else:
                    candidates.extend(qtchildren.descendants(scope))
        out = []
        for obj in candidates:
            if not alive(obj):
                continue
            if name is not None and QObject.objectName(obj) != name:
                continue
            if cls is not None and not QObject.inherits(obj, cls):
                continue
            if all(_property_fits(obj, k, v) for k, v in d.items() if k not in _SPECIAL):
                out.append(obj)
        return out

    # -- files

    def load(self, path: str, replace: bool = False) -> int:
        """Add (or with ``replace`` swap in) the names of a map qtmcp saved in the
        name-map folder; return how many."""
        name, data = namefiles.read(path)
        return self._take(name, data, replace, saved_only=True)

    def _take(self, label: str, data: bytes, replace: bool, saved_only: bool) -> int:
        try:
            value = json.loads(data)
            json.dumps(value, ensure_ascii=False).encode("utf-8")  # no lone surrogate
        except ValueError as exc:  # UnicodeError is one
            raise QtError("NAME_MAP_INVALID", f"{label} is not JSON in valid Unicode: "
                          f"{exc}"[:300], path=label) from None
        if saved_only and not (isinstance(value, dict)
                               and value.get("format") == namefiles.FORMAT):
            raise QtError("NAME_MAP_INVALID", f"{label} was not written by qtmcp",
                          hint='qt.names.save writes loadable maps; a map written by hand '
                               f'needs "format": "{namefiles.FORMAT}" beside "names".',
                          path=label)
        if isinstance(value, dict) and isinstance(value.get("names"), dict):
            value = value["names"]
        if not isinstance(value, dict):
            raise QtError("NAME_MAP_INVALID", f"{label}: the top level must be an object",
                          path=label)
        checked: dict[str, Definition] = {}
        for name, definition in value.items():
            check_name(name)
            checked[name] = check_definition(name, definition)
        if replace:
            self.names = checked
        else:
            self.names.update(checked)
        self.source = label
        return len(checked)

    def save(self, path: str) -> str:
        """Write every name to a file in the name-map folder; return its path."""
        text = json.dumps({"format": namefiles.FORMAT, "names": dict(sorted(self.names.items()))},
                          indent=2, ensure_ascii=False)
        return str(namefiles.write(path, text + "\n"))

    def load_default(self) -> str | None:
        """Load ``$QTMCP_NAMES``, else ``qtmcp-names.json`` of the name-map folder if there;
        never raises (GUI thread)."""
        path = os.environ.get(ENV_VAR)
        try:
            if path:
                self._take(path, namefiles.read_path(path), False, saved_only=False)
                return path
            if not (namefiles.folder() / DEFAULT_FILE).is_file():
                return None
            name, data = namefiles.read(DEFAULT_FILE)
            self._take(str(namefiles.folder() / name), data, False, saved_only=False)
            return self.source
        except QtError as exc:
            self.load_error = exc.message
            log.warning("qtmcp: name map not loaded: %s", exc.message)
            return None


def _fits_name(obj: QObject, name: str | None) -> bool:
    return name is None or QObject.objectName(obj) == name


def _property_fits(obj: QObject, key: str, wanted: Any) -> bool:
    if key == "visible" and isinstance(obj, QWidget):
        return QWidget.isVisible(obj) == wanted
    value = QObject.property(obj, key)
    if value is None and key not in _property_names(obj):
        return False
    return variant.same(variant.to_json(value), wanted)


def _property_names(obj: QObject) -> set[str]:
    mo = QObject.metaObject(obj)
    names = {str(mo.property(i).name()) for i in range(mo.propertyCount())}
    names.update(bytes(n.data()).decode() for n in QObject.dynamicPropertyNames(obj))
    return names


#: The app's name map.
NAMES = NameMap()
