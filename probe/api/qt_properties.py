"""Properties family: list, read and write QObject properties with JSON values."""

from __future__ import annotations

from typing import Annotated, Any

from probe.api._params import ObjectId
from probe.core.objects import meta
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.qt_properties import PropertyList, PropertySet, PropertyValue

Name = Annotated[str, P("property name (qt.properties.list shows them)", minLength=1)]


@method("qt.properties.list", tool=Tool("list_properties", "native"))
def list_(ctx: Context, objectId: ObjectId) -> PropertyList:
    """Static and dynamic properties: type, value, readable/writable/designable, enum names."""
    ids = ids_for(ctx.state)
    obj = object_of(objectId, ids)
    return {"objectId": ids.id_of(obj), "className": obj.metaObject().className(),
            "properties": meta.list_properties(obj, ids)}


@method("qt.properties.get", replay=Replay.checks("property"),
        tool=Tool("get_property", "native"))
def get(ctx: Context, objectId: ObjectId, name: Name) -> PropertyValue:
    """Read one property as JSON (enums by name, QColor as #rrggbb, QRect as an object...)."""
    ids = ids_for(ctx.state)
    return meta.get_property(object_of(objectId, ids), name, ids)


@method("qt.properties.set", changes=True, replay=Replay.run("value"),
        tool=Tool("set_property", "native"))
def set_(ctx: Context, objectId: ObjectId, name: Name,
         value: Annotated[Any, P("new value as JSON: enums/flags by name ('A|B'), QColor "
                                 "'#rrggbb', QRect {x,y,width,height}, QFont {family,...}")]
         ) -> PropertySet:
    """Write one property, converting strictly from JSON; returns the value read back.

    A value of the wrong type is refused (PROPERTY_TYPE_MISMATCH names the expected type);
    a value the object changes (clamps, rounds) gives PROPERTY_SET_FAILED with data.actual.
    """
    ids = ids_for(ctx.state)
    return meta.set_property(object_of(objectId, ids), name, value, ids)
