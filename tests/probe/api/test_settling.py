"""Settling waits for what the action started (issue #26, item 5): the single-shot timers
its events started, such as a search field's 500 ms debounce, fire before the answer.

The hardening app's filter field restarts a 500 ms single-shot QTimer on every key; when
it fires, a QSortFilterProxyModel filters the fruit list under it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from probe.client import Client
from tests.support.app import HARDENING_APP, DemoApp, start_demo


@pytest.fixture
def app() -> Iterator[DemoApp]:
    target = start_demo(module=HARDENING_APP)
    yield target
    target.stop()


def _names(qt: Client, query: str) -> list[str]:
    return [m["name"] for m in qt.call("chr.find", {"query": query})["matches"]]


def test_find_right_after_typing_sees_the_debounced_filter(app: DemoApp) -> None:
    qt = app.client()
    field = qt.call("chr.find", {"query": "Filter fruits"})["matches"][0]["ref"]
    assert "banana" in _names(qt, "banana")
    out = qt.call("chr.type", {"ref": field, "text": "cherry"})
    # the answer came after the debounce fired: the list is filtered, and the report says so
    assert _names(qt, "banana") == []
    assert _names(qt, "cherry") == ["cherry"]
    assert '- listitem "banana"' in out["changes"], out["changes"]


def test_a_native_type_waits_for_the_debounce_too(app: DemoApp) -> None:
    qt = app.client()
    out = qt.call_envelope("qt.ui.type", {"target": "filterEdit", "text": "ap"})
    assert out["meta"]["settled"] is True, out
    # the view's model has been filtered when the answer comes: apple, apricot, grape
    assert qt.call("qt.models.count", {"modelId": "fruitList"})["rowCount"] == 3
    assert _names(qt, "banana") == []
