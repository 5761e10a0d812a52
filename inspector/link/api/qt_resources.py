"""Resources (``qt.resources.*``): the app's ``qrc:`` tree and a preview of one file."""

from __future__ import annotations

from inspector.link.api._base import Family
from probe.wire.qt_resources import ResourceListing, ResourcePreview

#: Entries asked for at once when a folder is opened or scrolled to its end.
RESOURCE_PAGE = 500


class QtResources(Family):
    """Resources (``qt.resources.*``)."""

    async def resources(self, path: str, offset: int = 0,
                        limit: int = RESOURCE_PAGE) -> ResourceListing:
        """One page of a resource folder's entries (folders first)."""
        return await self.conn.call("qt.resources.list",
                                    {"path": path, "offset": offset, "limit": limit},
                                    result=ResourceListing)

    async def resource(self, path: str, max_bytes: int, thumbnail: int) -> ResourcePreview:
        """A preview of one resource file (a thumbnail, text, a font's names or hex)."""
        return await self.conn.call("qt.resources.read",
                                    {"path": path, "maxBytes": max_bytes,
                                     "thumbnail": thumbnail},
                                    result=ResourcePreview)
