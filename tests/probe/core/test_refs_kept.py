"""A later read gives every element the ref it had: in a window of more elements than the
ref table keeps retired (RETIRED_LIMIT) too. reset() retired the whole last read and then
cut the retired refs to the limit, the last read's among them: a read of 8,000 controls
(8,800 elements) gave 3,800 of them new refs at every read (#41)."""

from __future__ import annotations

import re

import pytest
from PySide6.QtWidgets import QApplication, QFormLayout, QLineEdit, QWidget

from probe.core.a11y import snapshot
from probe.core.a11y.identity import refs as refs_module
from probe.core.a11y.identity import refs_for
from probe.core.objects.idtable import ids_for


def _refs(window: QWidget, state: dict[str, object]) -> list[str]:
    out = snapshot.read_page(window, refs_for(state), ids_for(state), interactive=False,
                             depth=15, element=None, max_chars=10**9, fmt="text")
    return re.findall(r"\[(ref_\d+)\]", out["text"])


def test_every_element_keeps_its_ref_past_the_retired_limit(
        qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(refs_module, "RETIRED_LIMIT", 10)
    window = QWidget()
    form = QFormLayout(window)
    for i in range(30):
        form.addRow(f"Field {i}", QLineEdit(window))
    window.show()
    for _ in range(3):
        QApplication.processEvents()
    state: dict[str, object] = {}
    try:
        first = _refs(window, state)
        assert len(first) == 30
        assert _refs(window, state) == first
        assert _refs(window, state) == first
        for edit in window.findChildren(QLineEdit)[:25]:  # gone from the window for good
            edit.hide()
        QApplication.processEvents()
        fewer = _refs(window, state)
        assert fewer == first[25:]
        assert _refs(window, state) == fewer
    finally:
        window.close()
