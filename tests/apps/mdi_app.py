"""A small MDI area whose sub-window's form is taller than the area: its lower buttons are
clipped by the area's edge (no scroll bars, Qt's default), so no user can reach them.
A second MDI area with scroll bars on shows the same form: there scrolling reaches them.
Prints ``ready``."""

from __future__ import annotations

import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QHBoxLayout, QMdiArea, QPushButton, QVBoxLayout, QWidget


def _form(prefix: str) -> QWidget:
    form = QWidget()
    form.setObjectName(f"{prefix}Form")
    column = QVBoxLayout(form)
    for name in ("Top", "Middle", "Bottom"):
        if name == "Bottom":
            column.addStretch(1)  # the last one at the foot of the tall form
        button = QPushButton(f"{prefix} {name}")
        button.setObjectName(f"{prefix}{name}")
        button.setFixedHeight(50)
        column.addWidget(button)
    form.setMinimumSize(200, 400)
    return form


def main() -> int:
    app = QApplication(sys.argv)
    window = QWidget()
    window.setObjectName("mdiWindow")
    window.setWindowTitle("MDI")
    row = QHBoxLayout(window)
    for prefix, scrolled in (("Clipped", False), ("Scrolled", True)):
        area = QMdiArea()
        area.setObjectName(f"{prefix.lower()}Area")
        area.setFixedSize(260, 180)
        if scrolled:
            area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
            area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        sub = area.addSubWindow(_form(prefix))
        sub.setWindowTitle(f"{prefix} form")
        sub.setGeometry(0, 0, 240, 460)
        sub.show()
        row.addWidget(area)
    window.show()
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
