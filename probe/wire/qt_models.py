"""Item models (``qt.models.*``): the app's models, their shape, rows, cells and edits.

A cell's value is JSON in the probe's value shapes (a picture is ``{type, format, width,
height, data}``), so values are ``Any``. ``parent`` is the path of ``[row, column]``
pairs from the root to the parent item; ``generation`` changes when the model resets or
its rows move, so a client can tell its positions went stale.
"""

from typing import Any

from probe.wire._shared import ObjectSummary
from probe.wire._typing import NotRequired, TypedDict


class ModelEntry(ObjectSummary):
    """One model of the app with its size and the views showing it (ids)."""

    rowCount: int
    columnCount: int
    generation: int
    views: list[str]
    sourceChain: list[str]


class ModelList(TypedDict):
    """``qt.models.list``."""

    models: list[ModelEntry]
    count: int


class ModelInfo(ObjectSummary):
    """``qt.models.info``: size, headers, role names and numbers, the proxy chain down
    to the source model, the views showing it."""

    rowCount: int
    columnCount: int
    generation: int
    isProxy: bool
    sourceModel: ObjectSummary | None
    sourceChain: list[ObjectSummary]
    views: list[ObjectSummary]
    roleNames: dict[str, int]
    headers: list[Any]


class Count(TypedDict):
    """``qt.models.count``: rows and columns under ``parent``."""

    parent: list[list[int]]
    rowCount: int
    columnCount: int
    generation: int


class Row(TypedDict):
    """One row: a value per column asked for (``{role: value}`` when several roles
    were asked for), and whether it has children."""

    row: int
    cells: list[Any]
    hasChildren: bool


class Rows(TypedDict):
    """``qt.models.rows``: a page of rows from ``offset``."""

    parent: list[list[int]]
    rowCount: int
    columnCount: int
    offset: int
    columns: list[int]
    roles: list[str]
    rows: list[Row]
    hasMore: bool
    generation: int


class ItemData(TypedDict):
    """``qt.models.data``: one item's values by role, flags and children."""

    row: int
    column: int
    parent: list[list[int]]
    roles: dict[str, Any]
    flags: list[str]
    hasChildren: bool
    rowCount: int
    generation: int


class Headers(TypedDict):
    """``qt.models.headers``: header sections of one orientation."""

    orientation: str
    count: int
    offset: int
    sections: list[Any]
    generation: int


class TreeNode(TypedDict):
    """One item of ``qt.models.tree`` with its column values and children."""

    row: int
    parent: list[list[int]]
    values: list[Any]
    childCount: int
    children: NotRequired[list["TreeNode"]]


class Tree(TypedDict):
    """``qt.models.tree``: items under ``parent``, depth-limited."""

    parent: list[list[int]]
    nodes: list[TreeNode]
    count: int
    truncated: bool
    generation: int


class Match(TypedDict):
    row: int
    column: int
    parent: list[list[int]]
    value: Any


class Search(TypedDict):
    """``qt.models.search``: the items whose value matches (from ``offset``), whether
    more do, how many items were looked at."""

    matches: list[Match]
    count: int
    offset: int
    hasMore: bool
    scanned: int
    generation: int


class CellEdit(TypedDict):
    """``qt.models.setData``: the value the model kept, and the one before."""

    row: int
    column: int
    parent: list[list[int]]
    role: str
    previous: Any
    value: Any
    generation: int


class MappedIndex(TypedDict):
    """An index in one model of a proxy chain."""

    model: ObjectSummary
    valid: bool
    row: int
    column: int
    parent: list[list[int]]


class Mapped(TypedDict):
    """``qt.models.mapToSource``: the index through each proxy down to the source."""

    row: int
    column: int
    parent: list[list[int]]
    steps: list[MappedIndex]
    source: MappedIndex | None
    generation: int
