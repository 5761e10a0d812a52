"""Symbolic names (``qt.names.*``): names for objects that survive restarts, as Squish's
object map does; a definition is a selector text or a dict of properties."""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict


class Registered(TypedDict):
    """``qt.names.register``: the name, its definition, how many names there are."""

    name: str
    definition: Any
    count: int


class Unregistered(TypedDict):
    name: str
    count: int


class Names(TypedDict):
    """``qt.names.list``: every name and its definition, the file they came from (and
    why it could not be read), and the folder name maps are kept in."""

    names: dict[str, Any]
    count: int
    source: str | None
    loadError: str | None
    folder: str


class Saved(TypedDict):
    saved: int
    path: str


class Loaded(TypedDict):
    loaded: int
    count: int
    source: str


class Check(TypedDict):
    """One name checked: whether it names exactly one object now, and which."""

    name: str
    ok: bool
    error: NotRequired[str]
    message: NotRequired[str]
    object: NotRequired[dict[str, Any]]
    matches: NotRequired[list[str]]
    count: NotRequired[int]


class Validation(TypedDict):
    """``qt.names.validate``."""

    results: list[Check]
    ok: int
    failed: int
