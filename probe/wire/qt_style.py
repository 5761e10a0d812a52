"""Style (``qt.style``): a widget's palette, font, style and style sheets, and where each
comes from."""

from probe.wire._shared import ObjectSummary
from probe.wire._typing import NotRequired, TypedDict


class RoleColour(TypedDict):
    """One colour role of one group: ``#rrggbb`` (``#aarrggbb`` when not opaque), and
    whether this palette sets it (else it is resolved from the one it inherits)."""

    role: str
    color: str
    set: bool


class ColourGroup(TypedDict):
    """Active, Inactive or Disabled, with every role."""

    group: str
    roles: list[RoleColour]


class Source(TypedDict):
    """Where a palette or font comes from: the ``widget`` itself (``setPalette``,
    ``setFont``; a style sheet's colours too), a ``styleSheet`` (a font the sheets set),
    an ``ancestor`` (``object``), or the ``application``."""

    kind: str
    object: NotRequired[ObjectSummary]


class Font(TypedDict):
    """A resolved font (``description`` is ``QFont.toString()``)."""

    family: str
    families: list[str]
    pointSizeF: float
    pixelSize: int
    weight: int
    weightName: str
    style: str
    bold: bool
    italic: bool
    underline: bool
    strikeOut: bool
    description: str


class WidgetStyle(TypedDict):
    """The QStyle that draws the widget (a QStyleSheetStyle over the app's style while a
    style sheet applies)."""

    name: str
    className: str


#: A style sheet in effect: ``from`` "application", "ancestor" (``object``) or "widget".
StyleSheetEntry = TypedDict("StyleSheetEntry", {
    "from": str, "styleSheet": str, "object": NotRequired[ObjectSummary]})


class StyleFacts(TypedDict):
    """``qt.style``: the widget's ``palette`` (each group, each role), where it comes
    from, its ``font`` and where that comes from, the application's font for its class,
    the app's ``styleName`` and the style drawing the widget, and the ``styleSheets`` in
    effect, the app's first and the widget's own last."""

    target: ObjectSummary
    styleName: str
    widgetStyle: WidgetStyle
    palette: list[ColourGroup]
    paletteFrom: Source
    font: Font
    fontFrom: Source
    applicationFont: Font
    styleSheets: list[StyleSheetEntry]
