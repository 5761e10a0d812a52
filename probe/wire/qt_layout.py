"""Layout (``qt.layout``): where a widget is, how its layout places what it holds, the
window's tab order and what is wrong with its geometry. Every rectangle is in the
window's coordinates (logical pixels, as ``qt.ui.geometry``'s ``window``)."""

from probe.wire._shared import ObjectSummary, Rect, Size
from probe.wire._typing import NotRequired, TypedDict
from probe.wire.qt_problems import Problem


class Margins(TypedDict):
    left: int
    top: int
    right: int
    bottom: int


class SizePolicy(TypedDict):
    """``QWidget.sizePolicy()``: how a layout may grow or shrink the widget."""

    horizontal: str
    vertical: str
    horizontalStretch: int
    verticalStretch: int
    heightForWidth: bool


class Sizes(TypedDict):
    """The sizes a layout asks the widget for (hints are the widget's own answer, its
    class's override included) and the bounds set on it (``maximumSize`` 16777215 is
    Qt's "no bound")."""

    sizeHint: Size
    minimumSizeHint: Size
    minimumSize: Size
    maximumSize: Size


class Cell(TypedDict):
    """One item of a layout: a widget, a nested layout or a spacer (a stretch).

    ``rect`` is where the layout put it (a widget's own geometry; for a spacer of a box
    layout the gap between its neighbours; None when a spacer has no room). Grid
    layouts add ``row``, ``column``, ``rowSpan``, ``columnSpan``; form layouts ``row``
    and ``role`` (label, field, spanning); box layouts ``stretch``.
    """

    index: int
    kind: str
    rect: Rect | None
    object: NotRequired[ObjectSummary]
    row: NotRequired[int]
    column: NotRequired[int]
    rowSpan: NotRequired[int]
    columnSpan: NotRequired[int]
    role: NotRequired[str]
    stretch: NotRequired[int]
    #: a nested layout's own cells and margins
    layout: NotRequired["LayoutInfo"]


class LayoutInfo(TypedDict):
    """A QLayout: its rectangle, the part inside its margins, spacing and its cells."""

    object: ObjectSummary
    geometry: Rect
    contentsRect: Rect
    margins: Margins
    #: between cells (-1: the style decides and answers per pair)
    horizontalSpacing: int
    verticalSpacing: int
    #: a box layout's direction (LeftToRight, TopToBottom, …)
    direction: NotRequired[str]
    rowCount: NotRequired[int]
    columnCount: NotRequired[int]
    cells: list[Cell]


class Container(TypedDict):
    """The layout that holds the widget, and which of its cells the widget is."""

    layout: LayoutInfo
    index: int


class TabStop(TypedDict):
    """A widget Tab reaches, in the order Tab reaches it (``QWidget.nextInFocusChain``
    from the window, keeping the visible, enabled widgets whose focus policy takes Tab)."""

    order: int
    object: ObjectSummary
    rect: Rect
    focusPolicy: str
    #: Tab pressed here stays here (a text edit types a tab, an item view moves to its
    #: next cell): a user leaves it by a click
    keepsTab: bool


class LayoutProblem(Problem):
    """A problem of the window (``qt.problems``' record) with its element's rectangle."""

    rect: NotRequired[Rect]


class LayoutFacts(TypedDict):
    """``qt.layout``: the widget's rectangle, sizes and size policy; its own layout
    (``layout``, None for a widget without one) and the one it sits in (``container``,
    None for a widget no layout places); the window's tab order and its layout
    problems (text cut, covered, zero size, outside the window)."""

    target: ObjectSummary
    window: ObjectSummary
    windowSize: Size
    geometry: Rect
    sizes: Sizes
    sizePolicy: SizePolicy
    layout: LayoutInfo | None
    container: Container | None
    tabOrder: list[TabStop]
    problems: list[LayoutProblem]
