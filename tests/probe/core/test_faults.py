"""probe.core.faults: one failure class recorded once, its origin told right, counted per call.

In-process: what raises is real code, the probe's own (a probe function given what it
does not take) or a function of this file (standing for the app's code)."""

from __future__ import annotations

import logging
import sysconfig
import weakref
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QObject, QStringListModel
from PySide6.QtWidgets import QLabel, QWidget

from probe.core import faults
from probe.core.a11y import links


def _app_code(value: str) -> str:
    raise ValueError(f"the app could not read {value}")


def test_an_exception_of_the_apps_code_is_an_app_fault(qapp: object) -> None:
    model = QStringListModel(["a"])
    model.setObjectName("tags")
    got = faults.attempt(_app_code, "row 2", obj=model)
    assert isinstance(got, faults.Failed)
    fault = got.fault
    assert fault.origin == faults.APP and fault.exception == "ValueError"
    assert fault.app_where.startswith("_app_code (test_faults.py:")
    assert fault.where.startswith("probe/core/faults.py:")  # the probe line that asked
    assert fault.control == "QStringListModel" and fault.path == "tags"
    assert got.reason == ("ValueError in the app's " + fault.app_where +
                          ": the app could not read row 2")
    assert fault.source["file"] == __file__ and fault.source["function"] == "_app_code"


def test_an_app_installed_by_pip_is_the_app_not_pythons_library(qapp: object) -> None:
    """In a virtual environment Python's ``platstdlib`` is the venv's ``lib/python3.X``,
    which holds site-packages: an app installed there by pip (pyzo, in CI's random run:
    its menu model's rowCount raised AttributeError) was read as Python's own code, so its
    exception became a probe fault. Code compiled under site-packages' name raises here."""
    where = Path(sysconfig.get_paths()["purelib"]) / "someapp" / "core" / "menu.py"
    space: dict[str, object] = {}
    exec(compile("def rowCount(parent):\n    return len(parent.actions())\n",
                 str(where), "exec"), space)
    model = QStringListModel(["a"])
    model.setObjectName("menus")
    got = faults.attempt(space["rowCount"], object(), obj=model)  # pyright: ignore[reportArgumentType]  # the compiled function
    assert isinstance(got, faults.Failed)
    assert got.fault.origin == faults.APP, got.fault
    assert got.fault.app_where.startswith("rowCount (menu.py:2)"), got.fault.app_where
    assert got.fault.source["file"] == str(where)


class Probed(QWidget):
    """A class of its own: its failures are a class no other test records."""


def test_a_failure_in_the_probes_code_is_a_probe_fault(qapp: object,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="qtmcp.probe")
    widget = Probed()
    first = faults.attempt(links.links_of, widget, obj=widget)
    second = faults.attempt(links.links_of, widget, obj=widget)
    assert isinstance(first, faults.Failed) and isinstance(second, faults.Failed)
    assert first.fault is second.fault and first.fault.count == 2  # once per class
    fault = first.fault
    assert fault.origin == faults.PROBE and fault.exception == "AssertionError"
    assert fault.where.startswith("probe/core/a11y/links.py:")
    assert fault.control == "Probed(QWidget)"
    assert first.reason.startswith("probe fault AssertionError at probe/core/a11y/links.py:")
    assert fault in faults.faults(faults.PROBE) and fault not in faults.faults(faults.APP)
    logged = [r for r in caplog.records if "Probed" in r.getMessage()]
    assert len(logged) == 1 and logged[0].levelno == logging.DEBUG
    assert "Traceback (most recent call last)" in logged[0].getMessage()
    assert logged[0].exc_info is None  # text: see the next test


class Held(QWidget):
    """A class of its own, so its failure is recorded (and logged) anew."""


def _app_code_holding(widget: QWidget) -> None:
    shown = QWidget.isVisible(widget)  # the app's frame holds the widget while it raises
    raise ValueError(f"could not read a widget (shown: {shown})")


def test_a_recorded_failure_keeps_nothing_of_its_frames(qapp: object,
                                                         caplog: pytest.LogCaptureFixture
                                                         ) -> None:
    """A log handler that keeps its records (pytest's here, an app's log window there)
    keeps no frame of a failure, so no widget a frame held: the collector may free what
    a kept traceback holds on any thread, and a QWidget deleted off the GUI thread crashes
    the app (test_frames_render did, after this module, on the live view's encoder
    thread)."""
    caplog.set_level(logging.DEBUG, logger="qtmcp.probe")
    widget = Held()
    alive = weakref.ref(widget)
    got = faults.attempt(_app_code_holding, widget, obj=widget)
    assert isinstance(got, faults.Failed) and got.fault.origin == faults.APP
    assert any("Held" in r.getMessage() for r in caplog.records)
    del widget, got
    assert alive() is None, "a frame of the failure still holds the widget"


def test_pyside_override_prefixes_are_left_out_of_the_reason() -> None:
    text = ("Error calling Python override of QAbstractListModel::data(): Error calling "
            "Python override of QAbstractListModel::data(): record 2 is gone")
    assert faults._short(text) == "record 2 is gone"


def test_a_call_counts_what_it_met_and_an_inner_call_adds_to_it(qapp: object) -> None:
    end_outer = faults.tally()
    faults.attempt(_app_code, "a")
    end_inner = faults.tally()
    faults.attempt(_app_code, "b")
    faults.attempt(links.links_of, QWidget())
    assert end_inner() == {"app": 1, "probe": 1}
    assert end_outer() == {"app": 2, "probe": 1}
    assert faults.tally()() == {}


def test_value_and_each_keep_going(qapp: object) -> None:
    assert faults.value(_app_code, "fallback", "x") == "fallback"
    labels = [QLabel("one"), QWidget(), QLabel("three")]
    texts = faults.each(labels, lambda w: QLabel.text(w) if isinstance(w, QLabel)
                        else _app_code("a widget"))
    assert texts == ["one", "three"]
    assert faults._class_of(QObject()) == "QObject"


def test_an_object_deleted_under_the_read_is_gone_not_a_probe_fault(qapp: object) -> None:
    """Found by the random run on pyqtgraph's parametertree: a layout's wrapper whose
    C++ object Qt had deleted raised in the probe's line; nothing there to fix."""
    box = QWidget()
    shiboken6.delete(box)
    got = faults.attempt(QObject.children, box, obj=None)
    assert isinstance(got, faults.Failed) and got.fault.origin == faults.GONE
    assert got.reason.startswith("deleted by the app while it was read")
    assert got.fault not in faults.faults(faults.PROBE)
