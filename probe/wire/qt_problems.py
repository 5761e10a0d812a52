"""qt.problems: what is wrong in the app, each problem with its element, source and fix."""

from probe.wire._shared import Source
from probe.wire._typing import NotRequired, TypedDict


class Problem(TypedDict):
    """One finding: its kind, what is wrong, a one-line fix, and (when it has one) its
    element (``objectId``, ``path``, ``className``, ``ref``) and where that was made.
    Some kinds say more: ``coveredBy`` (covered), ``faults`` (model contract),
    ``keys`` (duplicate shortcut), ``intervalMs`` (fast timer), ``thread`` (a thread
    without an event loop), ``text`` (a QML warning as Qt wrote it), ``shownAs`` (an
    unnamed control: the name readPage gives it, from a label beside it, its placeholder
    or tool tip); an element a read failed on (``probe_fault``, ``app_exception``):
    ``where`` (the probe's file:line), ``traceback``, ``count`` (how often this class of
    failure was met) and ``secondsAgo``
    (since the last time)."""

    kind: str
    message: str
    hint: str
    objectId: NotRequired[str]
    path: NotRequired[str]
    className: NotRequired[str]
    ref: NotRequired[str]
    source: NotRequired[Source]
    coveredBy: NotRequired[str]
    faults: NotRequired[list[str]]
    keys: NotRequired[str]
    intervalMs: NotRequired[int]
    thread: NotRequired[str]
    text: NotRequired[str]
    shownAs: NotRequired[str]
    where: NotRequired[str]
    traceback: NotRequired[str]
    count: NotRequired[int]
    secondsAgo: NotRequired[float]


class ProblemReport(TypedDict):
    """``qt.problems``: the findings (at most ``limit``), how many of each kind, how many
    in all, and whether the list was cut."""

    problems: list[Problem]
    counts: dict[str, int]
    total: int
    truncated: bool
