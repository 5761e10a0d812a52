"""An element keeps no accessible interface past its use (in-process, real Qt).

Qt frees a widget's accessible interface with the widget and never tells shiboken: a
Python wrapper still held then stays "valid", and shiboken hands that same wrapper out
again for the next interface made at its address (calling it crashed the app, issue #37).
(A script holding each interface of 2,000 buttons made and deleted in turn got a held
wrapper back 409 times on PySide6 6.11.3.) So :class:`~probe.core.a11y.identity.refs.Element` looks
its interface up at every use.
"""

from __future__ import annotations

import gc

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QPushButton, QTabBar, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from probe.core.a11y.identity import Locator, RefTable
from probe.core.errors import QtError
from probe.core.objects.idtable import IdTable


def _interfaces() -> list[QAccessibleInterface]:
    gc.collect()
    return [o for o in shiboken6.getAllValidWrappers() if isinstance(o, QAccessibleInterface)]


def _delete(widget: QWidget) -> None:
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_an_element_holds_no_interface_and_says_when_its_widget_is_gone(qtbot: QtBot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    button = QPushButton("Go", window)
    QVBoxLayout(window).addWidget(button)
    window.show()
    ids, table = IdTable(), RefTable()
    ref = table.issue(Locator(ids.id_of(button), (), "button", "Go"))
    before = len(_interfaces())
    el = table.element_of(ref, ids)
    assert el.iface.text(QAccessible.Text.Name) == "Go"
    held = len(_interfaces())  # a count only: the repr of a dead wrapper crashes
    assert held == before, f"the element holds {held - before} interface wrapper(s)"
    _delete(button)
    with pytest.raises(QtError) as err:
        el.iface  # noqa: B018
    assert err.value.name == "OBJECT_STALE"


def test_an_item_element_is_looked_up_again_and_never_names_another(qtbot: QtBot) -> None:
    """A tab's element after the app removed that tab: REF_NOT_FOUND, not the next tab."""
    bar = QTabBar()
    qtbot.addWidget(bar)
    for name in ("Alpha", "Beta", "Gamma"):
        bar.addTab(name)
    bar.show()
    ids, table = IdTable(), RefTable()
    ref = table.issue(Locator(ids.id_of(bar), (1,), "tab", "Beta"))
    el = table.element_of(ref, ids)
    assert el.iface.text(QAccessible.Text.Name) == "Beta"
    bar.removeTab(1)
    with pytest.raises(QtError) as err:
        el.iface  # noqa: B018
    assert err.value.name == "REF_NOT_FOUND"
