"""Every action method, on the hardening app's panel of every kind that it keeps replacing.

Shared by the deletion tests (tests/probe/api/test_deleted_elements.py) and their
benchmark (tests/bench/bench_churn_actions.py). The app runs ``churn-kinds MS``: a check
box, field, spin box, combo box, slider, tab widget, list and button, the entries of its
"Churn" menu and now and then a file dialog, all deleted (``deleteLater``) and made anew
every few milliseconds. :class:`ChurnCalls` makes one call of an action method at a time,
each on an element of the kind it takes, named by a ref this client was given (it reads
the page now and then, as an agent does) or by objectName.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable
from typing import Any

from tests.support.chrome import parse
from tests.support.pipelining import Call

#: Action methods (``changesApp`` in qt.schema) that act on no element of the UI.
EXEMPT = {
    "qt.names.load": "reads a names file",
    "qt.names.register": "changes the probe's name table",
    "qt.names.save": "writes a names file",
    "qt.names.unregister": "changes the probe's name table",
    "qml.evaluate": "off unless the app allows it (allow_eval)",
}
#: What an action on an element the app keeps replacing may answer besides success: the
#: element is gone or changed, or the value does not fit the element found there.
REFUSED = {"OBJECT_STALE", "OBJECT_NOT_FOUND", "REF_NOT_FOUND", "ELEMENT_NOT_FOUND",
           "OBJECT_AMBIGUOUS", "ELEMENT_NOT_VISIBLE", "ELEMENT_NOT_ENABLED",
           "COORDINATE_OUT_OF_BOUNDS", "FORM_INPUT_UNSUPPORTED", "FORM_INPUT_INVALID",
           "FORM_INPUT_NOT_TAKEN", "TEXT_NOT_TAKEN", "NAVIGATE_FAILED", "WINDOW_NOT_FOUND",
           "NOT_SUPPORTED", "TRANSACTION_FAILED", "METHOD_NOT_FOUND", "INVALID_PARAMS",
           "MODEL_NOT_FOUND", "INDEX_OUT_OF_RANGE", "PROPERTY_NOT_WRITABLE",
           "ELEMENT_BLOCKED"}
#: What a pipelining client may be told when it asks faster than the app can act.
OVERLOAD = {"APP_BUSY", "TOO_MANY_CALLS"}

#: Values chr.formInput is given, by the role of the element.
_VALUES: dict[str, Any] = {"checkbox": True, "textbox": "typed", "spinbutton": 3,
                           "combobox": "two", "slider": 5, "tab": True, "listitem": True,
                           "button": True, "menuitem": True, "list": "x"}
_NAMES = ["kindsCheck", "kindsField", "kindsSpin", "kindsCombo", "kindsSlider", "kindsTabs",
          "kindsList", "kindsButton"]
_PLACES = ["Churn > Kinds first", "Churn > Kinds second", "Alpha", "Beta", "Kinds second"]


class ChurnCalls:
    """Calls of every action method on the churning panel (``make(rng, i)`` for a
    :class:`~tests.support.pipelining.Pipeliner`); :meth:`seen` takes the answers, so
    the refs it uses are this client's own."""

    def __init__(self, methods: Iterable[str], width: int = 520, height: int = 900,
                 folder: str = "/tmp") -> None:
        self.methods = sorted(methods)
        self.width, self.height = width, height
        self.path = f"{folder}/qtmcp-churn.txt"
        self._refs: dict[str, list[str]] = {}
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ refs

    def seen(self, method: str, result: Any) -> None:
        """Keep the refs a page read or a find gave, by role."""
        found: dict[str, list[str]] = {}
        if method == "chr.readPage" and isinstance(result, dict) and "text" in result:
            for node in parse(result["text"]):
                if node["ref"]:
                    found.setdefault(node["role"], []).append(node["ref"])
        elif method == "chr.find" and isinstance(result, dict):
            for match in result.get("matches", []):
                if match.get("ref"):
                    found.setdefault(match["role"], []).append(match["ref"])
        if found:
            with self._lock:
                self._refs = found

    def ref(self, rng: random.Random, *roles: str) -> str:
        """A ref of one of ``roles`` (any role when none is given) from the last read."""
        with self._lock:
            pool = [r for role, refs in self._refs.items() if not roles or role in roles
                    for r in refs]
            if not pool:
                pool = [r for refs in self._refs.values() for r in refs] or ["ref_1"]
        return rng.choice(pool)

    def field(self, rng: random.Random) -> dict[str, Any]:
        """A ``{ref, value}`` pair for chr.formInput: a ref and the value its role takes."""
        with self._lock:
            pairs = [(role, r) for role, refs in self._refs.items() for r in refs]
        if not pairs:
            return {"ref": "ref_1", "value": True}
        role, ref = rng.choice(pairs)
        return {"ref": ref, "value": _VALUES.get(role, True)}

    # ------------------------------------------------------------------ calls

    def point(self, rng: random.Random) -> list[int]:
        return [rng.randint(5, self.width - 5), rng.randint(5, self.height - 5)]

    def __call__(self, rng: random.Random, i: int) -> Call:
        if i % 4 == 1:  # a fresh look now and then, as an agent does
            return rng.choice([("chr.readPage", {"filter": "interactive"}),
                               ("chr.find", {"query": "Kinds"})])
        return self.call(rng.choice(self.methods), rng)

    def call(self, method: str, rng: random.Random) -> Call:
        """One call of ``method`` on an element of the churning panel."""
        field = self.field(rng)
        name = rng.choice(_NAMES)
        ref = field["ref"]
        table: dict[str, dict[str, Any]] = {
            "chr.click": {"ref": ref},
            "chr.hover": {"ref": ref},
            "chr.drag": {"ref": self.ref(rng, "listitem", "slider", "button"),
                         "to": self.ref(rng, "list", "textbox", "listitem")},
            "chr.scrollTo": {"ref": ref},
            "chr.formInput": field,
            "chr.fillForm": {"fields": [field, self.field(rng)]},
            "chr.type": {"ref": self.ref(rng, "textbox", "spinbutton"), "text": "ab"},
            "chr.key": {"ref": self.ref(rng, "textbox", "slider", "list", "tab"),
                        "text": rng.choice(["End", "Down", "space"])},
            "chr.scroll": {"ref": self.ref(rng, "list", "slider", "spinbutton", "listitem"),
                           "scroll_direction": "down", "scroll_amount": 2},
            "chr.navigate": {"url": rng.choice(_PLACES)},
            "chr.fileChooser": {"paths": [self.path]},
            "chr.computer": {"action": rng.choice(["left_click", "double_click", "hover",
                                                   "scroll_to"]), "ref": ref},
            "chr.batch": {"actions": [{"action": "form_input", **field},
                                      {"action": "left_click", "ref": self.ref(rng)}]},
            "cu.leftClick": {"coordinate": self.point(rng)},
            "cu.rightClick": {"coordinate": self.point(rng)},
            "cu.middleClick": {"coordinate": self.point(rng)},
            "cu.doubleClick": {"coordinate": self.point(rng)},
            "cu.tripleClick": {"coordinate": self.point(rng)},
            "cu.mouseMove": {"coordinate": self.point(rng)},
            "cu.leftMouseDown": {"coordinate": self.point(rng)},
            "cu.leftMouseUp": {"coordinate": self.point(rng)},
            "cu.scroll": {"coordinate": self.point(rng), "scroll_direction": "down",
                          "scroll_amount": 2},
            "cu.drag": {"start": self.point(rng), "end": self.point(rng), "steps": 3},
            "cu.type": {"text": "xy"},
            "cu.key": {"text": rng.choice(["Tab", "End", "Escape", "space"])},
            "cu.holdKey": {"text": "shift", "duration": 0.02},
            "qt.ui.click": {"objectId": name},
            "qt.ui.doubleClick": {"objectId": name},
            "qt.ui.rightClick": {"objectId": name},
            "qt.ui.hover": {"objectId": name},
            "qt.ui.focus": {"objectId": name},
            "qt.ui.type": {"objectId": rng.choice(["kindsField", "kindsSpin"]), "text": "q"},
            "qt.ui.key": {"objectId": name, "keys": "Down"},
            "qt.ui.scroll": {"objectId": name, "dy": 1},
            "qt.ui.drag": {"objectId": "kindsSlider", "toPosition": {"x": 200, "y": 5},
                           "steps": 3},
            "qt.properties.set": {"objectId": "kindsField", "name": "text", "value": "set"},
            "qt.methods.invoke": {"objectId": rng.choice(["kindsCheck", "kindsButton"]),
                                  "method": "toggle"},
            "qt.actions.trigger": {"objectId": rng.choice(["KindsFirst", "KindsSecond",
                                                           "kindsCheck"])},
            "qt.models.setData": {"modelId": "kindsList", "row": 0, "column": 0,
                                  "value": "fig"},
            "qt.transaction": {"steps": [
                {"method": "qt.properties.set",
                 "params": {"objectId": "kindsField", "name": "text", "value": "t"}},
                {"method": "qt.ui.click", "params": {"objectId": "kindsButton"}}]},
        }
        return method, table[method]


def action_methods(schema: dict[str, Any]) -> set[str]:
    """The methods qt.schema says change the app, less those that act on no element."""
    return {m["name"] for m in schema["methods"] if m.get("changesApp")} - set(EXEMPT)
