"""What the probe declares about each of its methods, read from ``qt.schema`` once per
connection: whether a call changes the app, whether the live view marks where it acted,
and which of its params name the element it acts on.

The probe's ``@method(...)`` declaration is the one place these facts live; the inspector
keeps no table of its own. Until the schema has answered (just after connecting) no
method is known, so nothing is marked.
"""

from __future__ import annotations

from dataclasses import dataclass

from probe.wire.qt_system import Schema


@dataclass(frozen=True, slots=True)
class MethodFact:
    """One method's declared facts (an unknown method has none)."""

    name: str
    changes_app: bool = False
    marks: bool = False
    element: tuple[str, ...] = ()



class MethodFacts:
    """The facts of every method the connected probe serves."""

    def __init__(self) -> None:
        self._facts: dict[str, MethodFact] = {}
        #: the schema answered for the current connection
        self.loaded = False

    def load(self, schema: Schema) -> None:
        self._facts = {m["name"]: MethodFact(m["name"], m["changesApp"], m["marks"],
                                             tuple(m["element"]))
                       for m in schema["methods"]}
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
