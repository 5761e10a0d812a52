"""Resources family: the app's ``qrc:`` tree, a folder at a time, and a preview of one
file (GammaRay's resource browser)."""

from __future__ import annotations

from typing import Annotated

from probe.core import resources as core
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.qt_resources import PreviewKind, ResourceListing, ResourcePreview

ResourcePath = Annotated[str, P("a resource path: :/icons/open.png (qrc:/icons/open.png "
                                "and /icons/open.png mean the same)", minLength=1)]


@method("qt.resources.list", tool=Tool("list_resources", "data"))
def list_(
    ctx: Context,
    path: Annotated[str, P("the folder to list; :/ is the root")] = ":/",
    offset: Annotated[int, P("first entry of the page", minimum=0)] = 0,
    limit: Annotated[int, P("most entries answered", minimum=1, maximum=5000)] = 500,
) -> ResourceListing:
    """The files and folders directly in a resource folder: path, size, and whether it
    is Qt's own (``qt``: :/qt-project.org is in every app; a shared folder such as :/qt
    is not). Folders come first;
    ``total`` and ``cut`` say when more follow (ask again with ``offset``).
    RESOURCE_NOT_FOUND names what the nearest existing folder holds.
    """
    return core.list_folder(path, offset, limit)


@method("qt.resources.read", tool=Tool("read_resource", "data", heavy=True))
def read(
    ctx: Context,
    path: ResourcePath,
    maxBytes: Annotated[int, P("most bytes of text (or of a thumbnail's PNG) answered",
                               minimum=64, maximum=1_048_576)] = 65_536,
    thumbnail: Annotated[int, P("a picture's thumbnail fits in this many pixels a side",
                                minimum=16, maximum=1024)] = 256,
    kind: Annotated[PreviewKind | None, P("show it as this kind; default: found from its "
                                          "name and bytes")] = None,
) -> ResourcePreview:
    """One resource file as its kind is best shown: a picture's size and a PNG thumbnail
    (``image``), a text's first ``maxBytes`` (``text``; QML, JSON, style sheets), a
    font's family and style (``font``, read from its data: the app's fonts are not
    changed), else its first bytes in hex (``hex``). ``cut`` says the text or hex stops
    before the file ends. RESOURCE_TOO_LARGE for a picture or font past the bounds
    (``kind='binary'`` still shows its head).
    """
    return core.read_file(path, maxBytes, thumbnail, kind)
