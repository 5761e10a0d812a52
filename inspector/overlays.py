"""Agent overlays: where an agent's action landed, read from a mirrored call.

A ``probe.traffic`` record of an acting method (``qt.ui.click``, ``cu.leftClick``,
``chr.click``, ``chr.formInput`` …) says where and on what the agent acted, in one of
three ways: a widget path (``qt.ui.*`` results describe their target; ``cu.*`` results
name the element under the point), a rectangle (``chr.click`` results carry the ref's
``bounds`` in window coordinates), or a role and name (other ``chr.*`` results; the
inspector finds the same element in its own accessibility tree, since refs are per
session). Ids ("#N") are per session too, so only paths are used to ask for geometry.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

#: Methods that act on the app and so get a mark on the live view.
ACTING_PREFIXES = ("qt.ui.", "cu.", "chr.")
ACTING = frozenset({
    "qt.ui.click", "qt.ui.doubleClick", "qt.ui.rightClick", "qt.ui.type", "qt.ui.key",
    "qt.ui.hover", "qt.ui.scroll", "qt.ui.drag",
    "cu.leftClick", "cu.rightClick", "cu.middleClick", "cu.doubleClick", "cu.tripleClick",
    "cu.mouseMove", "cu.leftMouseDown", "cu.leftMouseUp", "cu.scroll", "cu.drag",
    "cu.type", "cu.key",
    "chr.click", "chr.formInput", "chr.type", "chr.scroll", "chr.hover", "chr.scrollTo",
    "chr.key",
})
#: Seconds a mark stays fully visible then fades out.
FADE_SECONDS = 1.5


@dataclass(slots=True)
class Mark:
    """One agent action to draw: on what (path or role+name) and where (rect, point)."""

    method: str
    client: str
    seq: int
    #: the session of the client that acted, and the ref it named (refs are per session)
    client_id: int | None = None
    ref: str | None = None
    path: str | None = None
    role: str | None = None
    name: str | None = None
    #: (x, y, w, h) in window coordinates, when the record already carries it
    rect: tuple[int, int, int, int] | None = None
    #: window coordinates of the pointer, when known
    point: tuple[int, int] | None = None
    #: qt.ui.* click positions are local to the target widget
    local_point: tuple[int, int] | None = None
    #: cu.* coordinates are screenshot pixels of the agent; scale maps them back
    screen_point: tuple[int, int] | None = None
    born: float = field(default_factory=time.monotonic)

    @property
    def label(self) -> str:
        what = self.name or (self.path.rsplit("/", 1)[-1] if self.path else "")
        return f"{self.client}: {self.method.split('.', 1)[-1]} {what}".strip()

    def opacity(self, now: float | None = None) -> float:
        """1 while fresh, falling to 0 at FADE_SECONDS."""
        age = (time.monotonic() if now is None else now) - self.born
        return max(0.0, 1.0 - age / FADE_SECONDS)

    def restart(self) -> None:
        self.born = time.monotonic()


def result_of(record: dict[str, Any]) -> Any:
    """The method's own result inside a traffic record ({"result": …, "meta": …})."""
    result = record.get("result")
    if isinstance(result, dict) and "result" in result:
        return result["result"]
    return result


def _rect(value: Any) -> tuple[int, int, int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 4:
        return tuple(int(v) for v in value)  # type: ignore[return-value]
    if isinstance(value, dict) and {"x", "y", "width", "height"} <= value.keys():
        return (int(value["x"]), int(value["y"]), int(value["width"]), int(value["height"]))
    return None


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return int(value[0]), int(value[1])
    if isinstance(value, dict) and {"x", "y"} <= value.keys():
        return int(value["x"]), int(value["y"])
    return None


def mark_from_record(record: dict[str, Any]) -> Mark | None:
    """A mark for an acting call that succeeded, else None."""
    method = str(record.get("method") or "")
    if method not in ACTING or not record.get("ok", "error" not in record):
        return None
    result = result_of(record)
    result = result if isinstance(result, dict) else {}
    params = record.get("params") if isinstance(record.get("params"), dict) else {}
    client = record.get("client") or {}
    mark = Mark(method, str(client.get("name") or "?"), int(record.get("seq") or 0),
                client.get("id"), params.get("ref") if isinstance(params.get("ref"), str)
                else None)
    if method.startswith("qt.ui."):
        target = result.get("target") if isinstance(result.get("target"), dict) else {}
        named = params.get("objectId", params.get("target"))  # "target": the older name
        mark.path = target.get("path") or (named if isinstance(named, str)
                                           and not named.startswith("#") else None)
        position = _pair(result.get("position"))
        mark.local_point = position
    elif method.startswith("cu."):
        element = result.get("element") if isinstance(result.get("element"), dict) else {}
        mark.path = element.get("path")
        mark.screen_point = _pair(result.get("coordinate"))
    else:
        mark.role, mark.name = result.get("role"), result.get("name")
        mark.rect = _rect(result.get("bounds"))
        if "x" in result and "y" in result:
            mark.point = (int(result["x"]), int(result["y"]))
        if result.get("coordinate") is not None:  # chr.* by coordinate went through cu.*
            element = result.get("element") if isinstance(result.get("element"), dict) else {}
            mark.path = element.get("path")
            mark.screen_point = _pair(result.get("coordinate"))
    if mark.path is None and mark.rect is None and mark.role is None \
            and mark.screen_point is None:
        return None
    return mark
