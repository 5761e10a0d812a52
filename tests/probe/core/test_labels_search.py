"""The labels index finds its labels by a descent through children() (``labels_under``), not
through ``QApplication.allWidgets()`` (9.5 / 57 ms for forms of 2,000 / 8,000 controls, #41).
It must find the labels the search it replaced found (``qtchildren.find_children``), in
Qt's ``findChildren`` order: the index keeps the first label of each buddy, so the order is
part of the answer. (find_children's own order can be wrong: its ``in_tree_order`` keys
places by the id() of wrappers it lets go, and a later wrapper reuses the id.)"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from probe.core.a11y.labels import labels_under
from probe.core.objects import qtchildren
from resources import demo_app


class _AppEdit(QLineEdit):
    """An app's line edit with a caption inside it: its parts are the app's, searched."""

    def __init__(self) -> None:
        super().__init__()
        QLabel("inside an app's edit", self)


def _made_cases() -> tuple[QWidget, QLabel]:
    """Buddies, group boxes three deep, a scroll area's content, the pages of a stacked
    widget and of a tab widget (hidden ones too), a label in a label, labels of a dialog
    and a label that is a window of its own (neither in the window), an app's line edit
    with a label inside; and a label an app put inside a standard push button (returned:
    the one label the search leaves out)."""
    window = QWidget()
    lay = QVBoxLayout(window)
    outer = QGroupBox("Outer")
    form = QFormLayout(outer)
    for i in range(3):
        edit = QLineEdit()
        label = QLabel(f"&Field {i}:")
        label.setBuddy(edit)
        form.addRow(label, edit)
    middle = QGroupBox("Middle")
    inner = QGroupBox("Inner")
    spin, caption = QSpinBox(), QLabel("Count")
    caption.setBuddy(spin)
    row = QHBoxLayout(inner)
    row.addWidget(caption)
    row.addWidget(spin)
    QVBoxLayout(middle).addWidget(inner)
    form.addRow(QLabel("before middle"), middle)
    lay.addWidget(outer)
    area = QScrollArea()
    content = QWidget()
    rows = QFormLayout(content)
    for i in range(4):
        rows.addRow(QLabel(f"scrolled {i}"), QComboBox())
    area.setWidget(content)
    lay.addWidget(area)
    stack = QStackedWidget()
    for i in range(3):
        page = QWidget()
        QVBoxLayout(page).addWidget(QLabel(f"page {i}"))
        stack.addWidget(page)
    stack.setCurrentIndex(1)
    lay.addWidget(stack)
    tabs = QTabWidget()
    for i in range(2):
        page = QWidget()
        QFormLayout(page).addRow(QLabel(f"tab {i}"), QLineEdit())
        tabs.addTab(page, f"Tab {i}")
    lay.addWidget(tabs)
    holder = QLabel("holder")
    QLabel("a label in a label", holder)
    lay.addWidget(holder)
    dialog = QDialog(window)
    QVBoxLayout(dialog).addWidget(QLabel("in a dialog"))
    tip = QLabel("a window of its own", window)
    tip.setWindowFlag(tip.windowFlags().ToolTip)
    lay.addWidget(_AppEdit())
    button = QPushButton()
    sealed = QLabel("<b>rich</b> caption", button)
    lay.addWidget(button)
    return window, sealed


def _qts(root: QWidget) -> list[QLabel]:
    """Qt's findChildren(root, QLabel) in its order, within root's window (as
    find_children: a dialog's labels are its own)."""
    return [lab for lab in QWidget.findChildren(root, QLabel)
            if QWidget.isAncestorOf(root, lab)]


def test_the_descent_finds_the_labels_in_the_same_order(qapp: object) -> None:
    window, sealed = _made_cases()
    window.show()
    before = qtchildren.find_children(window, QLabel)
    found = labels_under(window)
    texts = [QLabel.text(lab) for lab in found]
    assert [lab for lab in _qts(window) if lab is not sealed] == found
    assert {id(lab) for lab in before} - {id(lab) for lab in found} == {id(sealed)}
    assert sealed not in found  # inside a standard push button
    for text in ("&Field 0:", "Count", "scrolled 3", "page 0", "page 2", "tab 1",
                 "a label in a label", "inside an app's edit"):
        assert text in texts
    assert "in a dialog" not in texts and "a window of its own" not in texts
    for part in (window.findChildren(QGroupBox)[0], window.findChildren(QScrollArea)[0]):
        assert labels_under(part) == _qts(part)
    window.close()


def test_the_descent_finds_the_labels_of_the_demo_and_the_bench_form(qapp: object) -> None:
    for window in (demo_app.build_main_window(), demo_app.build_bench_form(60)):
        window.show()
        found = labels_under(window)
        assert found == _qts(window) and len(found) > 10
        assert {id(lab) for lab in found} == \
            {id(lab) for lab in qtchildren.find_children(window, QLabel)}
        window.close()
