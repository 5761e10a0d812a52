"""The change report's watch (probe/core/a11y/dirty.py) keeps nothing of windows that are
gone: an app that makes and deletes windows (or shows widgets before placing them, each
its own window for a moment) made it hold every one's widgets and rectangles for as long
as it watched; a churning app's soak grew 52 MB a minute (in-process, real windows)."""

from __future__ import annotations

import math
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QVBoxLayout, QWidget

from probe.core.a11y.dirty import DirtyWatch


def test_the_watch_forgets_windows_that_are_gone(qtbot: Any) -> None:
    watch = DirtyWatch(lifetime=60)
    main = QWidget()
    qtbot.addWidget(main)
    column = QVBoxLayout(main)
    main.show()
    qtbot.waitExposed(main)
    watch.renew()
    watch._pruned = math.inf  # no prune before the premise (a loop past a second had one)
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



def test_the_watch_forgets_widgets_deleted_in_a_window_no_report_takes(qtbot: Any) -> None:
    """A panel the app rebuilds in a window that lives: the watch noted each new widget's
    paints and show, by address, until a report took that window; a window the clients
    did not act on kept every deleted widget's wrapper and rectangles (the soak's QRect
    grew ~25 a second). Deleted widgets are forgotten within a second, taken or not."""
    watch = DirtyWatch(lifetime=60)
    main = QWidget()
    qtbot.addWidget(main)
    column = QVBoxLayout(main)
    main.resize(300, 400)
    main.show()
    qtbot.waitExposed(main)
    watch.renew()
    old: list[QWidget] = []
    panel: QWidget | None = None
    try:
        for k in range(30):  # 30 x 9 widgets painted: under MOST_PAINTED (300)
            if panel is not None:  # taken away now, deleted below: while all live, no
                panel.hide()       # new widget reuses a deleted one's address (the
                column.removeWidget(panel)  # watch's key); with reuse the premise
                old.append(panel)  # counted 70-88 after other modules, ~150 alone
            panel = QWidget(main)
            rows = QVBoxLayout(panel)
            for j in range(8):
                rows.addWidget(QPushButton(f"Go {k}.{j}"))
            column.addWidget(panel)
            panel.show()
            main.repaint()  # paints every widget of the window now
            QApplication.processEvents()
        for gone in old:
            gone.deleteLater()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        assert not any(shiboken6.isValid(w) for w in old)
        assert watch.held()[0] > 200  # the premise: it noted the deleted panels' widgets
        watch._pruned = 0.0  # prune at the next event, not in a second
        main.repaint()
        widgets, rects = watch.held()
        live = len(main.findChildren(QWidget)) + 1
        assert widgets <= 2 * live, f"the watch holds {widgets} widgets ({live} live)"
        assert rects <= 2 * live * 32
    finally:
        watch.stop()
