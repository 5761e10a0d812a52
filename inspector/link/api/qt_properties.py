"""Properties (``qt.properties.*``): list, read and write an object's properties."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import Family
from probe.wire.qt_properties import PropertyList, PropertySet, PropertyValue


class QtProperties(Family):
    """Properties (``qt.properties.*``)."""

    async def properties(self, object_id: str) -> PropertyList:
        return await self.conn.call("qt.properties.list", {"objectId": object_id},
                                    result=PropertyList)

    async def property_value(self, object_id: str, name: str) -> Any:
        reply = await self.conn.call("qt.properties.get", {"objectId": object_id,
                                                            "name": name},
                                     result=PropertyValue)
        return reply["value"]

    async def set_property(self, object_id: str, name: str, value: Any) -> Any:
        """Set a property; returns the value the app then has."""
        reply = await self.conn.call("qt.properties.set", {"objectId": object_id,
                                                            "name": name, "value": value},
                                     result=PropertySet)
        return reply["value"]
