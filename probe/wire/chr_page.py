"""The page (``chr.readPage``, ``chr.find``, ``chr.getPageText``, ``chr.tabsContext``): the
accessibility tree with refs, as the Claude in Chrome tools read a web page."""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict


class ItemPlace(TypedDict):
    """Where an item-view cell is: its view, row, column and parent path."""

    view: str
    row: int
    column: int
    parent: list[list[int]]
    onScreen: bool
    columnHeader: NotRequired[str]


class PageNode(TypedDict):
    """One element: its role, name, the reader's ``ref`` when it is interactive, value
    (``cut``: the whole value's length in characters when it was shortened), states,
    ``bounds`` ``[x, y, w, h]`` in its window, the Qt object behind it, and its
    children."""

    role: str
    name: NotRequired[str]
    ref: NotRequired[str]
    value: NotRequired[Any]
    cut: NotRequired[int]
    states: NotRequired[list[str]]
    bounds: list[int]
    level: NotRequired[int]
    parent: NotRequired[str]
    id: NotRequired[str]
    objectName: NotRequired[str]
    className: NotRequired[str]
    item: NotRequired[ItemPlace]
    #: a click target the accessibility tree does not name
    gapFiller: NotRequired[bool]
    #: why the element could not be read (what raised); it keeps what was read, its
    #: children were read as far as they could be, and the rest of the page came back
    unread: NotRequired[str]
    moreItems: NotRequired[int]
    hiddenBelowDepth: NotRequired[int]
    children: NotRequired[list["PageNode"]]


class Window(TypedDict):
    tabId: str
    title: str


class Viewport(TypedDict):
    width: int
    height: int


class Page(TypedDict):
    """``chr.readPage``: the window read, as ``text`` (format text) or ``tree`` (json),
    how many elements and interactive ones, and what cut it short; ``blockedBy``: the
    modal dialog that keeps the rest from input."""

    window: Window
    viewport: Viewport
    text: NotRequired[str]
    tree: NotRequired[list[PageNode]]
    nodes: int
    interactive: int
    truncated: bool
    note: NotRequired[str]
    valuesCut: NotRequired[int]
    #: how many elements could not be read (each marked ``unread``; see ``note``)
    unreadElements: NotRequired[int]
    blockedBy: NotRequired[Window]
    #: ``source=true``: each ref's ``file:line`` (where its element was made)
    sources: NotRequired[dict[str, str]]


class Match(PageNode):
    """A found element: what of it matched the query, and how well."""

    matched: str
    score: float


class Found(TypedDict):
    """``chr.find``: the best matches (each with a ref) and how many there were."""

    query: str
    matches: list[Match]
    total: int
    note: NotRequired[str]
    sources: NotRequired[dict[str, str]]


class PageText(TypedDict):
    """``chr.getPageText``: the window's text, as a reader would read it."""

    title: str
    text: str
    chars: int
    truncated: bool
    totalChars: NotRequired[int]
    #: how many elements could not be read (their text is missing; see ``note``)
    unreadElements: NotRequired[int]
    note: NotRequired[str]


class AppName(TypedDict):
    name: str
    pid: int


class Tab(TypedDict):
    """A top-level window (a "tab"): its tabId (``#N``), title, kind, whether active,
    where it is; a dialog says its owner and whether it is modal."""

    tabId: str
    title: str
    objectName: str
    className: str
    kind: str
    active: bool
    bounds: list[int]
    owner: NotRequired[str | None]
    modal: NotRequired[bool]


class Tabs(TypedDict):
    """``chr.tabsContext``."""

    app: AppName
    tabs: list[Tab]
    activeTabId: str | None
