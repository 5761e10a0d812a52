"""Resources (``qt.resources.*``): the app's ``qrc:`` tree and a preview of one file."""

from typing import Literal

from probe.wire._typing import NotRequired, TypedDict

#: What a preview shows: a thumbnail, the first bytes as text, the font's names, or a hex
#: head.
PreviewKind = Literal["image", "text", "font", "binary"]


class ResourceEntry(TypedDict):
    """One file or folder of the resource tree."""

    #: ``:/icons/open.svg`` (``qrc:/icons/open.svg`` in QML)
    path: str
    name: str
    folder: bool
    #: bytes of a file (uncompressed); None for a folder
    size: int | None
    #: Qt's own (``:/qt-project.org``, ``:/qpdf``, Qt's QML modules ``:/qt/qml/Qt*``,
    #: PySide's ``:/qt/etc``), not the app's
    qt: bool


class ResourceListing(TypedDict):
    """``qt.resources.list``: one page of a folder's entries, folders first."""

    path: str
    entries: list[ResourceEntry]
    #: entries there are in all (from ``offset`` on, ``len(entries)`` are here)
    total: int
    offset: int
    #: more entries follow this page (ask again with ``offset``)
    cut: bool


class ImagePreview(TypedDict):
    """A picture's size and a PNG thumbnail of it (base64), bounded in pixels and bytes."""

    width: int
    height: int
    format: str
    thumbnail: str
    thumbnailWidth: int
    thumbnailHeight: int


class FontPreview(TypedDict):
    """A font file's names, read from its data (the app's font database is untouched)."""

    family: str
    style: str


class ResourcePreview(TypedDict):
    """``qt.resources.read``: one file, as its kind is best shown."""

    path: str
    size: int
    qt: bool
    kind: PreviewKind
    mimeType: str
    #: text: the first bytes as UTF-8 (undecodable bytes as U+FFFD)
    text: NotRequired[str]
    #: binary: the first bytes in hex
    hex: NotRequired[str]
    image: NotRequired[ImagePreview]
    font: NotRequired[FontPreview]
    #: the text or hex head stops before the file ends
    cut: NotRequired[bool]
