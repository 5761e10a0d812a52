"""Names family: the symbolic name map (Squish-style), used wherever an objectId is."""

from __future__ import annotations

from typing import Annotated, Any, cast

from probe.core.errors import QtError
from probe.core.objects import namefiles, paths
from probe.core.objects.idtable import ids_for
from probe.core.objects.names import NAMES
from probe.core.objects.resolver import object_of
from probe.server.context import Context
from probe.server.registry import P, Replay, Tool, method
from probe.wire.qt_names import Loaded, Names, Registered, Saved, Unregistered, Validation

Name = Annotated[str, P("symbolic name, e.g. ':Form.Name_QLineEdit'", minLength=1)]
Path = Annotated[str, P("a file name in the name-map folder (qt.names.list gives the "
                        "folder), e.g. 'names.json'", minLength=1, maxLength=4096)]


def setup_names(folder: str | None) -> None:
    """Use ``folder`` for name-map files (None: QTMCP_NAMES_DIR, else the app's config
    folder) and load the map named at start (``QTMCP_NAMES``, else the folder's
    qtmcp-names.json); ``probe.install`` runs it as a GUI job (the folder needs the app)."""
    namefiles.set_folder(folder)
    NAMES.load_default()


@method("qt.names.register", changes=True)
def register(ctx: Context, name: Name,
             definition: Annotated[str | dict[str, Any],
                                   P("a path string or {type, name, container, occurrence, "
                                     "<property>: value}")],
             replace: Annotated[bool, P("overwrite an existing name")] = False
             ) -> Registered:
    """Add a symbolic name; it then works as an objectId in every method."""
    checked = NAMES.register(name, definition, replace)
    return {"name": name, "definition": checked, "count": len(NAMES.names)}


@method("qt.names.unregister", changes=True)
def unregister(ctx: Context, name: Name) -> Unregistered:
    """Remove a symbolic name."""
    NAMES.unregister(name)
    return {"name": name, "count": len(NAMES.names)}


@method("qt.names.list", tool=Tool("list_names", "native"))
def list_(ctx: Context) -> Names:
    """Every registered name and its definition, where the map was loaded from, and the
    one folder name maps are loaded from and saved to."""
    return {"names": dict(sorted(NAMES.names.items())), "count": len(NAMES.names),
            "source": NAMES.source, "loadError": NAMES.load_error,
            "folder": str(namefiles.folder())}


@method("qt.names.validate")
def validate(ctx: Context,
             name: Annotated[str | None, P("one name; omit for all")] = None
             ) -> Validation:
    """Resolve names now: which find exactly one object (with its id), which fail and why."""
    ids = ids_for(ctx.state)
    targets = [name] if name is not None else sorted(NAMES.names)
    if name is not None:
        NAMES.definition(name)  # NAME_NOT_FOUND lists the names
    results = []
    for n in targets:
        try:
            obj = NAMES.object_named(n, ids, object_of)
            results.append({"name": n, "ok": True, "object": paths.describe(obj, ids)})
        except QtError as exc:
            results.append({"name": n, "ok": False, "error": exc.name,
                            "message": exc.message, **{k: v for k, v in exc.data.items()
                                                       if k in ("matches", "count")}})
    return {"results": results, "ok": sum(r["ok"] for r in results),
            "failed": sum(not r["ok"] for r in results)}


@method("qt.names.load", changes=True,
        replay=Replay.skip("reads a file of the app's names"))
def load(ctx: Context, path: Path,
         replace: Annotated[bool, P("replace the whole map instead of merging")] = False
         ) -> Loaded:
    """Load a map that qt.names.save wrote into the name-map folder (NAME_MAP_IO for a
    path elsewhere, a link or a special file; NAME_MAP_INVALID for a file qtmcp did not
    write)."""
    loaded = NAMES.load(path, replace)
    return cast(Loaded, {"loaded": loaded, "count": len(NAMES.names), "source": NAMES.source})


@method("qt.names.save", changes=True,
        replay=Replay.skip("writes a file of the app's names, not the app"))
def save(ctx: Context, path: Path) -> Saved:
    """Write the whole name map to a file in the name-map folder (an existing file there
    is replaced only if qtmcp wrote it)."""
    written = NAMES.save(path)
    return {"saved": len(NAMES.names), "path": written}
