"""Which classes are an app's own (their mouse handlers make a widget clickable): the
bindings' classes are told by their module's top package, never by a name's prefix."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QFrame, QPushButton, QWidget

from probe.core.objects.qtclass import exactly, handles_mouse, python_class


def _class_in(module: str) -> type:
    cls = type("Knob", (QPushButton,), {"mousePressEvent": lambda self, e: None})
    cls.__module__ = module
    return cls


def test_an_apps_module_named_like_a_binding_is_the_apps() -> None:
    for module in ("sipgui.widgets", "PyQt6_tools", "PySide6extras.knobs", "app"):
        cls = _class_in(module)
        assert python_class(cls), module
        assert handles_mouse(cls), module
    for module in ("PySide6.QtWidgets", "shiboken6", "PyQt6.QtWidgets", "PyQt6.sip", "sip"):
        assert not python_class(_class_in(module)), module
    assert not python_class(QPushButton)


def test_exactly_tells_a_qt_class_from_a_subclass_cpp_made(qapp: object) -> None:
    """qtclass.exactly asks the meta-object only of objects C++ made: a non-native file
    dialog's combo box popup is a C++ subclass of QFrame that PySide6 shows as a QFrame;
    its buttons are QPushButtons C++ made; a Python subclass is never its base class."""
    dialog = QFileDialog()
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    made_by_qt = [w for w in dialog.findChildren(QWidget) if not shiboken6.createdByPython(w)]
    popup = [w for w in made_by_qt if type(w) is QFrame and
             QObject.metaObject(w).className() != "QFrame"]
    buttons = [w for w in made_by_qt if type(w) is QPushButton]
    assert popup and buttons  # the premise: both kinds are there
    assert not any(exactly(w, QFrame) for w in popup)
    assert all(exactly(w, QPushButton) for w in buttons)
    assert exactly(QFrame(), QFrame) and not exactly(QFrame(), QWidget)
    assert not exactly(type("Panel", (QFrame,), {})(), QFrame)
    dialog.deleteLater()
