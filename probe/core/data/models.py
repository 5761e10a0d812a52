"""Item models: find them, address their items by row/column paths, read and edit them.

An index is never a pointer: it is a ``parent`` path (``[[row, column], ...]`` from the
root) plus a row and a column, resolved afresh on every call. Each model gets a
generation counter, bumped by ``modelReset`` and ``layoutChanged``; a client that passes
the generation it read back gets MODEL_RESET when rows may have moved under it.
Everything here runs on the GUI thread.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
from typing import Any

import shiboken6
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractProxyModel,
    QBuffer,
    QByteArray,
    QIODevice,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QIcon, QImage, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHeaderView, QWidget

from probe.core.errors import QtError
from probe.core.objects import idtable, paths, qtchildren, resolver, variant
from probe.core.objects.idtable import IdTable
from probe.core.objects.meta import objref_for
from probe.core.objects.modelshape import columns_of, rows_of

Path = list[list[int]]
R = Qt.ItemDataRole

#: Role names a client may use, besides the model's own roleNames() and plain integers.
STANDARD_ROLES: dict[str, int] = {
    "display": R.DisplayRole.value, "decoration": R.DecorationRole.value,
    "edit": R.EditRole.value, "toolTip": R.ToolTipRole.value,
    "statusTip": R.StatusTipRole.value, "whatsThis": R.WhatsThisRole.value,
    "font": R.FontRole.value, "textAlignment": R.TextAlignmentRole.value,
    "background": R.BackgroundRole.value, "foreground": R.ForegroundRole.value,
    "checkState": R.CheckStateRole.value, "accessibleText": R.AccessibleTextRole.value,
    "accessibleDescription": R.AccessibleDescriptionRole.value,
    "sizeHint": R.SizeHintRole.value, "initialSortOrder": R.InitialSortOrderRole.value,
    "user": R.UserRole.value,
}
_ALIASES = {"tooltip": "toolTip", "checkstate": "checkState", "statustip": "statusTip"}
_CHECK = {0: "Unchecked", 1: "PartiallyChecked", 2: "Checked"}
#: Roles read when a client asks for "all" roles of one item.
_ITEM_ROLES = ("display", "edit", "decoration", "toolTip", "statusTip", "whatsThis",
               "checkState", "textAlignment", "font", "background", "foreground",
               "accessibleText", "sizeHint")
ICON_SIZE = 16


# ------------------------------------------------------------------ generations


class _Generations:
    """Per-model counter of resets and layout changes (C++ address -> count)."""

    def __init__(self) -> None:
        self._gen: dict[int, int] = {}

    def of(self, model: QAbstractItemModel) -> int:
        key = _address(model)
        gen = self._gen.get(key)
        if gen is None:
            gen = self._gen[key] = 0
            model.modelReset.connect(lambda k=key: self._bump(k))
            model.layoutChanged.connect(lambda *_, k=key: self._bump(k))
            model.destroyed.connect(lambda *_, k=key: self._gen.pop(k, None))
        return gen

    def _bump(self, key: int) -> None:
        if key in self._gen:
            self._gen[key] += 1


GENERATIONS = _Generations()


def _address(obj: QObject) -> int:
    return int(shiboken6.getCppPointer(obj)[0])


def check_generation(model: QAbstractItemModel, generation: int | None) -> int:
    """The model's generation; MODEL_RESET if the client's is older."""
    gen = GENERATIONS.of(model)
    if generation is not None and generation != gen:
        raise QtError("MODEL_RESET",
                      f"the model was reset or re-laid out since generation {generation}",
                      hint="Rows may have moved: read them again and pass the new generation.",
                      generation=gen, given=generation, rowCount=rows_of(model))
    return gen


# ---------------------------------------------------------------------- finding


def _model_of(obj: QAbstractItemView | QComboBox) -> QAbstractItemModel | None:
    """A view's or combo box's model, through the Qt class (``obj.model`` may be the
    app's own attribute: see ``probe/core/objects``)."""
    if isinstance(obj, QComboBox):
        return QComboBox.model(obj)
    return QAbstractItemView.model(obj)


def _walk() -> Iterator[QObject]:
    for root in paths.roots():
        yield root
        yield from qtchildren.descendants(root)


def all_models() -> list[QAbstractItemModel]:
    """Every item model reachable from the roots, views and proxies (probe's own excluded)."""
    found: dict[int, QAbstractItemModel] = {}

    def add(m: QAbstractItemModel | None) -> None:
        while m is not None and idtable.alive(m) and _address(m) not in found:
            if paths.is_probe_internal(m):
                return
            found[_address(m)] = m
            m = m.sourceModel() if isinstance(m, QAbstractProxyModel) else None

    for obj in _walk():
        if isinstance(obj, QAbstractItemModel):
            add(obj)
        elif isinstance(obj, (QAbstractItemView, QComboBox)):
            add(_model_of(obj))
    return list(found.values())


def views_of(model: QAbstractItemModel) -> list[QWidget]:
    """Views (and combo boxes) showing this model; header views are left out."""
    out: list[QWidget] = []
    for obj in _walk():
        if isinstance(obj, (QAbstractItemView, QComboBox)) and not isinstance(obj, QHeaderView):
            if _model_of(obj) is model:
                out.append(obj)
    return out


def source_chain(model: QAbstractItemModel) -> list[QAbstractItemModel]:
    """The proxies below ``model`` down to the source model (``model`` not included)."""
    chain: list[QAbstractItemModel] = []
    m: Any = model
    while isinstance(m, QAbstractProxyModel) and m.sourceModel() is not None:
        m = m.sourceModel()
        chain.append(m)
    return chain


def resolve_model(ident: str, ids: IdTable) -> QAbstractItemModel:
    """The model ``ident`` names: a model, or a view / combo box (its model)."""
    try:
        obj = resolver.object_of(ident, ids)
    except QtError as exc:
        if exc.name not in ("OBJECT_NOT_FOUND", "ELEMENT_NOT_FOUND"):
            raise
        raise _not_found(ident, ids, "no object") from None
    if isinstance(obj, QAbstractItemModel):
        return obj
    if isinstance(obj, (QAbstractItemView, QComboBox)) and (model := _model_of(obj)) is not None:
        return model
    raise _not_found(ident, ids, f"{QObject.metaObject(obj).className()} is not an item model")


def _not_found(ident: str, ids: IdTable, why: str) -> QtError:
    available = [summary(m, ids) for m in all_models()][:paths.AVAILABLE_LIMIT]
    return QtError("MODEL_NOT_FOUND", f"{why}: {ident!r}",
                   hint="Pass a model or a view showing one; data.available lists the "
                        "models (qt.models.list).",
                   id=ident, available=[{"id": a["id"], "path": a["path"],
                                         "className": a["className"]} for a in available])


def summary(model: QAbstractItemModel, ids: IdTable) -> dict[str, Any]:
    d: dict[str, Any] = {**paths.describe(model, ids)}
    d["rowCount"] = rows_of(model)
    d["columnCount"] = columns_of(model)
    d["generation"] = GENERATIONS.of(model)
    return d


def info(model: QAbstractItemModel, ids: IdTable) -> dict[str, Any]:
    """Summary, source chain, views, role names and horizontal headers of one model."""
    d = summary(model, ids)
    src = model.sourceModel() if isinstance(model, QAbstractProxyModel) else None
    d["isProxy"] = isinstance(model, QAbstractProxyModel)
    d["sourceModel"] = paths.describe(src, ids) if src is not None else None
    d["sourceChain"] = [paths.describe(m, ids) for m in source_chain(model)]
    d["views"] = [paths.describe(v, ids) for v in views_of(model)]
    d["roleNames"] = role_names(model)
    d["headers"] = [header_value(model, s, Qt.Orientation.Horizontal, R.DisplayRole.value,
                                 ids) for s in range(min(columns_of(model), 200))]
    return d


# ---------------------------------------------------------------------- roles


def role_names(model: QAbstractItemModel) -> dict[str, int]:
    """Standard names plus the model's roleNames() (custom user roles by their name)."""
    out = dict(STANDARD_ROLES)
    for number, raw in sorted(model.roleNames().items()):
        name = bytes(raw.data() if isinstance(raw, QByteArray) else raw).decode()
        if name and name not in out:
            out[name] = int(number)
    return out


def role_of(model: QAbstractItemModel, role: str | int) -> int:
    if isinstance(role, int):
        return role
    if role.isdigit():
        return int(role)
    names = role_names(model)
    key = _ALIASES.get(role.lower(), role)
    if key in names:
        return names[key]
    for name, number in names.items():
        if name.lower() == role.lower():
            return number
    raise QtError("INVALID_PARAMS", f"unknown role {role!r}",
                  hint="Use a role name from data.available or an integer role.",
                  role=role, available=sorted(names))


def role_label(model: QAbstractItemModel, role: int) -> str:
    for name, number in role_names(model).items():
        if number == role:
            return name
    return str(role)


def json_value(value: Any, role: int, ids: IdTable | None = None,
               icon_size: int = ICON_SIZE) -> Any:
    """A role's value as JSON: icons as a small PNG, check states by name."""
    if value is None:
        return None
    if role == R.CheckStateRole.value:
        number = int(value.value) if hasattr(value, "value") else value
        return _CHECK.get(number, number) if isinstance(number, int) else variant.to_json(value)
    if isinstance(value, (QIcon, QPixmap, QImage)):
        return _picture(value, icon_size)
    if isinstance(value, QColor) and role == R.DecorationRole.value:
        return {"type": "QColor", "color": variant.to_json(value)}
    return variant.to_json(value, objref_for(ids) if ids is not None else None)


def _picture(value: QIcon | QPixmap | QImage, size: int) -> Any:
    if value.isNull():
        return None
    if isinstance(value, QIcon):
        image = value.pixmap(QSize(size, size)).toImage()
    elif isinstance(value, QPixmap):
        image = value.toImage()
    else:
        image = value
    if image.width() > size or image.height() > size:
        image = image.scaled(size, size, Qt.AspectRatioMode.KeepAspectRatio,
                             Qt.TransformationMode.SmoothTransformation)
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")  # pyright: ignore[reportCallIssue, reportArgumentType]  # PySide6's stub says bytes; it takes only str
    buf.close()
    return {"type": type(value).__name__, "format": "png", "width": image.width(),
            "height": image.height(), "data": base64.b64encode(bytes(data.data())).decode()}


# ---------------------------------------------------------------------- indexes


def parent_index(model: QAbstractItemModel, parent: Path) -> QModelIndex:
    """The index a parent path names (``[]`` is the root)."""
    idx = QModelIndex()
    for depth, step in enumerate(parent):
        if len(step) != 2:
            raise QtError("INVALID_PARAMS", f"parent step {step!r} is not [row, column]",
                          hint="parent is a list of [row, column] pairs from the root.",
                          parent=parent)
        idx = index_at(model, step[0], step[1], idx, parent[:depth])
    return idx


def index_at(model: QAbstractItemModel, row: int, column: int, parent: QModelIndex,
             parent_path: Path | None = None) -> QModelIndex:
    rows, cols = rows_of(model, parent), columns_of(model, parent)
    if not (0 <= row < rows and 0 <= column < cols):
        raise QtError("INDEX_INVALID",
                      f"no item at row {row}, column {column} under {parent_path or 'the root'}",
                      hint=f"Under that parent rows are 0..{rows - 1} and columns "
                           f"0..{cols - 1}.",
                      row=row, column=column, parent=parent_path or [], rowCount=rows,
                      columnCount=cols)
    idx = model.index(row, column, parent)
    if not idx.isValid():
        raise QtError("INDEX_INVALID", f"the model gave no index at {row},{column}",
                      row=row, column=column, rowCount=rows, columnCount=cols)
    return idx


def path_of_index(idx: QModelIndex) -> Path:
    """The parent path of an index, from the root ([[row, column], ...])."""
    out: Path = []
    p = idx.parent()
    while p.isValid():
        out.append([p.row(), p.column()])
        p = p.parent()
    return list(reversed(out))


def has_children(model: QAbstractItemModel, idx: QModelIndex) -> bool:
    """hasChildren(), which QAbstractTableModel makes private (then: rowCount > 0)."""
    try:
        return bool(model.hasChildren(idx))
    except TypeError:
        return model.rowCount(idx) > 0


def flags_of(model: QAbstractItemModel, idx: QModelIndex) -> list[str]:
    flags = model.flags(idx)
    return [f.name for f in Qt.ItemFlag if f.value and (flags & f) == f and f.name]


# ---------------------------------------------------------------------- reading


def item(model: QAbstractItemModel, idx: QModelIndex, roles: list[str | int] | None,
         ids: IdTable, icon_size: int = ICON_SIZE) -> dict[str, Any]:
    """One item: the roles asked for (default: every standard role that has data)."""
    wanted = roles if roles else list(_ITEM_ROLES) + [
        n for n in role_names(model) if n not in STANDARD_ROLES]
    values: dict[str, Any] = {}
    for r in wanted:
        number = role_of(model, r)
        value = json_value(model.data(idx, number), number, ids, icon_size)
        if value is not None or roles:
            values[r if isinstance(r, str) else role_label(model, number)] = value
    return {"row": idx.row(), "column": idx.column(), "parent": path_of_index(idx),
            "roles": values, "flags": flags_of(model, idx),
            "hasChildren": has_children(model, idx),
            "rowCount": model.rowCount(idx)}


def header_value(model: QAbstractItemModel, section: int, orientation: Qt.Orientation,
                 role: int, ids: IdTable | None) -> Any:
    return json_value(model.headerData(section, orientation, role), role, ids)


def headers(model: QAbstractItemModel, orientation: str, role: int, offset: int, limit: int,
            ids: IdTable) -> dict[str, Any]:
    horizontal = orientation == "horizontal"
    o = Qt.Orientation.Horizontal if horizontal else Qt.Orientation.Vertical
    count = columns_of(model) if horizontal else rows_of(model)
    end = min(count, offset + limit)
    return {"orientation": orientation, "count": count, "offset": offset,
            "sections": [header_value(model, s, o, role, ids) for s in range(offset, end)]}


def rows(model: QAbstractItemModel, parent: Path, offset: int, limit: int,
         columns: list[int] | None, roles: list[str | int], ids: IdTable) -> dict[str, Any]:
    """A page of rows under a parent: ``cells`` are values (one role) or role dicts."""
    pidx = parent_index(model, parent)
    n_rows, n_cols = rows_of(model, pidx), columns_of(model, pidx)
    cols = columns if columns is not None else list(range(n_cols))
    bad = [c for c in cols if not 0 <= c < n_cols]
    if bad:
        raise QtError("INDEX_INVALID", f"no column {bad[0]} under {parent or 'the root'}",
                      hint=f"Columns are 0..{n_cols - 1}.", column=bad[0], parent=parent,
                      rowCount=n_rows, columnCount=n_cols)
    numbers = [role_of(model, r) for r in roles]
    single = len(numbers) == 1
    index, data = model.index, model.data
    out = []
    for r in range(offset, min(n_rows, offset + limit)):
        cells: list[Any] = []
        for c in cols:
            idx = index(r, c, pidx)
            if single:
                cells.append(json_value(data(idx, numbers[0]), numbers[0], ids))
            else:
                cells.append({str(name): json_value(data(idx, n), n, ids)
                              for name, n in zip(roles, numbers, strict=True)})
        out.append({"row": r, "cells": cells,
                    "hasChildren": has_children(model, index(r, 0, pidx)) if n_cols
                    else False})
    return {"parent": parent, "rowCount": n_rows, "columnCount": n_cols, "offset": offset,
            "columns": cols, "roles": roles, "rows": out,
            "hasMore": offset + len(out) < n_rows}


def tree(model: QAbstractItemModel, parent: Path, depth: int, max_nodes: int,
         columns: list[int] | None, ids: IdTable) -> dict[str, Any]:
    """The hierarchy under a parent, display values per row, depth and node capped."""
    state = {"count": 0, "truncated": False}
    display = R.DisplayRole.value

    def walk(pidx: QModelIndex, path: Path, level: int) -> list[dict[str, Any]]:
        n_rows, n_cols = rows_of(model, pidx), columns_of(model, pidx)
        cols = [c for c in (columns or range(n_cols)) if c < n_cols]
        nodes = []
        for r in range(n_rows):
            if state["count"] >= max_nodes:
                state["truncated"] = True
                break
            state["count"] += 1
            first = model.index(r, 0, pidx)
            node: dict[str, Any] = {
                "row": r, "parent": path,
                "values": [json_value(model.data(model.index(r, c, pidx), display), display,
                                      ids) for c in cols],
                "childCount": model.rowCount(first)}
            if model.canFetchMore(first):
                node["canFetchMore"] = True
            if node["childCount"] and level < depth:
                node["children"] = walk(first, [*path, [r, 0]], level + 1)
            nodes.append(node)
        return nodes

    pidx = parent_index(model, parent)
    nodes = walk(pidx, parent, 1)
    return {"parent": parent, "nodes": nodes, "count": state["count"],
            "truncated": state["truncated"]}


def search(model: QAbstractItemModel, parent: Path, text: str, column: int | None,
           regex: bool, case_sensitive: bool, exact: bool, role: str | int, recursive: bool,
           offset: int, limit: int, ids: IdTable) -> dict[str, Any]:
    """Items whose value (as text) contains / equals / matches ``text``."""
    flags = 0 if case_sensitive else re.IGNORECASE
    if regex:
        try:
            rx = re.compile(text, flags)
        except re.error as exc:
            raise QtError("INVALID_PARAMS", f"bad regular expression: {exc}",
                          hint="text is a Python regular expression when regex is true.",
                          text=text) from None
    else:
        body = re.escape(text)
        rx = re.compile(f"^{body}$" if exact else body, flags)
    number = role_of(model, role)
    matches: list[dict[str, Any]] = []
    state = {"scanned": 0, "skipped": 0, "more": False}

    def scan(pidx: QModelIndex, path: Path) -> None:
        n_rows, n_cols = rows_of(model, pidx), columns_of(model, pidx)
        if column is not None and not 0 <= column < n_cols:
            if not path:
                raise QtError("INDEX_INVALID", f"no column {column}",
                              hint=f"Columns are 0..{n_cols - 1}.", column=column,
                              rowCount=n_rows, columnCount=n_cols)
            return
        cols = [column] if column is not None else range(n_cols)
        for r in range(n_rows):
            for c in cols:
                idx = model.index(r, c, pidx)
                state["scanned"] += 1
                value = model.data(idx, number)
                if value is None or not rx.search(str(value)):
                    continue
                if state["skipped"] < offset:
                    state["skipped"] += 1
                    continue
                if len(matches) >= limit:
                    state["more"] = True
                    return
                matches.append({"row": r, "column": c, "parent": path,
                                "value": json_value(value, number, ids)})
            if recursive and has_children(model, model.index(r, 0, pidx)):
                scan(model.index(r, 0, pidx), [*path, [r, 0]])
                if state["more"]:
                    return

    scan(parent_index(model, parent), parent)
    return {"matches": matches, "count": len(matches), "offset": offset,
            "hasMore": state["more"], "scanned": state["scanned"]}


# ---------------------------------------------------------------------- writing


def _value_in(model: QAbstractItemModel, idx: QModelIndex, role: int, value: Any) -> Any:
    if role == R.CheckStateRole.value:
        if isinstance(value, bool):
            return Qt.CheckState.Checked if value else Qt.CheckState.Unchecked
        if isinstance(value, str):
            for number, name in _CHECK.items():
                if name.lower() == value.lower():
                    return Qt.CheckState(number)
        if isinstance(value, int) and value in _CHECK:
            return Qt.CheckState(value)
        raise QtError("PROPERTY_TYPE_MISMATCH", f"{value!r} is not a check state",
                      hint='checkState takes "Checked", "Unchecked", "PartiallyChecked" '
                           "or true/false.", received=value,
                      expected={"json": "a check state name", "example": "Checked"})
    return value


def set_data(model: QAbstractItemModel, idx: QModelIndex, value: Any, role: int,
             ids: IdTable) -> dict[str, Any]:
    """``model.setData``; PROPERTY_SET_FAILED when the model refuses the value."""
    previous = json_value(model.data(idx, role), role, ids)
    flags = model.flags(idx)
    if role == R.EditRole.value and not flags & Qt.ItemFlag.ItemIsEditable:
        raise QtError("PROPERTY_READ_ONLY", f"item {idx.row()},{idx.column()} is not editable",
                      hint="Only items whose flags include ItemIsEditable take edits.",
                      flags=flags_of(model, idx))
    ok = model.setData(idx, _value_in(model, idx, role, value), role)
    if not ok:
        raise QtError("PROPERTY_SET_FAILED", "the model refused the value (setData returned "
                      "false)", hint="The model validates its data; data.current is the value "
                      "it keeps.", received=value, current=previous,
                      role=role_label(model, role))
    return {"row": idx.row(), "column": idx.column(), "parent": path_of_index(idx),
            "role": role_label(model, role), "previous": previous,
            "value": json_value(model.data(idx, role), role, ids)}


class ItemUndo:
    """An item's value at one role before a change, to put back if a transaction fails.

    Held through a QPersistentModelIndex so it follows the item when rows move, and
    dropped quietly when the model or the item is gone by then.
    """

    def __init__(self, model: QAbstractItemModel, idx: QModelIndex, role: int) -> None:
        self.model = model
        self.index = QPersistentModelIndex(idx)
        self.role = role
        self.value = model.data(idx, role)

    def restore(self, ids: IdTable) -> dict[str, Any] | None:
        """Set the saved value back if it differs now; what was restored, or None."""
        if not idtable.alive(self.model) or not self.index.isValid():
            return None
        idx = self.model.index(self.index.row(), self.index.column(), self.index.parent())
        before = json_value(self.value, self.role, ids)
        if variant.same(json_value(self.model.data(idx, self.role), self.role, ids), before):
            return None
        if not self.model.setData(idx, self.value, self.role):
            return None
        return {"model": paths.path_of(self.model), "row": idx.row(),
                "column": idx.column(), "parent": path_of_index(idx),
                "role": role_label(self.model, self.role), "value": before}


def undo_for(ident: str, row: int, column: int, parent: Path, role: str | int,
             ids: IdTable) -> ItemUndo:
    """What qt.models.setData with these params would overwrite (errors as setData's)."""
    model = resolve_model(ident, ids)
    idx = index_at(model, row, column, parent_index(model, parent), parent)
    return ItemUndo(model, idx, role_of(model, role))


def map_to_source(model: QAbstractItemModel, idx: QModelIndex, ids: IdTable
                  ) -> list[dict[str, Any]]:
    """Each step of an index down the proxy chain: model, row, column, parent path."""
    steps = []
    m: Any = model
    while isinstance(m, QAbstractProxyModel) and m.sourceModel() is not None:
        idx = m.mapToSource(idx)
        m = m.sourceModel()
        steps.append({"model": paths.describe(m, ids), "valid": idx.isValid(),
                      "row": idx.row(), "column": idx.column(),
                      "parent": path_of_index(idx) if idx.isValid() else []})
    return steps
