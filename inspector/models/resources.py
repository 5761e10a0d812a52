"""The Resources tool's tree: the app's ``qrc:`` folders, each read when it is opened.

A folder shows an expander before it is read; opening it (or scrolling to the end of a
folder that has more) asks for one page (:attr:`ResourceTree.fetchRequested`), and the
pane hands the page back (:meth:`ResourceTree.add_page`). So a tree of 10,000 resources
costs what the user opens. Qt's own resources (``:/qt-project.org``) are greyed and
marked as Qt's.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QImage

from inspector.models.columns import Column, Columns
from inspector.style.words import size_text
from probe.wire.qt_resources import ResourceEntry, ResourceListing, ResourcePreview

ROOT = ":/"
Index = QModelIndex | QPersistentModelIndex
_TOP = QModelIndex()


class Node:
    """A file or folder; a folder's entries are read a page at a time."""

    def __init__(self, entry: ResourceEntry, parent: Node | None) -> None:
        self.entry = entry
        self.parent = parent
        self.children: list[Node] = []
        #: entries the folder holds in all (None: not read yet)
        self.total: int | None = None
        self.pending = False

    @property
    def path(self) -> str:
        return self.entry["path"]

    @property
    def folder(self) -> bool:
        return self.entry["folder"]

    def can_fetch(self) -> bool:
        return self.folder and not self.pending and (
            self.total is None or len(self.children) < self.total)


def _tone(node: Node) -> str | None:
    return "muted" if node.entry["qt"] else None


def _tip(node: Node) -> str:
    return node.path + (" (Qt's own resource)" if node.entry["qt"] else "")


_Column = Column[Node]


class ResourceTree(Columns[Node], QAbstractItemModel):
    """Columns: name (a folder with a /), size, owner (app or Qt)."""

    COLUMNS = (
        _Column("Name", lambda n: n.entry["name"] + ("/" if n.folder else ""), tip=_tip,
                tone=_tone),
        _Column("Size", lambda n: "" if n.entry["size"] is None else size_text(n.entry["size"]),
                tone=_tone, sort=lambda n: n.entry["size"] or 0),
        _Column("Owner", lambda n: "Qt" if n.entry["qt"] else "app", tone=_tone,
                about="Qt's own resources (:/qt-project.org, …) are in every app"))

    #: a folder's next page is wanted: (path, offset)
    fetchRequested = Signal(str, int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.root = Node({"path": ROOT, "name": "", "folder": True, "size": None,
                          "qt": False}, None)
        self.nodes: dict[str, Node] = {ROOT: self.root}

    # ------------------------------------------------------------- content

    def clear_tree(self) -> None:
        """A new connection (or Reload): nothing read yet."""
        self.beginResetModel()
        self.root.children, self.root.total, self.root.pending = [], None, False
        self.nodes = {ROOT: self.root}
        self.endResetModel()

    def add_page(self, listing: ResourceListing) -> None:
        """Rows for one page of a folder's entries, after those already there."""
        node = self.nodes.get(listing["path"])
        if node is None:
            return  # a folder of a tree read before a Reload
        node.pending = False
        fresh = [Node(e, node) for e in listing["entries"] if e["path"] not in self.nodes]
        if fresh:
            first = len(node.children)
            self.beginInsertRows(self.index_of(node), first, first + len(fresh) - 1)
            node.children += fresh
            self.nodes.update((n.path, n) for n in fresh)
            self.endInsertRows()
        node.total = listing["total"]

    def failed(self, path: str) -> None:
        """The page never came: it may be asked again."""
        node = self.nodes.get(path)
        if node is not None:
            node.pending = False

    # --------------------------------------------------------------- reading

    def node_of(self, index: Index) -> Node:
        node = index.internalPointer() if index.isValid() else None
        return node if isinstance(node, Node) else self.root

    def path_of(self, index: Index) -> str | None:
        return self.node_of(index).path if index.isValid() else None

    def is_folder(self, index: Index) -> bool:
        return self.node_of(index).folder

    def index_of(self, node_or_path: Node | str, column: int = 0) -> QModelIndex:
        node = self.nodes.get(node_or_path) if isinstance(node_or_path, str) else node_or_path
        if node is None or node.parent is None:
            return QModelIndex()
        return self.createIndex(node.parent.children.index(node), column, node)

    # ---------------------------------------------------------------- Qt model

    def row_at(self, index: Index) -> Node | None:
        return self.node_of(index) if index.isValid() else None

    def index(self, row: int, column: int, parent: Index = _TOP) -> QModelIndex:
        node = self.node_of(parent)
        if not 0 <= row < len(node.children) or not 0 <= column < len(self.COLUMNS):
            return QModelIndex()
        return self.createIndex(row, column, node.children[row])

    def parent(self, index: Index = _TOP) -> QModelIndex:  # type: ignore[override]
        if not index.isValid():
            return QModelIndex()
        up = self.node_of(index).parent
        return QModelIndex() if up is None else self.index_of(up)

    def rowCount(self, parent: Index = _TOP) -> int:
        if parent.isValid() and parent.column() != 0:
            return 0
        return len(self.node_of(parent).children)

    def hasChildren(self, parent: Index = _TOP) -> bool:
        if parent.isValid() and parent.column() != 0:
            return False
        node = self.node_of(parent)
        return node.folder and (node.total is None or node.total > 0)

    def canFetchMore(self, parent: Index) -> bool:
        return (not parent.isValid() or parent.column() == 0) and \
            self.node_of(parent).can_fetch()

    def fetchMore(self, parent: Index) -> None:
        node = self.node_of(parent)
        if self.canFetchMore(parent):
            node.pending = True
            self.fetchRequested.emit(node.path, len(node.children))

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


# ------------------------------------------------------------------ the preview


@dataclass(frozen=True)
class Preview:
    """One file as the preview shows it: a line about it, and a picture or a text."""

    path: str
    summary: str
    image: QImage | None = None
    text: str = ""


def hex_dump(data: bytes) -> str:
    """16 bytes a line: offset, hex, and the printable ASCII beside."""
    lines = []
    for at in range(0, len(data), 16):
        row = data[at:at + 16]
        ascii_ = "".join(chr(b) if 32 <= b < 127 else "." for b in row)
        lines.append(f"{at:08x}  {row.hex(' '):<47}  {ascii_}")
    return "\n".join(lines)


def preview_of(answer: ResourcePreview) -> Preview:
    """What the preview shows of ``qt.resources.read``'s answer."""
    size = answer["size"]
    owner = " · Qt's own resource" if answer["qt"] else ""
    head = f"{answer['path']} · {size_text(size)} · {answer['mimeType']}{owner}"
    image = answer.get("image")
    if image is not None:
        picture = QImage.fromData(base64.b64decode(image["thumbnail"]))
        shown = "" if (image["thumbnailWidth"], image["thumbnailHeight"]) == (
            image["width"], image["height"]) else \
            f" (shown at {image['thumbnailWidth']} × {image['thumbnailHeight']})"
        return Preview(answer["path"], f"{head} · {image['format']} picture, "
                       f"{image['width']} × {image['height']} px{shown}", image=picture)
    font = answer.get("font")
    if font is not None:
        return Preview(answer["path"], f"{head} · font",
                       text=f"Family: {font['family']}\nStyle: {font['style']}\n\n"
                            "(read from the file's data: the app's fonts are unchanged)")
    cut = answer.get("cut", False)
    if "hex" in answer:
        data = bytes.fromhex(answer["hex"])
        more = f" · the first {size_text(len(data))} in hex" if cut else " · in hex"
        return Preview(answer["path"], head + more, text=hex_dump(data))
    text = answer.get("text", "")
    more = f" · the first {size_text(len(text.encode()))} (cut)" if cut else ""
    return Preview(answer["path"], head + more, text=text)
