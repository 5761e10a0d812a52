"""How the inspector shows the probe's JSON values (see probe.core.objects.variant for the shapes).

QColor is ``"#rrggbb"``, points/sizes/rects are ``{"x","y"}``/``{"width","height"}``/both,
fonts ``{"family","pointSizeF",...}``, enums by name, flags ``"A|B"``, and values the
probe cannot express ``{"type", "text"}``.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtGui import QColor

from probe.wire.qt_properties import EnumInfo

INT_TYPES = {"int", "short", "long", "qint8", "qint16", "qint32", "qint64", "qlonglong",
             "signed char", "qsizetype"}
UINT_TYPES = {"uint", "unsigned int", "ushort", "unsigned short", "ulong", "unsigned long",
              "quint8", "quint16", "quint32", "quint64", "qulonglong", "uchar",
              "unsigned char"}
FLOAT_TYPES = {"double", "float", "qreal"}
GEOMETRY_KEYS = {
    "QPoint": ("x", "y"), "QPointF": ("x", "y"),
    "QSize": ("width", "height"), "QSizeF": ("width", "height"),
    "QRect": ("x", "y", "width", "height"), "QRectF": ("x", "y", "width", "height"),
}


def kind_of(type_name: str, enum_info: EnumInfo | None = None, value: Any = None) -> str:
    """The editor family of a property: bool, int, uint, float, string, enum, flags, color,
    geometry, font or json."""
    if enum_info is not None:
        return "flags" if enum_info["isFlag"] else "enum"
    if type_name == "bool" or (type_name in ("QVariant", "") and isinstance(value, bool)):
        return "bool"
    if type_name in INT_TYPES:
        return "int"
    if type_name in UINT_TYPES:
        return "uint"
    if type_name in FLOAT_TYPES:
        return "float"
    if type_name in ("QString", "QUrl", "QKeySequence", "QDateTime", "QDate", "QTime"):
        return "string"
    if type_name == "QColor":
        return "color"
    if type_name in GEOMETRY_KEYS:
        return "geometry"
    if type_name == "QFont":
        return "font"
    if type_name in ("QVariant", ""):  # dynamic properties: go by the value
        if isinstance(value, int):
            return "int"
        if isinstance(value, float):
            return "float"
        if isinstance(value, str):
            return "string"
    return "json"


def _num(v: Any) -> str:
    if isinstance(v, float):
        text = f"{v:.6g}"
        return text
    return str(v)


def format_value(value: Any, type_name: str = "") -> str:
    """A short, readable rendering of a JSON value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return _num(value)
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        keys = set(value)
        if keys == {"x", "y", "width", "height"}:
            return (f"{_num(value['x'])}, {_num(value['y'])}  "
                    f"{_num(value['width'])} × {_num(value['height'])}")
        if keys == {"x", "y"}:
            return f"{_num(value['x'])}, {_num(value['y'])}"
        if keys == {"width", "height"}:
            return f"{_num(value['width'])} × {_num(value['height'])}"
        if "family" in value and ("pointSizeF" in value or "pixelSize" in value):
            size = value.get("pointSizeF") or 0
            size_text = f"{_num(size)} pt" if size and size > 0 else \
                f"{value.get('pixelSize')} px"
            style = [s for s in ("bold", "italic", "underline", "strikeOut") if value.get(s)]
            return ", ".join([str(value["family"]), size_text, *style])
        if "text" in value and "type" in value:
            return str(value["text"])
    try:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), default=str)
    except (TypeError, ValueError):
        return repr(value)


def color_of(value: Any) -> QColor | None:
    """The QColor a value stands for (a colour string), else None."""
    if isinstance(value, str) and value.startswith("#") and QColor.isValidColorName(value):
        return QColor(value)
    if isinstance(value, dict) and isinstance(value.get("color"), str):
        return color_of(value["color"])
    return None


def parse_text(text: str, kind: str) -> Any:
    """A typed JSON value from text typed by the user (argument forms, json editors)."""
    text = text.strip()
    if kind == "string":
        return text
    if kind in ("int", "uint"):
        return int(text)
    if kind == "float":
        return float(text)
    if kind == "bool":
        if text.lower() in ("true", "1", "yes", "on"):
            return True
        if text.lower() in ("false", "0", "no", "off", ""):
            return False
        raise ValueError(f"{text!r} is not true or false")
    try:
        return json.loads(text)
    except ValueError:
        return text
