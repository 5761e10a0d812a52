"""A label in Qt's default text format (AutoText) whose text holds a link: its link is read
and clicked like a rich-text label's.

links.py asked ``QtCore.Qt.mightBeRichText``, which PySide6 has only on ``QtGui.Qt``: the
AttributeError cost the whole window its readPage (INTERNAL_ERROR). The type checker
(basedpyright in .ci/run) found it.
"""

from __future__ import annotations

from probe.client import Client
from tests.support.app import DemoApp
from tests.support.chrome import read, ref_of, show_tab


def test_an_autotext_label_with_a_link_is_read_and_its_link_clicked(demo: DemoApp,
                                                                    qt: Client) -> None:
    show_tab(qt, "Form")
    text = 'Read the <a href="https://example.org/docs">docs</a> first.'
    fmt = qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "textFormat"})
    assert fmt["value"] == "AutoText"
    qt.call("qt.properties.set", {"objectId": "statusLabel", "name": "text", "value": text})
    sub = qt.call("qt.signals.subscribe", {"objectId": "statusLabel", "signal": "linkActivated"})
    page = read(qt)
    ref = ref_of(page, "docs", "link")
    qt.call("chr.click", {"ref": ref})
    note = qt.wait_notification("qt.signals.emitted",
                                lambda p: p["subscriptionId"] == sub["subscriptionId"], 10)
    assert note["args"] == ["https://example.org/docs"]
