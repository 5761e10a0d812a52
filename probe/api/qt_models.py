"""Item models family: list models, read items by page, search, walk trees, edit.

Indexes are a ``parent`` path (``[[row, column], ...]`` from the root) plus row and
column. Results carry the model's ``generation``; pass it back to get MODEL_RESET
instead of silently reading moved rows after a reset or layout change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, cast

from probe.api._params import ModelId
from probe.core.data import models as core
from probe.core.errors import QtError
from probe.core.objects.idtable import ids_for
from probe.core.objects.paths import describe
from probe.server.context import Context, Meta
from probe.server.registry import P, Tool, method
from probe.wire.qt_models import (
    CellEdit,
    Count,
    Headers,
    ItemData,
    Mapped,
    ModelInfo,
    ModelList,
    Rows,
    Search,
    Tree,
)

Parent = Annotated[list[list[int]], P("parent item as [[row, column], ...] from the root; "
                                      "[] = top level")]
Generation = Annotated[int | None, P("generation from an earlier result: MODEL_RESET if "
                                     "the model was reset or re-laid out since")]
Row = Annotated[int, P("row under the parent", minimum=0)]
Column = Annotated[int, P("column under the parent", minimum=0)]
Role = Annotated[str | int, P("role name (display, edit, decoration, toolTip, checkState, "
                              "a roleNames() name) or an integer role")]


def _save_item(ctx: Context, params: dict[str, Any]) -> Callable[[], dict[str, Any] | None]:
    """Save the item a qt.models.setData call will overwrite, for qt.transaction's rollback
    (GUI thread). Bad params save nothing: the call itself then fails with the right error.
    """
    ids = ids_for(ctx.state)
    try:
        saved = core.undo_for(params["modelId"], params["row"], params["column"],
                              params.get("parent") or [], params.get("role", "edit"), ids)
    except (QtError, KeyError, TypeError, ValueError, AttributeError):
        return lambda: None
    return lambda: saved.restore(ids_for(ctx.state))


def _model(ctx: Context, modelId: str, generation: int | None) -> tuple[Any, Any, int]:
    ids = ids_for(ctx.state)
    model = core.resolve_model(modelId, ids)
    return model, ids, core.check_generation(model, generation)


@method("qt.models.list", tool=Tool("list_models", "data"))
def list_(ctx: Context) -> ModelList:
    """Every item model in the app: size, views showing it, proxy chain to its source."""
    ids = ids_for(ctx.state)
    out = []
    for m in core.all_models():
        d = core.summary(m, ids)
        d["views"] = [v["id"] for v in
                      (describe(v, ids) for v in core.views_of(m))]
        d["sourceChain"] = [ids.id_of(s) for s in core.source_chain(m)]
        out.append(d)
    return {"models": out, "count": len(out)}


@method("qt.models.info", tool=Tool("model_info", "data"))
def info(ctx: Context, modelId: ModelId) -> ModelInfo:
    """One model: size, generation, role names, headers, views, source model and chain."""
    model, ids, _ = _model(ctx, modelId, None)
    return cast(ModelInfo, core.info(model, ids))


@method("qt.models.count")
def count(ctx: Context, modelId: ModelId, parent: Parent = [],  # noqa: B006
          generation: Generation = None) -> Count:
    """Row and column count under a parent item."""
    model, _, gen = _model(ctx, modelId, generation)
    pidx = core.parent_index(model, parent)
    return {"parent": parent, "rowCount": model.rowCount(pidx),
            "columnCount": model.columnCount(pidx), "generation": gen}


@method("qt.models.rows", tool=Tool("get_model_rows", "data", heavy=True))
def rows(ctx: Context, modelId: ModelId, parent: Parent = [],  # noqa: B006
         offset: Annotated[int, P("first row", minimum=0)] = 0,
         limit: Annotated[int, P("at most this many rows", minimum=1, maximum=10000)] = 100,
         columns: Annotated[list[int] | None, P("only these columns (default all)")] = None,
         roles: Annotated[list[str | int], P("roles per cell; one role gives plain values, "
                                             "several give {role: value}", minItems=1)]
         = ["display"],  # noqa: B006
         generation: Generation = None) -> Meta[Rows]:
    """A page of rows under a parent (offset/limit): big models are read page by page."""
    model, ids, gen = _model(ctx, modelId, generation)
    result = core.rows(model, parent, offset, limit, columns, roles, ids)
    result["generation"] = gen
    return cast(Meta[Rows], Meta(result, truncated=result["hasMore"]))


@method("qt.models.data")
def data(ctx: Context, modelId: ModelId, row: Row, column: Column = 0,
         parent: Parent = [],  # noqa: B006
         roles: Annotated[list[str | int] | None, P("roles to read; default every standard "
                                                    "and named role that has data")] = None,
         iconSize: Annotated[int, P("decoration pictures are scaled to fit this", minimum=1,
                                    maximum=256)] = core.ICON_SIZE,
         generation: Generation = None) -> ItemData:
    """One item's data for any roles (icons as a small PNG), its flags and children."""
    model, ids, gen = _model(ctx, modelId, generation)
    idx = core.index_at(model, row, column, core.parent_index(model, parent), parent)
    result = core.item(model, idx, roles, ids, iconSize)
    result["generation"] = gen
    return cast(ItemData, result)


@method("qt.models.headers")
def headers(ctx: Context, modelId: ModelId,
            orientation: Annotated[Literal["horizontal", "vertical"],
                                   P("column headers (horizontal) or row headers")]
            = "horizontal",
            role: Role = "display",
            offset: Annotated[int, P("first section", minimum=0)] = 0,
            limit: Annotated[int, P("at most this many sections", minimum=1,
                                    maximum=10000)] = 200) -> Headers:
    """Header data of the top level, by section."""
    model, ids, gen = _model(ctx, modelId, None)
    result = core.headers(model, orientation, core.role_of(model, role), offset, limit, ids)
    result["generation"] = gen
    return cast(Headers, result)


@method("qt.models.tree")
def tree(ctx: Context, modelId: ModelId, parent: Parent = [],  # noqa: B006
         depth: Annotated[int, P("levels below the parent", minimum=1, maximum=100)] = 3,
         maxNodes: Annotated[int, P("stop after this many rows", minimum=1,
                                    maximum=100000)] = 1000,
         columns: Annotated[list[int] | None, P("display values of these columns "
                                                "(default all)")] = None,
         generation: Generation = None) -> Meta[Tree]:
    """A tree model's hierarchy: display values, childCount and children per row."""
    model, ids, gen = _model(ctx, modelId, generation)
    result = core.tree(model, parent, depth, maxNodes, columns, ids)
    result["generation"] = gen
    return cast(Meta[Tree], Meta(result, truncated=result["truncated"]))


@method("qt.models.search", tool=Tool("search_model", "data"))
def search(ctx: Context, modelId: ModelId,
           text: Annotated[str, P("text to find (a Python regex when regex is true)")],
           column: Annotated[int | None, P("only this column (default all)", minimum=0)]
           = None,
           regex: Annotated[bool, P("text is a regular expression")] = False,
           exact: Annotated[bool, P("the whole value must equal text")] = False,
           caseSensitive: bool = False,
           role: Role = "display",
           parent: Parent = [],  # noqa: B006
           recursive: Annotated[bool, P("also search children of tree rows")] = False,
           offset: Annotated[int, P("skip this many matches", minimum=0)] = 0,
           limit: Annotated[int, P("at most this many matches", minimum=1,
                                   maximum=10000)] = 100,
           generation: Generation = None) -> Meta[Search]:
    """Items whose value contains (or equals, or matches) the text, page by page."""
    model, ids, gen = _model(ctx, modelId, generation)
    result = core.search(model, parent, text, column, regex, caseSensitive, exact, role,
                         recursive, offset, limit, ids)
    result["generation"] = gen
    return cast(Meta[Search], Meta(result, truncated=result["hasMore"]))


@method("qt.models.setData", changes=True, saves=_save_item,
        tool=Tool("set_model_data", "data"))
def set_data(ctx: Context, modelId: ModelId, row: Row, column: Column,
             value: Annotated[Any, P("the new value (JSON); check states by name or bool")],
             parent: Parent = [],  # noqa: B006
             role: Role = "edit",
             generation: Generation = None) -> CellEdit:
    """Change an item through the model's setData (views update as after a user edit)."""
    model, ids, _ = _model(ctx, modelId, generation)
    idx = core.index_at(model, row, column, core.parent_index(model, parent), parent)
    result = core.set_data(model, idx, value, core.role_of(model, role), ids)
    result["generation"] = core.GENERATIONS.of(model)
    return cast(CellEdit, result)


@method("qt.models.mapToSource")
def map_to_source(ctx: Context, modelId: ModelId, row: Row, column: Column = 0,
                  parent: Parent = [],  # noqa: B006
                  generation: Generation = None) -> Mapped:
    """Follow an item of a proxy down its chain: the source model's row/column at each step."""
    model, ids, gen = _model(ctx, modelId, generation)
    idx = core.index_at(model, row, column, core.parent_index(model, parent), parent)
    steps = core.map_to_source(model, idx, ids)
    return cast(Mapped, {"row": row, "column": column, "parent": parent, "steps": steps,
            "source": steps[-1] if steps else None, "generation": gen})
