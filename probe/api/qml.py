"""qml.*: the Qt Quick item tree with QML types and ids, contexts, bindings, evaluation.

QML items are ordinary objects everywhere else: ``qt.properties.*`` reads and writes
their (QML-declared too) properties, ``@id:loginButton`` names one wherever an objectId
is taken, qt.ui.screenshot grabs a QQuickWindow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from probe.api._params import ItemId
from probe.core.errors import QtError
from probe.core.objects.idtable import ids_for
from probe.core.objects.qmltypes import is_quick
from probe.core.objects.resolver import object_of
from probe.core.problems import qmlwarnings
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.qml import Bindings, Evaluated, Item, Tree
from probe.wire.qml import Context as QmlContext

if TYPE_CHECKING:
    from types import ModuleType


def _qml() -> ModuleType:
    """probe.core.qml.items on first use: it loads QtQuick/QtQml, ~40 MB a widgets app
    should not pay for."""
    from probe.core.qml import items as qml  # optional heavy module: only when qml.* is used

    return qml


def _bindings() -> ModuleType:
    """probe.core.qml.bindings on first use (it loads QtQml)."""
    from probe.core.qml import bindings  # optional heavy module: only when qml.* is used

    return bindings


@method("qml.tree", tool=Tool("qml_tree", "qml", heavy=True))
def tree(
    ctx: Context,
    objectId: Annotated[str | None, P("item or window to start at; default: every "
                                      "QQuickWindow")] = None,
    depth: Annotated[int, P("levels below the start", minimum=0, maximum=500)] = 50,
    maxNodes: Annotated[int, P("most items returned", minimum=1)] = 2000,
) -> Tree:
    """The visual item tree (stacking order) with QML type, id, source, scene geometry.

    Each node: describe() fields plus ``type`` (Rectangle, Button), ``qmlId``,
    ``source`` {file, line}, ``geometry`` [x, y, w, h] in scene coordinates,
    ``visible``, ``enabled``, ``opacity``, ``z``.
    """
    ids = ids_for(ctx.state)
    root = object_of(objectId, ids) if objectId is not None else None
    return _qml().tree(root, ids, depth, maxNodes)


@method("qml.info", tool=Tool("qml_item", "qml"))
def info(ctx: Context, objectId: ItemId) -> Item:
    """One item's QML type, id, source, geometry, visibility and opacity."""
    ids = ids_for(ctx.state)
    obj = object_of(objectId, ids)
    if not is_quick(obj):
        raise _qml().not_an_item(obj)
    return _qml().describe_item(obj, ids)


@method("qml.contextProperties", tool=Tool("qml_context", "qml"))
def context_properties(
    ctx: Context,
    objectId: ItemId,
    names: Annotated[list[str] | None, P("context properties to read (the public API "
                                         "cannot list them)")] = None,
) -> QmlContext:
    """The item's QML context: base URL, the ids it defines, its context object and the
    context properties asked for by name (``missing`` lists names it does not have)."""
    ids = ids_for(ctx.state)
    return _qml().context_info(object_of(objectId, ids), ids, names)


@method("qml.evaluate", changes=True, replay=Replay.run("value"),
        tool=Tool("qml_evaluate", "qml"))
def evaluate(
    ctx: Context,
    objectId: ItemId,
    expression: Annotated[str, P("JavaScript expression; the item is the scope, the ids "
                                 "of its file are in reach", minLength=1)],
) -> Evaluated:
    """Evaluate a QML/JavaScript expression in an item's context (off unless enabled)."""
    if not ctx.allow_eval:  # install(allow_eval=True) or QTMCP_ALLOW_EVAL=1
        # The table's hint (1701) says how to turn it on.
        raise QtError("QML_EVAL_DISABLED", "qml.evaluate is turned off in this app",
                      option="allow_eval", env="QTMCP_ALLOW_EVAL")
    ids = ids_for(ctx.state)
    return {"value": _qml().evaluate(object_of(objectId, ids), expression)}


@method("qml.bindings", tool=Tool("qml_bindings", "qml"))
def bindings(
    ctx: Context,
    objectId: ItemId,
    name: Annotated[str | None, P("one property (e.g. text, anchors.fill); default: every "
                                  "property the item's QML declaration sets",
                                  minLength=1)] = None,
) -> Bindings:
    """Which of a QML item's properties are bound, and to what expression.

    Qt has no public API for bindings, so this reads the item's declaration in its .qml
    file (found by its id or objectName): ``prop: expr`` is a binding unless ``expr`` is
    a constant. Each property: ``name``, ``value`` (now), ``bound``, ``expression``,
    ``kind`` (binding, literal, alias, object, unset), ``source`` ("qml file", or "none"
    when the declaration does not set it), ``file``, ``line``. An imperative assignment
    made later breaks a binding without any public trace: ``bound`` says what the file
    declares, compare ``value`` with ``expression`` when in doubt. A binding also lists
    its ``dependencies`` (each property its expression reads: as written, whose
    (``objectId``), which ``property``, its ``value`` now) and ``loop``: Qt reported a
    binding loop at it.
    """
    ids = ids_for(ctx.state)
    return _bindings().bindings(object_of(objectId, ids), ids, name,
                                qmlwarnings.binding_loops())
