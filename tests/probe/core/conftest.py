"""In-process tests of probe/core run beside pytest-xdist's receiver thread (execnet),
which allocates and so runs Python's cyclic collector too: a test's window left in a
reference cycle was then freed on that thread, ``~QWidget`` beside the GUI thread's Qt
(the class of the CI's segfault in test_labels_search). As the probe does in an app while
it serves (``probe.core.collector``), collections run on the GUI thread only here."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from probe.core import collector


@pytest.fixture(autouse=True)
def _collector_on_gui_thread(qapp: QApplication) -> None:
    collector.keep_on_gui_thread()
