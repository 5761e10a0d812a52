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

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QImage, QStandardItem, QStandardItemModel

from inspector.style import theme
from inspector.style.words import size_text
from probe.wire.qt_resources import ResourceEntry, ResourceListing, ResourcePreview

COLUMNS = ("Name", "Size", "Owner")
ROOT = ":/"
PATH_ROLE = Qt.ItemDataRole.UserRole + 1
FOLDER_ROLE = Qt.ItemDataRole.UserRole + 2
#: entries of a folder read so far, and how many it holds (None: not read yet)
LOADED_ROLE = Qt.ItemDataRole.UserRole + 3
TOTAL_ROLE = Qt.ItemDataRole.UserRole + 4

Index = QModelIndex | QPersistentModelIndex


class ResourceTree(QStandardItemModel):
    """Folders and files by path; a folder's entries come a page at a time."""

    #: a folder's next page is wanted: (path, offset)
    fetchRequested = Signal(str, int)

    def __init__(self, parent: Any = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(list(COLUMNS))
        self._items: dict[str, QStandardItem] = {}
        self._pending: set[str] = set()
        self._root_total: int | None = None
        self._root_loaded = 0

    # ------------------------------------------------------------- content

    def clear_tree(self) -> None:
        """A new connection (or Reload): nothing read yet."""
        self.removeRows(0, self.rowCount())
        self._items.clear()
        self._pending.clear()
        self._root_total, self._root_loaded = None, 0

    def add_page(self, listing: ResourceListing) -> None:
        """Rows for one page of a folder's entries, after those already there."""
        path = listing["path"]
        self._pending.discard(path)
        parent = self._items.get(path)
        if parent is None and path != ROOT:
            return  # a folder of a tree read before a Reload
        for entry in listing["entries"]:
            row = self._row(entry)
            if parent is None:
                self.appendRow(row)
            else:
                parent.appendRow(row)
            self._items[entry["path"]] = row[0]
        loaded = listing["offset"] + len(listing["entries"])
        if parent is None:
            self._root_loaded, self._root_total = loaded, listing["total"]
        else:
            parent.setData(loaded, LOADED_ROLE)
            parent.setData(listing["total"], TOTAL_ROLE)

    def failed(self, path: str) -> None:
        """The page never came: it may be asked again."""
        self._pending.discard(path)

    def _row(self, entry: ResourceEntry) -> list[QStandardItem]:
        size = entry["size"]
        cells = [QStandardItem(entry["name"] + ("/" if entry["folder"] else "")),
                 QStandardItem("" if size is None else size_text(size)),
                 QStandardItem("Qt" if entry["qt"] else "app")]
        for cell in cells:
            cell.setEditable(False)
            cell.setData(entry["path"], PATH_ROLE)
            cell.setData(entry["folder"], FOLDER_ROLE)
            if entry["qt"]:
                cell.setForeground(theme.accent("muted"))
        cells[0].setToolTip(entry["path"] + (" (Qt's own resource)" if entry["qt"] else ""))
        cells[1].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return cells

    # --------------------------------------------------------------- reading

    def path_of(self, index: Index) -> str | None:
        return index.data(PATH_ROLE) if index.isValid() else None

    def is_folder(self, index: Index) -> bool:
        return bool(index.data(FOLDER_ROLE)) if index.isValid() else True

    def index_of(self, path: str) -> QModelIndex:
        item = self._items.get(path)
        return item.index() if item is not None else QModelIndex()

    def _state(self, parent: Index) -> tuple[str, int, int | None]:
        """(path, entries read, entries in all) of a folder."""
        if not parent.isValid():
            return ROOT, self._root_loaded, self._root_total
        first = parent.sibling(parent.row(), 0)
        return (first.data(PATH_ROLE), first.data(LOADED_ROLE) or 0,
                first.data(TOTAL_ROLE))

    # ------------------------------------------------------- lazy loading

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        if parent.isValid() and parent.column() == 0 and self.is_folder(parent):
            total = self._state(parent)[2]
            return total is None or total > 0
        return super().hasChildren(parent)

    def canFetchMore(self, parent: Index) -> bool:
        if parent.isValid() and (parent.column() != 0 or not self.is_folder(parent)):
            return False
        path, loaded, total = self._state(parent)
        return path not in self._pending and (total is None or loaded < total)

    def fetchMore(self, parent: Index) -> None:
        if not self.canFetchMore(parent):
            return
        path, loaded, _total = self._state(parent)
        self._pending.add(path)
        self.fetchRequested.emit(path, loaded)


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
