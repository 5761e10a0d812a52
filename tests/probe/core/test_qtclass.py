"""Which classes are an app's own (their mouse handlers make a widget clickable): the
bindings' classes are told by their module's top package, never by a name's prefix."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton

from probe.core.objects.qtclass import handles_mouse, python_class


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
