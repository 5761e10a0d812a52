"""The app's Qt resources (``qrc:``): one folder's entries at a time, and a preview of one
file as its kind is best shown (in the app, GUI thread).

A folder is listed from the resource table (QResource.children) and paged, so a tree of 10,000
resources costs a client only the folders it opens. A preview reads at most what it
shows: a text's or a hex head's first bytes; a picture is decoded only below
:data:`MAX_IMAGE_PIXELS` and shrunk to a thumbnail within its byte budget; a font's names
come from a QRawFont over its data, so the app's font database is never changed.
"""

from __future__ import annotations

import base64
from typing import cast

from PySide6.QtCore import QDir, QFile, QFileInfo, QIODevice, QMimeDatabase, QResource
from PySide6.QtGui import QFont, QImageReader, QRawFont

from probe.core.capture.frames import encode_image, scaled
from probe.core.errors import QtError
from probe.wire.qt_resources import (
    PreviewKind,
    ResourceEntry,
    ResourceListing,
    ResourcePreview,
)

#: Folders of Qt's (and PySide's) own resources, in every app: Qt's modules, QtPdf's
#: colour profile, PySide's qt.conf.
QT_OWN = (":/qt-project.org", ":/qpdf", ":/qt/etc")
#: Qt's own QML modules (the ``Qt`` module URIs are Qt's: an app's cannot start so).
QT_QML = ":/qt/qml/Qt"
#: Beyond this many pixels a picture is not decoded (RESOURCE_TOO_LARGE).
MAX_IMAGE_PIXELS = 64 * 1024 * 1024
#: Beyond this many bytes a font file is not read whole (RESOURCE_TOO_LARGE).
MAX_FONT_BYTES = 32 * 1024 * 1024
#: The hex head of a file of no other kind, at most.
HEX_HEAD = 512
#: Endings of files shown as text whatever their bytes look like.
TEXT_SUFFIXES = frozenset((
    "qml", "js", "mjs", "json", "txt", "qss", "css", "xml", "ui", "html", "htm", "md",
    "conf", "ini", "py", "frag", "vert", "glsl", "csv", "qmltypes", "yaml", "yml", "svg"))
FONT_SUFFIXES = frozenset(("ttf", "otf", "ttc", "otc", "woff", "woff2", "pfa", "pfb"))
#: Folders whose sorted entries are kept (:func:`_sorted_entries`), the last listed last.
_LISTED: dict[str, tuple[list[str], list[tuple[bool, str]]]] = {}
_LISTED_MAX = 8
_FOLDERS = QDir.Filter.Dirs | QDir.Filter.NoDotAndDotDot | QDir.Filter.Hidden | QDir.Filter.System
_FONT_MAGIC = (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf", b"wOFF", b"wOF2")


def normalize(path: str) -> str:
    """``qrc:/a/b``, ``qrc:///a/b``, ``/a/b``, ``a/b`` and ``:/a/b`` -> ``:/a/b``."""
    if path.startswith("qrc:"):
        path = path[4:]
    elif path.startswith(":"):
        path = path[1:]
    return ":/" + "/".join(p for p in path.split("/") if p)


def is_qt_own(path: str) -> bool:
    return path.startswith(QT_QML) or any(path == top or path.startswith(top + "/")
                                          for top in QT_OWN)


def _parent(path: str) -> str:
    return path.rsplit("/", 1)[0] if path.count("/") > 1 else ":/"


def _child(folder: str, name: str) -> str:
    return f"{folder.rstrip('/')}/{name}"


def _names_in(folder: str) -> list[str]:
    """The names in a folder, across every registered resource file that has it
    (QResource reads its table: 10,000 names in ~3 ms, where a QDirIterator with a
    QFileInfo each took ~160 ms)."""
    return sorted(set(QResource(folder).children()))


def _not_found(path: str, what: str) -> QtError:
    """RESOURCE_NOT_FOUND naming what the nearest existing folder holds."""
    near = _parent(path)
    while near != ":/" and not QResource(near).isDir():
        near = _parent(near)
    names = _names_in(near)
    return QtError("RESOURCE_NOT_FOUND", f"no resource {what} at {path}", path=path,
                   folder=near, available=names[:50], availableCount=len(names))


def entry(path: str) -> ResourceEntry:
    res = QResource(path)
    folder = res.isDir()
    return {"path": path, "name": path.rsplit("/", 1)[-1], "folder": folder,
            "size": None if folder else res.uncompressedSize(), "qt": is_qt_own(path)}


def _sorted_entries(path: str) -> list[tuple[bool, str]]:
    """(is a file, name) of a folder's entries, folders first: kept for the folders last
    listed while their names stay the same, as finding which entries are folders is most
    of a listing's cost (10,000 entries: ~20 ms, then ~5 ms a page)."""
    names = _names_in(path)
    kept = _LISTED.pop(path, None)
    if kept is None or kept[0] != names:
        folders = set(QDir(path).entryList(_FOLDERS, QDir.SortFlag.NoSort))
        kept = (names, sorted((name not in folders, name) for name in names))
    _LISTED[path] = kept
    while len(_LISTED) > _LISTED_MAX:
        _LISTED.pop(next(iter(_LISTED)))
    return kept[1]


def list_folder(path: str, offset: int, limit: int) -> ResourceListing:
    """One page of ``path``'s entries (folders first, then by name)."""
    path = normalize(path)
    res = QResource(path)
    if not res.isDir():
        raise _not_found(path, "folder") if not res.isValid() else QtError(
            "RESOURCE_NOT_FOUND", f"{path} is a file, not a folder", path=path,
            hint="Preview it with qt.resources.read; list its folder "
                 f"({_parent(path)}) with qt.resources.list.")
    found = _sorted_entries(path)
    page = found[offset:offset + limit]
    return {"path": path, "entries": [entry(_child(path, name)) for _, name in page],
            "total": len(found), "offset": offset, "cut": offset + len(page) < len(found)}


def _kind(path: str, head: bytes) -> PreviewKind:
    suffix = QFileInfo(path).suffix().lower()
    if suffix in FONT_SUFFIXES or head.startswith(_FONT_MAGIC):
        return "font"
    if QImageReader.imageFormat(path):  # an SVG too, where Qt's svg plugin is there
        return "image"
    if suffix in TEXT_SUFFIXES or QFileInfo(path).fileName() == "qmldir":
        return "text"
    if b"\x00" in head[:4096]:
        return "binary"
    try:
        head[:4096].decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head[:4096]) - 4:  # not just a character the head cut in two
            return "binary"
    return "text"


def _read(path: str, count: int) -> bytes:
    f = QFile(path)
    if not f.open(QIODevice.OpenModeFlag.ReadOnly):
        raise QtError("RESOURCE_NOT_FOUND", f"{path} cannot be read: {f.errorString()}",
                      path=path)
    try:
        return bytes(f.read(count).data())
    finally:
        f.close()


def _text(data: bytes, size: int) -> tuple[str, bool]:
    """The bytes as text; a character cut at the end of a head is left out, not mangled."""
    cut = len(data) < size
    text = data.decode("utf-8", errors="replace")
    if cut:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            if exc.start >= len(data) - 3 and exc.reason == "unexpected end of data":
                text = data[:exc.start].decode("utf-8", errors="replace")
    return text, cut


def _too_large(path: str, what: str, limit: int, actual: int) -> QtError:
    return QtError("RESOURCE_TOO_LARGE", f"{path}: {what} too large to preview ({actual:,} "
                   f"over {limit:,})", path=path, limit=limit, actual=actual)


def _image(path: str, thumbnail: int, max_bytes: int) -> dict[str, object]:
    reader = QImageReader(path)
    dims = reader.size()
    if dims.isValid() and dims.width() * dims.height() > MAX_IMAGE_PIXELS:
        raise _too_large(path, "the picture's pixels are", MAX_IMAGE_PIXELS,
                         dims.width() * dims.height())
    image = reader.read()
    if image.isNull():
        raise QtError("RESOURCE_TOO_LARGE" if "alloc" in reader.errorString().lower()
                      else "RESOURCE_NOT_FOUND",
                      f"{path}: the picture cannot be decoded ({reader.errorString()})",
                      path=path, hint="Read its bytes: qt.resources.read with "
                                      "kind='binary'.")
    small = scaled(image, thumbnail, thumbnail)[0]
    data = encode_image(small, "png", -1)
    while len(data) > max_bytes and min(small.width(), small.height()) > 8:
        small = scaled(small, small.width() // 2, small.height() // 2)[0]
        data = encode_image(small, "png", -1)
    return {"width": image.width(), "height": image.height(),
            "format": bytes(reader.format().data()).decode() or QFileInfo(path).suffix(),
            "thumbnail": base64.b64encode(data).decode("ascii"),
            "thumbnailWidth": small.width(), "thumbnailHeight": small.height()}


def _font(path: str, size: int) -> dict[str, str] | None:
    if size > MAX_FONT_BYTES:
        raise _too_large(path, "the font file is", MAX_FONT_BYTES, size)
    raw = QRawFont(_read(path, size), 12.0, QFont.HintingPreference.PreferDefaultHinting)
    if not raw.isValid():
        return None
    return {"family": raw.familyName(), "style": raw.styleName()}


def read_file(path: str, max_bytes: int, thumbnail: int,
              kind: PreviewKind | None = None) -> ResourcePreview:
    """A preview of the file at ``path``: its ``kind`` (or the one asked for) decides what
    is read; text and hex heads stop at ``max_bytes`` and say so (``cut``)."""
    path = normalize(path)
    res = QResource(path)
    if not res.isValid():
        raise _not_found(path, "file")
    if res.isDir():
        raise QtError("RESOURCE_NOT_FOUND", f"{path} is a folder, not a file", path=path,
                      hint="List it with qt.resources.list.")
    size = res.uncompressedSize()
    head = _read(path, min(size, max(max_bytes, 4096)))
    shown = kind or _kind(path, head)
    mime = QMimeDatabase().mimeTypeForFileNameAndData(path, head).name()
    out: dict[str, object] = {"path": path, "size": size, "qt": is_qt_own(path),
                              "kind": shown, "mimeType": mime}
    if shown == "font":
        font = _font(path, size)
        if font is not None:
            out["font"] = font
            return cast(ResourcePreview, out)
        shown = out["kind"] = "binary"  # not a font Qt can read: its bytes
    if shown == "image":
        out["image"] = _image(path, thumbnail, max_bytes)
    elif shown == "text":
        out["text"], out["cut"] = _text(head[:max_bytes], size)
    else:
        count = min(max_bytes, HEX_HEAD)
        out["hex"] = head[:count].hex()
        out["cut"] = size > count
    return cast(ResourcePreview, out)
