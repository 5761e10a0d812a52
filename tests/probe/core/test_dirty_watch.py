"""The change report's watch (probe/core/a11y/dirty.py) keeps nothing of windows that are
gone: an app that makes and deletes windows (or shows widgets before placing them, each
its own window for a moment) made it hold every one's widgets and rectangles for as long
as it watched; a churning app's soak grew 52 MB a minute (in-process, real windows)."""

from __future__ import annotations

from typing import Any

import shiboken6
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from probe.core.a11y.dirty import DirtyWatch


def test_the_watch_forgets_windows_that_are_gone(qtbot: Any) -> None:
    watch = DirtyWatch(lifetime=60)
    main = QWidget()
    qtbot.addWidget(main)
    column = QVBoxLayout(main)
    main.show()
    qtbot.waitExposed(main)
    watch.renew()
    try:
        for k in range(40):
            window = QWidget()
            QVBoxLayout(window).addWidget(QPushButton(f"Go {k}"))
            window.show()
            qtbot.waitExposed(window)
            label = QLabel(f"shown first {k}")
            label.show()  # its own window until placed
            column.addWidget(label)
            window.deleteLater()
            qtbot.waitUntil(lambda w=window: not shiboken6.isValid(w))
        assert watch.windows > 20  # the premise: it noted them while they were there
        watch._pruned = 0.0  # prune now, not in a second
        watch.take(main)
        assert watch.windows <= 2  # main's own, and at most one not yet gone
    finally:
        watch.stop()

