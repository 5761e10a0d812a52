"""Agent marks: where an agent's action landed, read from a mirrored call.

Which methods get a mark is the probe's declaration (``marks`` in ``qt.schema``, see
:mod:`inspector.link.method_facts`). Where a call acted is read from its answer in one of
three ways, by family: a widget path (``qt.ui.*`` answers describe their target; ``cu.*``
answers name the element under the point), a rectangle (``chr.*`` answers by ref carry
the element's ``bounds`` in window coordinates), or a role and name (other ``chr.*``
answers; the inspector finds the same element in its own accessibility tree, since refs
are per session). Ids ("#N") are per session too, so only paths are used to ask for
geometry. A marked call whose answer says none of these (``cu.holdKey`` holds a key,
``chr.navigate`` switches a tab) gets no mark.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from inspector.link.method_facts import MethodFacts
from inspector.link.page import Rect, rect_of
from inspector.link.traffic import Call

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
    #: (x, y, w, h) in window coordinates, when the call's answer carries it
    rect: Rect | None = None
    #: window coordinates of the pointer, when known
    point: tuple[int, int] | None = None
    #: qt.ui.* click positions are local to the target widget
    local_point: tuple[int, int] | None = None
    #: cu.* coordinates are screenshot pixels of the agent; its scale maps them back
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


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)):
        seq = cast(Sequence[Any], value)
        if len(seq) == 2:
            return int(seq[0]), int(seq[1])
    point = _object(value)
    if {"x", "y"} <= point.keys():
        return int(point["x"]), int(point["y"])
    return None


def _object(value: Any) -> dict[str, Any]:
    return cast(dict[str, Any], value) if isinstance(value, dict) else {}


def mark_of(call: Call) -> Mark | None:
    """A mark for ``call`` (a call of a marked method that succeeded), else None."""
    if not call.ok:
        return None
    result, params = call.answer, call.args
    mark = Mark(call.method, call.client["name"], call.seq, call.client["id"], call.ref)
    if call.method.startswith("qt.ui."):
        named = params.get("objectId", params.get("target"))  # "target": the older name
        mark.path = _object(result.get("target")).get("path") or (
            named if isinstance(named, str) and not named.startswith("#") else None)
        mark.local_point = _pair(result.get("position"))
    elif call.method.startswith("cu."):
        mark.path = _object(result.get("element")).get("path")
        mark.screen_point = _pair(result.get("coordinate"))
    else:
        role, name = result.get("role"), result.get("name")
        mark.role = role if isinstance(role, str) else None
        mark.name = name if isinstance(name, str) else None
        mark.rect = rect_of(result.get("bounds"))
        if "x" in result and "y" in result:
            mark.point = _pair(result)
        if result.get("coordinate") is not None:  # chr.* by coordinate went through cu.*
            mark.path = _object(result.get("element")).get("path")
            mark.screen_point = _pair(result.get("coordinate"))
    if mark.path is None and mark.rect is None and mark.role is None \
            and mark.screen_point is None:
        return None
    return mark


class MarkReader:
    """Marks of the calls the probe declares marked, with each agent's screenshot scale
    (``cu.*`` coordinates are pixels of the agent's last screenshot)."""

    def __init__(self, facts: MethodFacts) -> None:
        self.facts = facts
        #: client name -> screenshot pixels per window pixel
        self.scales: dict[str, float] = {}

    def read(self, call: Call) -> Mark | None:
        """The mark of ``call``, or None (not marked, failed, or it says no place)."""
        if call.ok and call.method.startswith("cu.") and not self.facts.marks(call.method):
            scale = call.answer.get("scale")  # a screenshot or zoom: the agent's pixels
            if isinstance(scale, (int, float)) and scale > 0:
                self.scales[call.client["name"]] = float(scale)
        if not self.facts.marks(call.method):
            return None
        return mark_of(call)

    def scale_of(self, client: str) -> float:
        return self.scales.get(client, 1.0) or 1.0
