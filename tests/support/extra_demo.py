"""The demo app with what it lacks for the model and timer tests, as a module written into a
folder (so everything else — probe, control channel — is the demo's own)."""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.app import DemoApp, start_demo

#: The demo app plus what the plain demo lacks: a model with user roles named in
#: roleNames() and icons, and a bare QObject.startTimer timer. Built by wrapping the
#: demo's own build_main_window, so everything else (probe, control channel) is the demo.
EXTRA_DEMO = """
import sys

from PySide6.QtCore import QObject, QTimerEvent
from PySide6.QtGui import QColor, QIcon, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QListView, QSplitter

from resources import demo_app

SKU, PRICE = 257, 258


class Ticker(QObject):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.setObjectName("ticker")
        self.ticks = 0
        self.timer_id = self.startTimer(50)

    def timerEvent(self, event: QTimerEvent) -> None:
        self.ticks += 1


def build():
    window = _build()
    Ticker(window)
    model = QStandardItemModel(window)
    model.setObjectName("catalogModel")
    model.setItemRoleNames({**model.roleNames(), SKU: b"sku", PRICE: b"price"})
    for i, (name, color) in enumerate([("Apple", "red"), ("Lime", "green"), ("Plum", "purple")]):
        pixmap = QPixmap(32, 24)
        pixmap.fill(QColor(color))
        item = QStandardItem(QIcon(pixmap), name)
        item.setData(f"SKU-{i}", SKU)
        item.setData(1.5 + i, PRICE)
        model.appendRow(item)
    view = QListView()
    view.setObjectName("catalogView")
    view.setModel(model)
    window.findChild(QSplitter, "dataSplitter").addWidget(view)
    return window


_build = demo_app.build_main_window
demo_app.build_main_window = build
sys.exit(demo_app.main())
"""


def start_extra_demo(folder: Path) -> DemoApp:
    """Start EXTRA_DEMO (module ``qtmcp_extra_demo`` written into ``folder``)."""
    (folder / "qtmcp_extra_demo.py").write_text(EXTRA_DEMO, encoding="utf-8")
    path = os.pathsep.join(p for p in (str(folder), os.environ.get("PYTHONPATH")) if p)
    return start_demo(module="qtmcp_extra_demo", env={"PYTHONPATH": path})
