"""Methods family: list slots, signals and invokables; invoke them with JSON arguments."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from probe.api._params import ObjectId
from probe.core.objects import meta
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.qt_methods import Invoked, MethodList


@method("qt.methods.list", tool=Tool("list_methods", "native"))
def list_(ctx: Context, objectId: ObjectId,
          kind: Annotated[Literal["all", "slot", "signal", "method"] | None,
                          P("only this kind")] = None) -> MethodList:
    """Slots, signals and invokables with signatures, parameter types and declaring class."""
    ids = ids_for(ctx.state)
    obj = object_of(objectId, ids)
    methods = meta.list_methods(obj)
    if kind and kind != "all":
        methods = [m for m in methods if m["kind"] == kind]
    return {"objectId": ids.id_of(obj), "className": obj.metaObject().className(),
            "methods": methods}


@method("qt.methods.invoke", changes=True, replay=Replay.run("returned"),
        tool=Tool("invoke_method", "native"))
def invoke(ctx: Context, objectId: ObjectId,
           method: Annotated[str, P("method name, or a full signature to pick an overload "
                                    "(greet(QString,int))", minLength=1)],
           args: Annotated[list[Any] | None, P("arguments as JSON, converted to the "
                                               "parameter types")] = None) -> Invoked:
    """Call a slot or invokable (or emit a signal) on the GUI thread; returns its result."""
    ids = ids_for(ctx.state)
    return meta.invoke(object_of(objectId, ids), method, args or [], ids)
