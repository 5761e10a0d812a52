"""QVariant <-> JSON: values of properties, method arguments and signal arguments.

``to_json`` never fails: a type it cannot express becomes ``{"type": T, "text": str}``.
``from_json`` is strict: it converts a JSON value to the Python value Qt expects for a
named C++ type, or raises PROPERTY_TYPE_MISMATCH naming the type and a valid example.
Qt itself would coerce (``5`` into ``"5"``, ``"x"`` into an enum 0); we refuse instead.

Shapes: QColor ``"#rrggbb"`` (``"#aarrggbb"`` with alpha); QPoint ``{"x","y"}``; QSize
``{"width","height"}``; QRect ``{"x","y","width","height"}`` (F variants with floats);
QMargins ``{"left","top","right","bottom"}``;
QFont ``{"family","pointSizeF","weight","bold","italic","underline","strikeOut"}``;
QUrl, QDateTime (ISO 8601), QDate, QTime, QKeySequence as strings; enums by name,
flags as ``"A|B"``.
"""

from __future__ import annotations

import base64
import datetime as _dt
import enum
import math
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import (
    QByteArray,
    QDate,
    QDateTime,
    QLocale,
    QMargins,
    QMetaEnum,
    QModelIndex,
    QObject,
    QPoint,
    QPointF,
    QRect,
    QRectF,
    QSize,
    QSizeF,
    Qt,
    QTime,
    QUrl,
)
from PySide6.QtGui import QColor, QCursor, QFont, QKeySequence

from probe.core.errors import QtError
from probe.core.objects import bounds

#: Called for QObject values (e.g. to give them a session id); None = plain description.
ObjectRef = Callable[[QObject], Any]

_ISO = Qt.DateFormat.ISODateWithMs


# ------------------------------------------------------------------------------ to JSON


def enum_name(value: enum.Enum, meta: QMetaEnum | None = None) -> str:
    """``"Name"`` of an enum value, ``"A|B"`` of a flag combination."""
    if isinstance(value, enum.Flag):
        if value.name is not None and "|" not in value.name:
            return value.name
        names = [m.name for m in type(value) if m.value and (m & value) == m and m.name]
        # keep only the biggest members (e.g. drop parts of a composite member)
        parts = [n for n in names if n is not None]
        if parts:
            return "|".join(_canonical(type(value), value, parts))
        if meta is not None:
            keys = meta.valueToKeys(int(value.value))
            if isinstance(keys, QByteArray):
                keys = bytes(keys.data())
            return keys.decode() if isinstance(keys, bytes) else str(keys)
        return str(int(value.value))
    return value.name if value.name is not None else str(value.value)


def _canonical(cls: type[enum.Flag], value: enum.Flag, names: list[str]) -> list[str]:
    """Members of ``value`` without those another listed member already covers."""
    members = [cls[n] for n in names]
    out: list[str] = []
    for m in members:
        covered = any(o is not m and (o & m) == m and o != m for o in members)
        if not covered:
            out.append(m.name or "")
    return out or names


def to_json(value: Any, objref: ObjectRef | None = None, _depth: int = 0) -> Any:
    """A JSON-able rendering of a value read from Qt (never raises)."""
    try:
        return _to_json(value, objref, _depth)
    except Exception as exc:  # noqa: BLE001 - conversion must be total
        return {"type": type(value).__name__, "text": _text(value), "error": str(exc)[:200]}


def _to_json(value: Any, objref: ObjectRef | None, depth: int) -> Any:
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, enum.Enum):
        return enum_name(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if depth > 20:
        return {"type": type(value).__name__, "text": _text(value)}
    if isinstance(value, (list, tuple)):
        return [_to_json(v, objref, depth + 1) for v in value]
    if isinstance(value, dict):
        return {str(k): _to_json(v, objref, depth + 1) for k, v in value.items()}
    conv = _TO_JSON.get(type(value))
    if conv is not None:
        return conv(value)
    if isinstance(value, QObject):
        if not shiboken6.isValid(value):
            return None
        if objref is not None:
            return objref(value)
        return {"type": QObject.metaObject(value).className(),
                "objectName": QObject.objectName(value)}
    if isinstance(value, (bytes, bytearray, QByteArray)):
        raw = bytes(value.data() if isinstance(value, QByteArray) else value)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return {"type": "QByteArray", "base64": base64.b64encode(raw).decode("ascii")}
    if isinstance(value, _dt.datetime | _dt.date | _dt.time):
        return value.isoformat()
    for base, conv in _TO_JSON.items():
        if isinstance(value, base):
            return conv(value)
    return {"type": _type_name(value), "text": _text(value)}


def _type_name(value: Any) -> str:
    return type(value).__name__


def _text(value: Any) -> str:
    try:
        text = str(value)
    except Exception:  # noqa: BLE001
        text = object.__repr__(value)
    return text[:500]


def _color(c: QColor) -> Any:
    if not c.isValid():
        return None
    return c.name(QColor.NameFormat.HexArgb if c.alpha() != 255 else QColor.NameFormat.HexRgb)


def _font(f: QFont) -> dict[str, Any]:
    return {"family": f.family(), "pointSizeF": f.pointSizeF(), "pixelSize": f.pixelSize(),
            "weight": int(f.weight().value if isinstance(f.weight(), enum.Enum) else f.weight()),
            "bold": f.bold(), "italic": f.italic(), "underline": f.underline(),
            "strikeOut": f.strikeOut()}


def _size_policy(p: QtWidgets.QSizePolicy) -> dict[str, Any]:
    return {"horizontalPolicy": p.horizontalPolicy().name, "verticalPolicy":
            p.verticalPolicy().name, "horizontalStretch": p.horizontalStretch(),
            "verticalStretch": p.verticalStretch()}


def _index(i: QModelIndex) -> dict[str, Any]:
    return {"type": "QModelIndex", "valid": i.isValid(), "row": i.row(), "column": i.column()}


def _described(type_name: str, text: Callable[[Any], str]) -> Callable[[Any], dict[str, Any]]:
    return lambda v: {"type": type_name, "text": text(v)}


_TO_JSON: dict[type, Callable[[Any], Any]] = {
    QColor: _color,
    QPoint: lambda p: {"x": p.x(), "y": p.y()},
    QPointF: lambda p: {"x": p.x(), "y": p.y()},
    QSize: lambda s: {"width": s.width(), "height": s.height()},
    QSizeF: lambda s: {"width": s.width(), "height": s.height()},
    QRect: lambda r: {"x": r.x(), "y": r.y(), "width": r.width(), "height": r.height()},
    QMargins: lambda m: {"left": m.left(), "top": m.top(), "right": m.right(),
                         "bottom": m.bottom()},
    QRectF: lambda r: {"x": r.x(), "y": r.y(), "width": r.width(), "height": r.height()},
    QFont: _font,
    QUrl: lambda u: u.toString(),
    QDateTime: lambda d: d.toString(_ISO) if d.isValid() else None,
    QDate: lambda d: d.toString(Qt.DateFormat.ISODate) if d.isValid() else None,
    QTime: lambda t: t.toString("HH:mm:ss.zzz") if t.isValid() else None,
    QKeySequence: lambda k: k.toString(QKeySequence.SequenceFormat.PortableText),
    QLocale: lambda loc: loc.name(),
    QCursor: lambda c: c.shape().name,
    QModelIndex: _index,
    QtCore.QPersistentModelIndex: _index,
    QtWidgets.QSizePolicy: _size_policy,
    QtGui.QIcon: _described("QIcon", lambda i: "null" if i.isNull() else
                            (i.name() or f"icon {len(i.availableSizes())} sizes")),
    QtGui.QPixmap: _described("QPixmap", lambda p: "null" if p.isNull() else
                              f"{p.width()}x{p.height()}"),
    QtGui.QImage: _described("QImage", lambda p: "null" if p.isNull() else
                             f"{p.width()}x{p.height()}"),
    QtGui.QPalette: _described("QPalette", lambda p: "window "
                               + p.color(QtGui.QPalette.ColorRole.Window).name()
                               + ", text " + p.color(QtGui.QPalette.ColorRole.WindowText).name()),
    QtGui.QBrush: lambda b: {"type": "QBrush", "color": _color(b.color()), "style":
                             b.style().name},
}


# ---------------------------------------------------------------------------- from JSON


class Mismatch(Exception):
    """Internal: a JSON value does not fit; carries what was expected."""

    def __init__(self, expected: str, example: Any, detail: str = "") -> None:
        super().__init__(detail or expected)
        self.expected = expected
        self.example = example
        self.detail = detail


def mismatch_error(type_name: str, value: Any, exc: Mismatch, where: str) -> QtError:
    """PROPERTY_TYPE_MISMATCH naming the expected type and a valid example."""
    return QtError(
        "PROPERTY_TYPE_MISMATCH",
        f"{where}: {exc.detail or 'expected ' + exc.expected}, got {_json_kind(value)} "
        f"{_short(value)}",
        hint=f"{where} takes {exc.expected}; for example {_short(exc.example)}.",
        expected={"type": type_name, "json": exc.expected, "example": exc.example},
        received=value)


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 80 else text[:77] + "..."


def _int(v: Any, expected: str = "an integer", example: Any = 42) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise Mismatch(expected, example)
    if isinstance(v, float):
        if not v.is_integer():
            raise Mismatch(expected, example, f"{v} is not a whole number")
        v = int(v)
    return v


def _int_of(type_name: str) -> Callable[[Any], int]:
    """The converter of a C++ integer type: whole numbers within its width only."""
    low, high = bounds.integer_range(type_name)
    expected = "a non-negative integer" if low == 0 else "an integer"
    example = 7 if low == 0 else 42

    def conv(v: Any) -> int:
        n = _int(v, expected, example)
        if not low <= n <= high:
            raise Mismatch(f"{expected} from {low} to {high}", example,
                           f"{n} is outside {type_name}'s range [{low}, {high}]")
        return n
    return conv


_int64 = _int_of("qint64")
_int32 = _int_of("int")


def _float(v: Any) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise Mismatch("a number", 1.5)
    try:
        return float(v)
    except OverflowError:
        raise Mismatch("a number", 1.5, "too large for a double") from None


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise Mismatch("true or false", True)
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise Mismatch("a string", "text")
    return v


def _char(v: Any) -> str:
    if not isinstance(v, str) or len(v) != 1:
        raise Mismatch("a one-character string", "a")
    return v


def _numbers(v: Any, keys: tuple[str, ...], num: Callable[[Any], Any], expected: str,
             example: Any) -> list[Any]:
    if isinstance(v, dict):
        missing = [k for k in keys if k not in v]
        extra = [k for k in v if k not in keys]
        if missing or extra:
            raise Mismatch(expected, example,
                           f"needs keys {list(keys)}" + (f", unknown {extra}" if extra else ""))
        items = [v[k] for k in keys]
    elif isinstance(v, list) and len(v) == len(keys):
        items = v
    else:
        raise Mismatch(expected, example)
    try:
        return [num(x) for x in items]
    except Mismatch:
        raise Mismatch(expected, example, f"every member must be {expected.split(' of ')[-1]}"
                       ) from None


def _ints(keys: tuple[str, ...], example: dict[str, int]) -> Callable[[Any], list[int]]:
    expected = f"an object {{{', '.join(keys)}}} of integers"
    return lambda v: _numbers(v, keys, _int32, expected, example)


def _floats(keys: tuple[str, ...], example: dict[str, float]) -> Callable[[Any], list[float]]:
    expected = f"an object {{{', '.join(keys)}}} of numbers"
    return lambda v: _numbers(v, keys, _float, expected, example)


_XY = ("x", "y")
_WH = ("width", "height")
_XYWH = ("x", "y", "width", "height")
_LTRB = ("left", "top", "right", "bottom")


def _color_in(v: Any) -> QColor:
    expected = 'a color: "#rrggbb", "#aarrggbb", a name like "red", or {r,g,b,a}'
    if isinstance(v, str):
        if QColor.isValidColorName(v):
            return QColor(v)
        raise Mismatch(expected, "#1e88e5", f"{v!r} is not a color name")
    if isinstance(v, dict) and {"r", "g", "b"} <= set(v) <= {"r", "g", "b", "a"}:
        try:
            parts = [_int(v[k]) for k in ("r", "g", "b")] + [_int(v.get("a", 255))]
        except Mismatch:
            raise Mismatch(expected, "#1e88e5") from None
        if all(0 <= p <= 255 for p in parts):
            return QColor(*parts)
    raise Mismatch(expected, "#1e88e5")


_FONT_KEYS = {"family", "pointSize", "pointSizeF", "pixelSize", "weight", "bold", "italic",
              "underline", "strikeOut"}


def _font_in(v: Any, current: Any = None) -> QFont:
    expected = 'a font: {"family", "pointSizeF", "bold", ...} or a QFont string'
    example = {"family": "Sans Serif", "pointSizeF": 12, "bold": True}
    if isinstance(v, str):
        f = QFont()
        if not f.fromString(v):
            raise Mismatch(expected, example, f"{v!r} is not a QFont description")
        return f
    if not isinstance(v, dict) or not v or set(v) - _FONT_KEYS:
        raise Mismatch(expected, example,
                       f"unknown keys {sorted(set(v) - _FONT_KEYS)}" if isinstance(v, dict)
                       and v else "")
    f = QFont(current) if isinstance(current, QFont) else QFont()
    try:
        if "family" in v:
            f.setFamily(_str(v["family"]))
        if "pointSizeF" in v or "pointSize" in v:
            size = _float(v.get("pointSizeF", v.get("pointSize")))
            if size <= 0:
                raise Mismatch(expected, example, "point size must be > 0")
            f.setPointSizeF(size)
        if "pixelSize" in v and _int32(v["pixelSize"]) > 0:
            f.setPixelSize(_int32(v["pixelSize"]))
        if "weight" in v:
            f.setWeight(QFont.Weight(_int(v["weight"])))
        for key, setter in (("bold", f.setBold), ("italic", f.setItalic),
                            ("underline", f.setUnderline), ("strikeOut", f.setStrikeOut)):
            if key in v:
                setter(_bool(v[key]))
    except (Mismatch, ValueError) as exc:
        raise Mismatch(expected, example, str(exc)) from None
    return f


def _url_in(v: Any) -> QUrl:
    u = QUrl(_str(v))
    if not u.isValid():
        raise Mismatch("a URL string", "https://example.com/", u.errorString())
    return u


def _datetime_in(v: Any) -> QDateTime:
    d = QDateTime.fromString(_str(v), _ISO)
    if not d.isValid():
        d = QDateTime.fromString(v, Qt.DateFormat.ISODate)
    if not d.isValid():
        raise Mismatch("an ISO 8601 date-time string", "2024-05-01T13:30:00")
    return d


def _date_in(v: Any) -> QDate:
    d = QDate.fromString(_str(v), Qt.DateFormat.ISODate)
    if not d.isValid():
        raise Mismatch("an ISO 8601 date string", "2024-05-01")
    return d


def _time_in(v: Any) -> QTime:
    s = _str(v)
    t = QTime.fromString(s, "HH:mm:ss.zzz")
    if not t.isValid():
        t = QTime.fromString(s, Qt.DateFormat.ISODate)
    if not t.isValid():
        raise Mismatch("a time string HH:MM[:SS[.zzz]]", "13:30:00")
    return t


def _keyseq_in(v: Any) -> QKeySequence:
    k = QKeySequence.fromString(_str(v), QKeySequence.SequenceFormat.PortableText)
    if k.isEmpty() and v:
        raise Mismatch("a key sequence string", "Ctrl+S")
    return k


def _list_of(item: Callable[[Any], Any], expected: str, example: Any
             ) -> Callable[[Any], list[Any]]:
    def conv(v: Any) -> list[Any]:
        if not isinstance(v, list):
            raise Mismatch(expected, example)
        try:
            return [item(x) for x in v]
        except Mismatch as exc:
            raise Mismatch(expected, example, f"an item is not {exc.expected}") from None
    return conv


def _map(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise Mismatch("an object", {"key": "value"})
    return v


def _bytes(v: Any) -> QByteArray:
    if isinstance(v, dict) and set(v) == {"type", "base64"}:
        try:
            return QByteArray(base64.b64decode(_str(v["base64"]), validate=True))
        except (ValueError, TypeError):
            raise Mismatch("a string or {type, base64}", "text") from None
    return QByteArray(_str(v).encode("utf-8"))


def _any(v: Any) -> Any:
    """Any JSON value, as long as its integers fit 64 bits (what a QVariant holds)."""
    _check_plain(v, 0)
    return v


def _check_plain(v: Any, depth: int) -> None:
    if isinstance(v, int) and not isinstance(v, bool):
        _int64(v)
    elif isinstance(v, (list, dict)):
        if depth > _MAX_DEPTH:
            raise Mismatch(f"a value nested at most {_MAX_DEPTH} levels", [1, "a"],
                           f"nested deeper than {_MAX_DEPTH} levels")
        for item in v.values() if isinstance(v, dict) else v:
            _check_plain(item, depth + 1)


#: Deepest nesting of a list or map value handed to Qt as a QVariant.
_MAX_DEPTH = 32


#: C++ type name -> converter of a JSON value to what PySide expects.
FROM_JSON: dict[str, Callable[[Any], Any]] = {
    **{t: _int_of(t) for t in bounds.INTEGER_TYPES},
    "bool": _bool,
    "double": _float,
    "float": _float,
    "qreal": _float,
    "QString": _str,
    "QChar": lambda v: _char(v),
    "QColor": _color_in,
    "QPoint": lambda v: QPoint(*_ints(_XY, {"x": 10, "y": 20})(v)),
    "QPointF": lambda v: QPointF(*_floats(_XY, {"x": 10.5, "y": 20})(v)),
    "QSize": lambda v: QSize(*_ints(_WH, {"width": 200, "height": 100})(v)),
    "QSizeF": lambda v: QSizeF(*_floats(_WH, {"width": 200.5, "height": 100})(v)),
    "QRect": lambda v: QRect(*_ints(_XYWH, {"x": 0, "y": 0, "width": 200, "height": 100})(v)),
    "QMargins": lambda v: QMargins(*_ints(_LTRB, {"left": 6, "top": 6, "right": 6,
                                                  "bottom": 6})(v)),
    "QRectF": lambda v: QRectF(*_floats(_XYWH, {"x": 0, "y": 0, "width": 200.5,
                                                "height": 100})(v)),
    "QFont": _font_in,
    "QUrl": _url_in,
    "QDateTime": _datetime_in,
    "QDate": _date_in,
    "QTime": _time_in,
    "QKeySequence": _keyseq_in,
    "QByteArray": _bytes,
    "QStringList": _list_of(_str, "an array of strings", ["a", "b"]),
    "QList<QString>": _list_of(_str, "an array of strings", ["a", "b"]),
    "QList<int>": _list_of(_int32, "an array of integers", [1, 2]),
    "QList<double>": _list_of(_float, "an array of numbers", [1.5, 2]),
    "QVariantList": _list_of(_any, "an array", [1, "a"]),
    "QList<QVariant>": _list_of(_any, "an array", [1, "a"]),
    "QVariantMap": _map,
    "QMap<QString,QVariant>": _map,
    "QVariantHash": _map,
    "QJsonObject": _map,
    "QVariant": _any,
    "PyObject": _any,
    "QJsonValue": _any,
}


# ------------------------------------------------------------------------------- enums


def find_python_enum(type_name: str) -> type[enum.Enum] | None:
    """The PySide enum class of a C++ enum type name (``Qt::AlignmentFlag``)."""
    name = type_name
    if name.startswith("QFlags<") and name.endswith(">"):
        name = name[7:-1]
    scope, _, leaf = name.rpartition("::")
    if not scope:
        return None
    for module in (QtCore, QtGui, QtWidgets):
        owner = getattr(module, scope, None)
        if owner is not None:
            cls = getattr(owner, leaf, None)
            if isinstance(cls, type) and issubclass(cls, enum.Enum):
                return cls
    return None


def enum_names(cls: type[enum.Enum]) -> list[str]:
    return [m.name for m in cls if m.name]


def enum_from_json(v: Any, cls: type[enum.Enum] | None, meta: QMetaEnum | None,
                   is_flag: bool) -> Any:
    """An enum (or flag) member from a name, ``"A|B"``, or a valid integer."""
    names = enum_names(cls) if cls is not None else (
        [str(meta.key(i)) for i in range(meta.keyCount())] if meta is not None else [])
    expected = ("flag names joined by '|'" if is_flag else "one of the names") + \
        f" {names[:30]}"
    example = ("|".join(names[1:3]) if is_flag and len(names) > 2 else names[0]) if names \
        else 0
    if isinstance(v, str):
        parts = [p.strip() for p in v.split("|")] if is_flag else [v.strip()]
        if not is_flag and "|" in v:
            raise Mismatch(expected, example, "this enum is not a flag: give one name")
        unknown = [p for p in parts if p and p not in names]
        if unknown or (not any(parts) and not is_flag):
            raise Mismatch(expected, example, f"unknown name(s) {unknown or [v]}")
        if cls is not None:
            value = cls[parts[0]] if parts and parts[0] else cls(0)
            for p in parts[1:]:
                if p:
                    value = value | cls[p]  # pyright: ignore[reportOperatorIssue]  # cls is a Flag (is_flag)
            return value
        assert meta is not None
        number, ok = meta.keysToValue(v)  # pyright: ignore[reportArgumentType]  # PySide6's stub says bytes; str is taken
        if not ok:
            raise Mismatch(expected, example)
        return number
    if isinstance(v, int) and not isinstance(v, bool):
        if cls is not None:
            values = [int(m.value) for m in cls]
            mask = 0
            for x in values:
                mask |= x
            if (v not in values) if not is_flag else (v & ~mask) != 0:
                raise Mismatch(expected, example, f"{v} is not a valid value")
            try:
                return cls(v)
            except ValueError:
                raise Mismatch(expected, example, f"{v} is not a valid value") from None
        if meta is not None and meta.valueToKey(v) is None and not is_flag:
            raise Mismatch(expected, example, f"{v} is not a valid value")
        return v
    raise Mismatch(expected, example)


def converter(type_name: str) -> Callable[[Any], Any] | None:
    """The JSON -> Python converter of a C++ type name, None if unknown."""
    conv = FROM_JSON.get(type_name.replace(" ", "") if "<" in type_name else type_name)
    if conv is not None:
        return conv
    cls = find_python_enum(type_name)
    if cls is not None:
        is_flag = type_name.startswith("QFlags<")
        return lambda v: enum_from_json(v, cls, None, is_flag)
    if type_name.endswith("*"):
        return None  # object pointers are resolved by the caller (ids)
    return None


def from_json(value: Any, type_name: str, where: str, *, current: Any = None,
              meta_enum: QMetaEnum | None = None, is_enum: bool = False,
              is_flag: bool = False) -> Any:
    """Convert ``value`` for a C++ ``type_name``; PROPERTY_TYPE_MISMATCH if it cannot."""
    try:
        if is_enum or is_flag:
            cls = type(current) if isinstance(current, enum.Enum) else \
                find_python_enum(type_name)
            return enum_from_json(value, cls, meta_enum, is_flag)
        if type_name == "QFont":
            converted = _font_in(value, current)
        else:
            conv = converter(type_name) or _by_current(current)
            if conv is None:
                raise QtError(
                    "NOT_SUPPORTED", f"{where}: values of type {type_name} cannot be given "
                    "as JSON",
                    hint="Supported: bool, numbers, strings, enums/flags by name, QColor, "
                         "QPoint/QSize/QRect(F), QFont, QUrl, QDate/QTime/QDateTime, lists, "
                         "maps.",
                    type=type_name)
            converted = conv(value)
        bounds.check_value(converted, where, current)
        return converted
    except Mismatch as exc:
        raise mismatch_error(type_name, value, exc, where) from None


def _by_current(current: Any) -> Callable[[Any], Any] | None:
    """For dynamic properties (type ``QVariant``): convert like the current value."""
    if current is None:
        return None
    if isinstance(current, bool):
        return _bool
    if isinstance(current, int) and not isinstance(current, enum.Enum):
        return _int64
    if isinstance(current, float):
        return _float
    if isinstance(current, str):
        return _str
    if isinstance(current, list):
        return _list_of(_any, "an array", [1, "a"])
    if isinstance(current, dict):
        return _map
    for cls, name in ((QColor, "QColor"), (QPoint, "QPoint"), (QPointF, "QPointF"),
                      (QSize, "QSize"), (QSizeF, "QSizeF"), (QRect, "QRect"),
                      (QMargins, "QMargins"),
                      (QRectF, "QRectF"), (QFont, "QFont"), (QUrl, "QUrl"),
                      (QDateTime, "QDateTime"), (QDate, "QDate"), (QTime, "QTime")):
        if isinstance(current, cls):
            return FROM_JSON[name]
    return None


def type_of_value(value: Any) -> str:
    """A Qt-style type name for a Python value (dynamic properties, signal args)."""
    if value is None:
        return "invalid"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, enum.Enum):
        return type(value).__qualname__.replace(".", "::")
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "double"
    if isinstance(value, str):
        return "QString"
    if isinstance(value, list):
        return "QVariantList"
    if isinstance(value, dict):
        return "QVariantMap"
    if isinstance(value, QObject):
        return QObject.metaObject(value).className() + "*"
    return type(value).__name__


def same(a: Any, b: Any) -> bool:
    """JSON values equal, floats within a relative 1e-9 (read-back checks)."""
    if isinstance(a, float) or isinstance(b, float):
        if isinstance(a, (int, float)) and isinstance(b, (int, float)) \
                and not isinstance(a, bool) and not isinstance(b, bool):
            return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
        return False
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)
