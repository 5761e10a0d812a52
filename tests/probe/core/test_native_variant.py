"""QVariant <-> JSON: every supported type round-trips; the rest degrades readably."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import QApplication, QLineEdit, QSlider

from probe.core.errors import QtError
from probe.core.objects import variant

ROUND_TRIP: list[tuple[str, Any]] = [
    ("bool", True), ("int", -42), ("uint", 7), ("qlonglong", 2**40), ("double", 2.5),
    ("QString", "héllo"), ("QColor", "#1e88e5"), ("QColor", "#801e88e5"),
    ("QPoint", {"x": 3, "y": -4}), ("QPointF", {"x": 1.5, "y": 2.25}),
    ("QSize", {"width": 10, "height": 20}), ("QSizeF", {"width": 1.5, "height": 2.0}),
    ("QRect", {"x": 1, "y": 2, "width": 3, "height": 4}),
    ("QRectF", {"x": 0.5, "y": 1.0, "width": 2.5, "height": 3.0}),
    ("QUrl", "https://example.com/a?b=c"), ("QDateTime", "2024-05-01T13:30:15.250"),
    ("QDate", "2024-05-01"), ("QTime", "13:30:15.250"), ("QKeySequence", "Ctrl+S"),
    ("QStringList", ["a", "b"]), ("QVariantList", [1, "x", {"k": [True]}]),
    ("QVariantMap", {"a": 1, "b": [1, 2]}), ("QList<int>", [1, 2, 3]),
    ("QByteArray", "bytes"),
    ("Qt::Orientation", "Vertical"), ("QFlags<Qt::AlignmentFlag>", "AlignRight|AlignVCenter"),
    ("QLineEdit::EchoMode", "Password"),
]


@pytest.mark.parametrize(("type_name", "value"), ROUND_TRIP)
def test_round_trip(qapp: QApplication, type_name: str, value: Any) -> None:
    converted = variant.from_json(value, type_name, "test")
    back = variant.to_json(converted)
    if isinstance(value, str) and "|" in value:
        assert set(back.split("|")) == set(value.split("|"))
    else:
        assert variant.same(back, value), (type_name, back)


def test_font_round_trip(qapp: QApplication) -> None:
    wanted = {"family": "Sans Serif", "pointSizeF": 12.5, "bold": True, "italic": True}
    back = variant.to_json(variant.from_json(wanted, "QFont", "font"))
    assert {k: back[k] for k in wanted} == wanted
    assert variant.to_json(variant.from_json(back, "QFont", "font")) == back


def test_color_forms(qapp: QApplication) -> None:
    assert variant.to_json(variant.from_json("red", "QColor", "c")) == "#ff0000"
    assert variant.to_json(variant.from_json({"r": 1, "g": 2, "b": 3}, "QColor", "c")) == \
        "#010203"


@pytest.mark.parametrize(("type_name", "value"), [
    ("int", "5"), ("int", 1.5), ("int", True), ("bool", 0), ("QString", 3), ("double", "1"),
    ("QColor", "notacolor"), ("QPoint", {"x": 1}), ("QPoint", {"x": 1, "y": "2"}),
    ("QRect", [1, 2, 3]), ("QDateTime", "yesterday"), ("QUrl", 5), ("QStringList", ["a", 1]),
    ("QVariantMap", []), ("Qt::Orientation", "Diagonal"), ("Qt::Orientation", 99),
    ("QLineEdit::EchoMode", "Normal|Password"), ("uint", -1), ("QFont", {"size": 3}),
])
def test_refused_values_name_the_type(qapp: QApplication, type_name: str, value: Any) -> None:
    with pytest.raises(QtError) as info:
        variant.from_json(value, type_name, "where")
    assert info.value.name == "PROPERTY_TYPE_MISMATCH"
    assert info.value.data["expected"]["type"] == type_name
    assert "example" in info.value.data["expected"]


def test_unconvertible_types_degrade_to_typed_text(qapp: QApplication) -> None:
    palette = variant.to_json(QPalette())
    assert palette["type"] == "QPalette" and isinstance(palette["text"], str)
    assert variant.to_json(QIcon())["type"] == "QIcon"
    odd = variant.to_json(object())
    assert odd["type"] == "object" and "object" in odd["text"]
    assert variant.to_json(float("nan")) == "nan"
    with pytest.raises(QtError) as info:
        variant.from_json("x", "QPalette", "p")
    assert info.value.name == "NOT_SUPPORTED"


def test_enum_values_read_from_widgets(qapp: QApplication) -> None:
    edit = QLineEdit()
    assert variant.to_json(edit.property("alignment")) == "AlignLeft|AlignVCenter"
    assert variant.to_json(QSlider(Qt.Orientation.Vertical).property("orientation")) == \
        "Vertical"
    obj = QObject()
    assert variant.to_json(obj, lambda o: {"id": "#1"}) == {"id": "#1"}
