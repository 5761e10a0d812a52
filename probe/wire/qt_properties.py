"""Properties family (``qt.properties.*``): an object's properties and their values.

Values stay JSON in the probe's value shapes (enums by name, QColor ``#rrggbb``, QRect
``{x, y, width, height}`` ...), so they are ``Any`` here.
"""

from typing import Any

from probe.wire._typing import NotRequired, TypedDict


class EnumInfo(TypedDict):
    """The names an enum or flags property takes."""

    names: list[str]
    isFlag: bool
    enumName: NotRequired[str]
    scope: NotRequired[str]


class PropertyInfo(TypedDict):
    """One static or dynamic property: its type, value and flags."""

    name: str
    type: str
    #: None when the property cannot be read
    value: Any
    readable: bool
    writable: bool
    designable: bool
    #: the class that declares it (None for a dynamic property)
    declaredIn: str | None
    dynamic: bool
    enum: EnumInfo | None
    #: the signal it announces changes with, e.g. ``textChanged(QString)``
    notifySignal: str | None


class PropertyList(TypedDict):
    """``qt.properties.list``: an object's properties and its most derived class."""

    objectId: str
    className: str
    properties: list[PropertyInfo]


class PropertyValue(TypedDict):
    """``qt.properties.get``: one property's value."""

    name: str
    type: str
    value: Any


class PropertySet(TypedDict):
    """``qt.properties.set``: the value read back after writing, and the one before."""

    name: str
    type: str
    value: Any
    previous: Any
