"""reach.modal_blocker asks Qt's list of shown modal windows first and searches the app's
widgets only when it holds one (the search asks every widget: 7 ms a read of 8,000
controls, #41). It still names each kind of modal window that blocks a window, and none
once it is closed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QMainWindow, QMessageBox, QPushButton, QWidget

from probe.core.a11y import reach


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def test_each_shown_modal_window_blocks_and_none_once_closed(qapp: object) -> None:
    main = QMainWindow()
    button = QPushButton("Go", main)
    main.setCentralWidget(button)
    other = QMainWindow()
    main.show()
    other.show()
    _settle()
    assert reach.modal_blocker(button) is None
    window_modal = QDialog(main)
    window_modal.open()  # modal to its parent window only
    app_modal = QWidget()
    app_modal.setWindowModality(Qt.WindowModality.ApplicationModal)
    box = QMessageBox(main)
    box.setWindowModality(Qt.WindowModality.WindowModal)
    try:
        _settle()
        assert reach.modal_blocker(button) is window_modal
        assert reach.modal_blocker(other) is None  # not its parent window
        window_modal.close()
        _settle()
        assert reach.modal_blocker(button) is None
        app_modal.show()
        _settle()
        assert reach.modal_blocker(button) is app_modal
        assert reach.modal_blocker(other) is app_modal
        app_modal.hide()
        box.show()
        _settle()
        assert reach.modal_blocker(button) is box
        box.hide()
        _settle()
        assert reach.modal_blocker(button) is None and reach.modal_blocker(other) is None
    finally:
        for w in (window_modal, app_modal, box, other, main):
            w.close()
