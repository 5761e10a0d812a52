"""Names family: the symbolic name map (Squish-style), used wherever an objectId is."""

from __future__ import annotations

from typing import Annotated, Any

from probe.core.errors import QtError
from probe.core.objects import paths
from probe.core.objects.idtable import ids_for
from probe.core.objects.names import NAMES
from probe.core.objects.resolver import resolve
from probe.server.context import Context
from probe.server.registry import P, method

Name = Annotated[str, P("symbolic name, e.g. ':Form.Name_QLineEdit'", minLength=1)]
Path = Annotated[str, P("file path (JSON), relative to the app's working directory",
                        minLength=1)]

NAMES.load_default()


@method("qt.names.register", changes=True)
def register(ctx: Context, name: Name,
             definition: Annotated[str | dict[str, Any],
                                   P("a path string or {type, name, container, occurrence, "
                                     "<property>: value}")],
             replace: Annotated[bool, P("overwrite an existing name")] = False
             ) -> dict[str, Any]:
    """Add a symbolic name; it then works as an objectId in every method."""
    checked = NAMES.register(name, definition, replace)
    return {"name": name, "definition": checked, "count": len(NAMES.names)}


@method("qt.names.unregister", changes=True)
def unregister(ctx: Context, name: Name) -> dict[str, Any]:
    """Remove a symbolic name."""
    NAMES.unregister(name)
    return {"name": name, "count": len(NAMES.names)}


@method("qt.names.list")
def list_(ctx: Context) -> dict[str, Any]:
    """Every registered name and its definition, where the map was loaded from."""
    return {"names": dict(sorted(NAMES.names.items())), "count": len(NAMES.names),
            "source": NAMES.source, "loadError": NAMES.load_error}


@method("qt.names.validate")
def validate(ctx: Context,
             name: Annotated[str | None, P("one name; omit for all")] = None
             ) -> dict[str, Any]:
    """Resolve names now: which find exactly one object (with its id), which fail and why."""
    ids = ids_for(ctx.state)
    targets = [name] if name is not None else sorted(NAMES.names)
    if name is not None:
        NAMES.definition(name)  # NAME_NOT_FOUND lists the names
    results = []
    for n in targets:
        try:
            obj = NAMES.resolve(n, ids, resolve)
            results.append({"name": n, "ok": True, "object": paths.describe(obj, ids)})
        except QtError as exc:
            results.append({"name": n, "ok": False, "error": exc.name,
                            "message": exc.message, **{k: v for k, v in exc.data.items()
                                                       if k in ("matches", "count")}})
    return {"results": results, "ok": sum(r["ok"] for r in results),
            "failed": sum(not r["ok"] for r in results)}


@method("qt.names.load", changes=True)
def load(ctx: Context, path: Path,
         replace: Annotated[bool, P("replace the whole map instead of merging")] = False
         ) -> dict[str, Any]:
    """Load a name map file (JSON object of name -> definition) into the map."""
    loaded = NAMES.load(path, replace)
    return {"loaded": loaded, "count": len(NAMES.names), "source": NAMES.source}


@method("qt.names.save", changes=True)
def save(ctx: Context, path: Path) -> dict[str, Any]:
    """Write the whole name map to a JSON file."""
    return {"saved": NAMES.save(path), "path": path}
