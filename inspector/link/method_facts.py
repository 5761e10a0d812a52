"""What the probe declares about each of its methods, read from ``qt.schema`` once per
connection: whether a call changes the app, whether the live view marks where it acted,
and which of its params name the element it acts on.

The probe's ``@method(...)`` declaration is the one place these facts live; the inspector
keeps no table of its own. Until the schema has answered (just after connecting) no
method is known, so nothing is marked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MethodFact:
    """One method's declared facts (an unknown method has none)."""

    name: str
    changes_app: bool = False
    marks: bool = False
    element: tuple[str, ...] = ()

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MethodFact:
        element = data.get("element")
        return cls(str(data.get("name") or ""), bool(data.get("changesApp")),
                   bool(data.get("marks")),
                   tuple(str(e) for e in element) if isinstance(element, list) else ())


class MethodFacts:
    """The facts of every method the connected probe serves."""

    def __init__(self) -> None:
        self._facts: dict[str, MethodFact] = {}
        #: the schema answered for the current connection
        self.loaded = False

    def load(self, schema: Any) -> None:
        methods = schema.get("methods") if isinstance(schema, dict) else None
        self._facts = {f.name: f for f in (MethodFact.from_json(m) for m in methods or []
                                           if isinstance(m, dict)) if f.name}
        self.loaded = True

    def clear(self) -> None:
        """Forget them (the connection went: the next probe may serve other methods)."""
        self._facts = {}
        self.loaded = False

    def get(self, method: str) -> MethodFact:
        return self._facts.get(method) or MethodFact(method)

    def marks(self, method: str) -> bool:
        """The live view marks where a call of ``method`` acted."""
        return self.get(method).marks

    def changes_app(self, method: str) -> bool:
        return self.get(method).changes_app

    def __len__(self) -> int:
        return len(self._facts)
