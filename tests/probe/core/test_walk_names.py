"""The walk reads some accessible names and values from the widgets and the labels it indexed
instead of asking Qt (QAccessibleWidget scans every sibling for a buddy label on each ask: a
tenth of a read of 2,000 controls, #41). Those names and values must be Qt's, byte for
byte."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDateEdit,
    QDateTimeEdit,
    QDoubleSpinBox,
    QGroupBox,
    QKeySequenceEdit,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTimeEdit,
    QVBoxLayout,
    QWidget,
)

from probe.core.a11y.labels import Labels
from probe.core.a11y.roles import ROLE_NAMES
from probe.core.a11y.walk.rules import VALUE_ROLES
from probe.core.a11y.walk.widgets import qt_value, wants_label
from resources import demo_app

LABEL_TEXTS = ("&Name:", "A && B", "trailing&", "&&&x", "<b>Rich</b> &text", "",
               "two\nlines", "&", "a&&&&b&c")


def _made_cases() -> QWidget:
    """Buddies with mnemonics, rich and empty text; fields in a titled, an untitled and a
    nested group box with no label; an own accessible name beside a buddy; two labels of
    one field; a buddy label under another parent; every spin box kind."""
    window = QWidget()
    lay = QVBoxLayout(window)
    for text in LABEL_TEXTS:
        edit, label = QLineEdit(), QLabel(text)
        label.setBuddy(edit)
        lay.addWidget(label)
        lay.addWidget(edit)
    group = QGroupBox("Gr&oup && co")
    inside = QVBoxLayout(group)
    lay.addWidget(group)
    for cls in (QLineEdit, QSpinBox, QDoubleSpinBox, QDateTimeEdit, QDateEdit, QTimeEdit,
                QKeySequenceEdit):
        inside.addWidget(cls())
    own = QLineEdit()
    own.setAccessibleName("own name")
    by = QLabel("label")
    by.setBuddy(own)
    two = QLineEdit()
    first, second = QLabel("first"), QLabel("second")
    first.setBuddy(two)
    second.setBuddy(two)
    count, spin = QLabel("&Count"), QSpinBox()
    count.setBuddy(spin)
    editable = QComboBox()
    editable.setEditable(True)
    for w in (by, own, second, first, two, count, spin, editable):
        inside.addWidget(w)
    nested = QGroupBox("Inner")
    QVBoxLayout(nested).addWidget(QLineEdit())
    inside.addWidget(nested)
    untitled = QGroupBox("")
    QVBoxLayout(untitled).addWidget(QSpinBox())
    lay.addWidget(untitled)
    elsewhere, far = QWidget(), QLabel("far label")
    far_edit = QLineEdit(elsewhere)
    far.setBuddy(far_edit)
    lay.addWidget(far)
    lay.addWidget(elsewhere)
    return window


def test_names_read_from_the_labels_are_qts(qapp: object) -> None:
    windows = [_made_cases(), demo_app.build_main_window(), demo_app.build_bench_form(60)]
    checked: list[str] = []
    differ: list[tuple[str, str | None, str]] = []
    for window in windows:
        window.show()
        labels = Labels(window, wants_label)
        for w in window.findChildren(QWidget):
            if not isinstance(w, (QLineEdit, QAbstractSpinBox, QGroupBox)) or w.isWindow():
                continue
            ours = labels.group_name(w) if isinstance(w, QGroupBox) else labels.qt_name(w)
            iface = QAccessible.queryAccessibleInterface(w)
            assert iface is not None
            qt = iface.text(QAccessible.Text.Name)
            checked.append(type(w).__name__)
            if ours != qt:
                differ.append((type(w).__name__, ours, qt))
        window.close()
    assert not differ
    assert {"QLineEdit", "QSpinBox", "QDoubleSpinBox", "QDateTimeEdit", "QGroupBox"} <= \
        set(checked) and len(checked) > 60


def test_a_part_read_asks_qt_for_what_its_labels_do_not_cover(qapp: object) -> None:
    window = _made_cases()
    window.show()
    group = window.findChildren(QGroupBox)[0]
    labels = Labels(group, wants_label)  # a part read: the labels under the group only
    outside = window.findChildren(QLineEdit)[0]  # its buddy label is outside the part
    assert labels.qt_name(outside) is None
    window.close()


def _value_cases() -> QWidget:
    window = QWidget()
    lay = QVBoxLayout(window)
    for echo in QLineEdit.EchoMode:
        edit = QLineEdit("secret&x")
        edit.setEchoMode(echo)
        lay.addWidget(edit)
    priced, auto, counted = QSpinBox(), QSpinBox(), QSpinBox()
    priced.setPrefix("$ ")
    priced.setSuffix(" kg")
    priced.setValue(5)
    auto.setSpecialValueText("Auto")
    counted.setRange(0, 999)
    counted.setValue(42)
    double = QDoubleSpinBox()
    double.setPrefix("x")
    double.setValue(2.5)
    editable = QComboBox()
    editable.setEditable(True)
    editable.addItems(["one", "two"])
    for w in (priced, auto, counted, double, QDateTimeEdit(), QLineEdit(), editable,
              QKeySequenceEdit()):
        lay.addWidget(w)
    return window


def test_values_read_from_the_widgets_are_qts(qapp: object) -> None:
    checked: list[str] = []
    for window in (_value_cases(), demo_app.build_main_window(),
                   demo_app.build_bench_form(60)):
        window.show()
        for w in window.findChildren(QWidget):
            if not isinstance(w, (QLineEdit, QAbstractSpinBox)) or w.isWindow():
                continue
            iface = QAccessible.queryAccessibleInterface(w)
            assert iface is not None
            role = ROLE_NAMES.get(iface.role(), "generic")
            if iface.state().passwordEdit or role not in VALUE_ROLES:
                continue  # the walk shows no value (a password, a spin box's line edit)
            assert qt_value(w, iface, role) == iface.text(QAccessible.Text.Value), w
            checked.append(type(w).__name__)
        window.close()
    assert {"QLineEdit", "QSpinBox", "QDoubleSpinBox", "QDateTimeEdit"} <= set(checked)
