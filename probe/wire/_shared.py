"""Shapes several families answer with, declared once (as ``probe/api/_params.py`` holds
the parameters they share): rectangles and points, the short form of an object, and where
an object was made."""

from typing import Any, Literal

from probe.wire._typing import NotRequired, TypedDict


class Rect(TypedDict):
    """A rectangle in pixels (window or screen coordinates, as the answer says)."""

    x: int
    y: int
    width: int
    height: int


class Point(TypedDict):
    x: int
    y: int


class ObjectSummary(TypedDict):
    """The short form of an object in every answer that names one."""

    #: ``#N``: this session's id of it (valid until the object dies)
    id: str
    #: its path from a top-level object, e.g. ``mainWindow/form/nameEdit``
    path: str
    className: str
    objectName: str
    isWidget: bool
    #: None for an object that has no visibility or enabled state
    visible: bool | None
    enabled: bool | None
    childCount: int


class CodeLine(TypedDict):
    """One Python line: file, line number and the function it is in."""

    file: str
    line: int
    function: str


class PythonSite(CodeLine):
    """The Python line that made an object, with the app's frames from there outwards
    (``stack``) and its own ``__init__`` lines that ran for it (``init``)."""

    stack: list[CodeLine]
    init: NotRequired[list[CodeLine]]


class QmlDeclaration(TypedDict):
    """The QML declaration that made an object: file, line, column, declared type, and
    the .qml file of that component when it is one."""

    file: str
    line: int
    column: int
    type: str
    component: NotRequired[str]


class Source(TypedDict):
    """Where an object was made: a Python line (``kind: python``), a .qml declaration
    (``kind: qml``), or unknown (``file: null`` and ``unknown``: why), then with ``near``:
    the nearest ancestor's source (its ``via``: that ancestor's class)."""

    kind: NotRequired[Literal["python", "qml"]]
    file: str | None
    line: NotRequired[int]
    column: NotRequired[int | None]
    function: NotRequired[str]
    stack: NotRequired[list[CodeLine]]
    init: NotRequired[list[CodeLine]]
    #: QML: the declared type, and the .qml file of that component when it is one
    type: NotRequired[str]
    component: NotRequired[str]
    #: QML made by a Python type: the Python stack at the time
    python: NotRequired[PythonSite]
    unknown: NotRequired[str]
    near: NotRequired["Source"]
    via: NotRequired[str]


class ElementRef(TypedDict):
    """An object named briefly: the element under a point, a model's view."""

    id: str
    path: str
    className: str
    objectName: str


class Size(TypedDict):
    width: int
    height: int


class Modal(TypedDict):
    """The one ``modal`` field of action answers: the dialog, popup or menu open after
    the action (``opened``: the action opened it; ``waiting``: the action's own code
    waits in its event loop), with a hint the first time it is named."""

    kind: str
    title: NotRequired[str]
    tabId: NotRequired[str]
    className: NotRequired[str]
    modal: NotRequired[bool]
    opened: NotRequired[bool]
    owner: NotRequired[str | None]
    fileChooser: NotRequired[bool]
    waiting: NotRequired[bool]
    hint: NotRequired[str]


class Bounds(Rect):
    """An element's rectangle in its window, the window, and whether it shows."""

    window: str
    visible: bool


class Handles(TypedDict):
    """Every handle of one element in the caller's spaces: its ref, ``#N``, a selector
    that finds it again, its symbolic name, where it is."""

    ref: str
    id: str
    selector: str
    selectorKind: str
    symbolicName: str | None
    bounds: Bounds
    path: str
    className: str
    objectName: str
    resolvedFrom: NotRequired[str]


class Picture(TypedDict):
    """A picture of the app: base64 ``data`` of ``format`` (png, jpeg), its size in
    pixels, and picture pixels per window pixel (``scale``)."""

    format: str
    width: int
    height: int
    scale: float
    data: str


class Previous(TypedDict):
    """A form control's state before an input."""

    value: Any
    checked: NotRequired[bool]
    selected: NotRequired[bool]


class RefElement(TypedDict):
    """An element of the page by its ref, role and name (as readPage shows it)."""

    ref: str
    role: str
    name: str


class DropTarget(TypedDict):
    """What a drag's drop landed on (or was refused by)."""

    className: str
    objectName: str
    text: NotRequired[str]


class Drop(TypedDict):
    """What a drag gesture dropped where: ``dropped``; the target (``on``); the drop
    ``action`` taken, or ``why`` nothing was dropped; what the drag carried (``text``,
    ``formats``); ``via``: how the drop was delivered where there is no platform drag."""

    dropped: bool
    on: NotRequired[DropTarget]
    action: NotRequired[str]
    why: NotRequired[str]
    text: NotRequired[str]
    formats: NotRequired[list[str]]
    via: NotRequired[str]


class Action(TypedDict):
    """What an input action answers (``chr.*``, ``cu.*``, ``qt.ui.*`` actions): on what it
    acted (``ref``/``role``/``name``, ``target``, or ``element`` under ``coordinate``),
    what it did, the ``modal`` state after it and, for ``chr.*``, the ``changes`` report
    (``unread``: what the agent had not read before). Each action says the keys of its
    kind; an action is settled when ``meta.settled`` says so."""

    # on what
    ref: NotRequired[str]
    role: NotRequired[str]
    name: NotRequired[str]
    target: NotRequired[ObjectSummary | None]
    element: NotRequired[ElementRef]
    coordinate: NotRequired[list[int]]
    start: NotRequired[list[int]]
    window: NotRequired[str]
    position: NotRequired[Point]
    x: NotRequired[int]
    y: NotRequired[int]
    bounds: NotRequired[list[int]]
    onScreen: NotRequired[bool]
    via: NotRequired[str]
    path: NotRequired[str]
    objectName: NotRequired[str]
    # what it did
    action: NotRequired[str]
    kind: NotRequired[str]
    keys: NotRequired[int]
    typed: NotRequired[int]
    held: NotRequired[str]
    duration: NotRequired[float]
    direction: NotRequired[str]
    scrolled: NotRequired[bool]
    tab: NotRequired[str]
    index: NotRequired[int]
    value: NotRequired[Any]
    previous: NotRequired[Previous]
    changed: NotRequired[bool]
    checked: NotRequired[bool | str]
    selected: NotRequired[bool]
    waited: NotRequired[float]
    # a picture (chr.computer's screenshot)
    format: NotRequired[str]
    width: NotRequired[int]
    height: NotRequired[int]
    scale: NotRequired[float]
    data: NotRequired[str]
    windowSize: NotRequired[Size]
    # a drag and drop (chr.drag, cu.drag, computer's left_click_drag, qt.ui.drag)
    #: chr.drag: the element it dropped onto, and the window points it went ``start`` to ``end``
    onto: NotRequired[RefElement]
    end: NotRequired[list[int]]
    drop: NotRequired[Drop]
    # after it
    modal: NotRequired[Modal]
    changes: NotRequired[str]
    unread: NotRequired[str]
    #: the app's own code raised while it handled the input (a slot, a model): the input
    #: was delivered as a user's would be; what raised, in one line
    appRaised: NotRequired[str]


class Pending(TypedDict):
    """The answer of a call whose code waits in a dialog's or menu's own event loop (it
    opened one, ``QDialog.exec()``): it comes at once and names what opened. Any method
    that runs on the GUI thread may answer it instead of its declared result."""

    pending: bool
    modal: Modal | None
