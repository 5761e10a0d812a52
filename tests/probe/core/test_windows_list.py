"""windows.windows() takes the app's windows from its QWindows (qtchildren.windowed_widgets),
not from QApplication.topLevelWidgets, which asks every widget of the app (6.8 ms a read
of 8,000 controls, #41). It lists what the old search listed, in every state a top-level
widget can be in: shown, a dialog over its parent, hidden again, never shown, put inside a
graphics scene, made a child of another widget, a popup, closed and deleted."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QGraphicsScene,
    QGraphicsView,
    QLabel,
    QMainWindow,
    QMenu,
    QWidget,
)

from probe.core.a11y import windows
from probe.core.objects import qtchildren


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def _listed_by_search() -> set[int]:
    """What windows() listed before: every top-level widget Qt has that is listed."""
    return {id(w) for w in QApplication.topLevelWidgets() if windows._listed(w)}


def _listed() -> set[int]:
    return {id(w) for w in windows.windows() if isinstance(w, QWidget)}


def test_the_windows_list_matches_a_search_of_every_widget(qapp: object) -> None:
    main = QMainWindow()
    main.show()
    dialog = QDialog(main)  # a window over its parent
    dialog.show()
    hidden = QWidget()
    hidden.show()
    never = QWidget()  # never shown: no window of its own yet
    scene = QGraphicsScene()
    view = QGraphicsView(scene)
    view.show()
    proxied = QLabel("in the scene")
    scene.addWidget(proxied)  # a top-level widget Qt shows inside the scene
    child = QWidget()
    child.show()
    menu = QMenu(main)
    menu.addAction("Open")
    bare = QWindow()  # not a widget's: left out
    bare.show()
    kept = [main, dialog, hidden, never, view, proxied, child, menu]
    try:
        _settle()
        hidden.hide()
        child.setParent(main)  # no window any more
        menu.popup(QPoint(10, 10))
        _settle()
        assert _listed() == _listed_by_search()
        assert {id(main), id(dialog), id(view), id(proxied)} <= _listed()
        assert not {id(hidden), id(never), id(child), id(menu)} & _listed()
        assert bare not in windows.windows()
        menu.close()
        dialog.close()
        dialog.deleteLater()
        kept.remove(dialog)
        _settle()
        assert _listed() == _listed_by_search()
        assert {id(main), id(view)} <= _listed() and len(qtchildren.windowed_widgets()) >= 3
    finally:
        for w in kept:
            w.close()
        bare.close()
        _settle()
