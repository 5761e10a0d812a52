"""Each walk reads its elements one by one: an element whose read raises is kept as an
``unread`` element and its siblings and children are read (in-process, real windows; the
raising step is a probe function replaced for one element, as an app's override would
raise there)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QObject, QUrl
from PySide6.QtWidgets import QGroupBox, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from probe.core.a11y.walk import quick as quick_walk
from probe.core.a11y.walk import walk_window
from probe.core.a11y.walk import widgets as widget_walk

QML = """
import QtQuick
import QtQuick.Controls.Basic
Column {
    Button { objectName: "before"; text: "Before" }
    Rectangle {
        objectName: "odd"; width: 80; height: 40
        Button { objectName: "inside"; text: "Inside" }
    }
    Button { objectName: "after"; text: "After" }
}
"""


def _raising_for(name: str, real: Any) -> Any:
    def step(obj: Any, *args: Any) -> Any:
        if QObject.objectName(obj) == name:
            raise LookupError(f"{name} cannot be read")
        return real(obj, *args)
    return step


def test_a_widget_that_raises_is_unread_and_its_siblings_and_children_read(
        qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    window = QWidget()
    lay = QVBoxLayout(window)
    lay.addWidget(QPushButton("Before"))
    group = QGroupBox("Odd group")
    group.setObjectName("odd")
    QVBoxLayout(group).addWidget(QLineEdit(placeholderText="Inside"))
    lay.addWidget(group)
    lay.addWidget(QLabel("After"))
    window.show()
    monkeypatch.setattr(widget_walk.typed, "states_of", _states_raising_for(group))
    root = walk_window(window)
    nodes = {(n.role, n.name): n for n in root.iter()}
    odd = next(n for n in root.iter() if n.obj is group)
    assert odd.unread.startswith("LookupError in the app's") and "odd cannot be read" in \
        odd.unread
    assert odd.role == "group" and odd.name == "Odd group"  # from its class and title
    assert ("button", "Before") in nodes and ("text", "After") in nodes
    assert [c.role for c in odd.children] == ["textbox"]  # Qt names it by the group
    window.close()


def _states_raising_for(target: QWidget) -> Any:
    """The states of a standard control (a group box is one: walk/typed.py), raising for
    ``target``."""
    real = widget_walk.typed.states_of

    def states(w: QWidget, role: str, popup_open: bool) -> tuple[list[str], bool]:
        if w is target:
            raise LookupError("odd cannot be read")
        return real(w, role, popup_open)
    return states


def test_a_quick_item_that_raises_is_unread_and_its_siblings_and_children_read(
        qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtQuick import QQuickView

    path = Path(tempfile.mkdtemp(prefix="qtmcp-guard-")) / "guard.qml"
    path.write_text(QML, encoding="utf-8")
    view = QQuickView()
    view.setSource(QUrl.fromLocalFile(str(path)))
    view.show()
    monkeypatch.setattr(quick_walk.controls, "role_of",
                        _raising_for("odd", quick_walk.controls.role_of))
    root = walk_window(view)
    names = [(n.role, n.name) for n in root.iter()]
    odd = next(n for n in root.iter() if n.unread)
    assert "odd cannot be read" in odd.unread and odd.role == "generic"
    assert ("button", "Before") in names and ("button", "After") in names
    assert [(c.role, c.name) for c in odd.children] == [("button", "Inside")]
    view.close()
