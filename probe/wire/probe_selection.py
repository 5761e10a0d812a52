"""Selection (``probe.selection.*``, ``probe.highlight``): what the human selected in the
inspector, and what an agent points the human at."""

from probe.wire._shared import Handles, ObjectSummary
from probe.wire._typing import NotRequired, TypedDict
from probe.wire.probe_session import Client


class Selection(Handles):
    """``probe.selection.get``: the human's selection with every handle in this
    caller's spaces, who selected it and when."""

    selectedBy: Client
    selectedAt: float
    describe: ObjectSummary


class Highlighted(ObjectSummary):
    """``probe.highlight``: the element, and how many inspectors were told."""

    notified: int


class SelectionNote(TypedDict):
    """``probe.selection`` (topic ``selection``): the human selected an object (its
    short form in the receiver's ids, as in ObjectSummary) or cleared the selection
    (``selected: false``, no object)."""

    selected: bool
    by: Client
    id: NotRequired[str]
    path: NotRequired[str]
    className: NotRequired[str]
    objectName: NotRequired[str]
    isWidget: NotRequired[bool]
    visible: NotRequired[bool | None]
    enabled: NotRequired[bool | None]
    childCount: NotRequired[int]


class HighlightNote(ObjectSummary):
    """``probe.highlight`` (topic ``highlight``): an agent points the human at an element."""

    by: Client
    note: str
