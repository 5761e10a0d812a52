"""Memory stays flat (#28 item 4): a read keeps nothing per call.

The leak found: every accessibility read of a window with labels beside their fields
(no buddy) asked each layout for its items (``QLayout.itemAt``), and PySide keeps each
QWidgetItem wrapper it hands out as a child of the layout's wrapper, for good: one
wrapper per layout entry per read (12 KB per read of the demo window). The labels are
now found through ``QLayout.indexOf``, which makes no wrapper.
"""

from __future__ import annotations

import gc
import tracemalloc

from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from probe.core.a11y.labels import Labels


def _window() -> tuple[QWidget, dict[str, QLineEdit]]:
    window = QWidget()
    top = QVBoxLayout(window)
    form, grid, row = QFormLayout(), QGridLayout(), QHBoxLayout()
    fields = {name: QLineEdit(window) for name in ("form", "grid", "box", "spanned")}
    form.addRow(QLabel("In a form"), fields["form"])
    grid.addWidget(QLabel("In a grid"), 0, 0)
    grid.addWidget(fields["grid"], 0, 1)
    grid.addWidget(QLabel("Spanning"), 1, 0)
    grid.addWidget(fields["spanned"], 1, 1, 1, 2)
    row.addWidget(QLabel("In a row"))
    row.addStretch(1)
    row.addWidget(fields["box"])
    for i in range(40):  # more rows, each label beside its field
        form.addRow(QLabel(f"Row {i}"), QLineEdit(window))
    for lay in (form, grid, row):
        top.addLayout(lay)
    return window, fields


def test_labels_beside_fields_name_them_and_leave_no_wrappers(qtbot: QtBot) -> None:
    window, fields = _window()
    qtbot.addWidget(window)
    labels = Labels(window, lambda w: True)
    assert {labels.names.get(id(w)) for w in fields.values()} == {
        "In a form", "In a grid", "In a row", "Spanning"}
    del labels
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(200):
            Labels(window, lambda w: True)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # before: a wrapper per layout item per read, 200 x 90 x 56 bytes (1 MB)
    assert kept < 50_000, f"{kept} bytes kept by 200 reads"
