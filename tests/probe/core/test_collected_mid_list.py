"""A window only Python's cyclic collector frees must not be read freed while the probe
takes a list of objects from Qt (a segfault of the app, the CI run of c59ddc5).

PySide turns Qt's answer (a list of pointers) into wrappers one by one, and each new
wrapper is an allocation that can start a collection. An app's window in a reference
cycle (``self.me = self``; a lambda slot that holds its window) is freed then, with the
widgets it holds, while the rest of the list still names them: PySide read them freed
(``getWrapperForQObject``: ``__dynamic_cast`` in ``findDerivedType``, or
``QObject::property``) and the process died. The collector's thresholds are set low here so
that it runs during the conversion every time, as it does at random in an app (and did
in test_labels_search, after the windows of the tests before it). Each search runs in a
process of its own: before the fix the first one killed it.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.app import ROOT

SCRIPT = r'''
import gc, sys
from PySide6.QtWidgets import (QApplication, QCalendarWidget, QLabel, QVBoxLayout,
                               QWidget)
from probe.core.objects import qtchildren

app = QApplication([])
form = QWidget()
QVBoxLayout(form).addWidget(QLabel("kept", form))
form.show()


class Dropped(QWidget):
    """A window the app let go of in a reference cycle, full of widgets C++ made."""

    def __init__(self) -> None:
        super().__init__()
        self.me = self
        column = QVBoxLayout(self)
        for _ in range(8):
            column.addWidget(QCalendarWidget())


def drop() -> int:
    window = Dropped()
    window.show()
    QApplication.processEvents()
    gc.collect()  # the window is now old: only a full collection, mid-search, frees it
    return len(QApplication.allWidgets())


SEARCHES = {
    "widgets_under": lambda: [QLabel.text(w) for w in qtchildren.widgets_under(form, QLabel)],
    "find_children": lambda: [QLabel.text(w) for w in qtchildren.find_children(form, QLabel)],
}
name = sys.argv[1]
before = drop()  # no wrapper of the window's parts is held: the search makes them
gc.set_threshold(5, 1, 1)
found = SEARCHES[name]()
gc.set_threshold(700, 10, 10)
gc.collect()
print(name, found, before - len(QApplication.allWidgets()) > 100, flush=True)
'''


@pytest.mark.parametrize("search", ["widgets_under", "find_children"])
def test_a_window_the_collector_frees_is_never_read_freed(search: str) -> None:
    run = subprocess.run([sys.executable, "-c", SCRIPT, search], cwd=ROOT, text=True,
                         capture_output=True, timeout=60,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert run.returncode == 0, f"the search killed the app ({run.returncode}):\n{run.stderr}"
    assert run.stdout.strip().splitlines()[-1] == f"{search} ['kept'] True", run.stdout
