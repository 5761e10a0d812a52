"""Never blind (#35): one control that raises where the probe reads it never costs the
agent its window, nor an action its answer.

tests/apps/raising_app.py plants what real apps did to the probe: a link label left in
the default text format, list and table models in tree views (``hasChildren`` is private
there), models raising in ``data``/``index``/``rowCount``, a view whose ``visualRect``
raises, a Python accessible interface that raises, and a QML item at ``x: 1/0``. Each
read (readPage, find, getPageText) and each action's change report comes back whole:
what raised is an element marked ``unread`` with the reason, and the rest of the page is
there. What the app's code raised is listed by qt.problems (``app_exception``, with its
traceback) and counted in the answer's meta; nothing is a probe fault.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from tests.support import faultgate
from tests.support.app import ROOT, wait_until
from tests.support.chrome import parse, ref_of
from tests.support.realapp import RealApp, start, wait_for_window

APP = str(ROOT / "tests" / "apps" / "raising_app.py")


@pytest.fixture(scope="module")
def app() -> Iterator[RealApp]:
    yield from start(APP)


@pytest.fixture(scope="module")
def qt(app: RealApp) -> Client:
    client = app.client()
    wait_for_window(client)
    client.call("qt.methods.invoke", {"objectId": "raising", "method": "arm"})
    return client


def _tab(qt: Client, title: str) -> str:
    tabs = qt.call("chr.tabsContext")["tabs"]
    return next(t["tabId"] for t in tabs if t["title"] == title)


def _unread(text: str) -> list[dict[str, Any]]:
    return [n for n in parse(text) if "(unread:" in " ".join(n["rest"])]


def test_read_page_keeps_the_page_and_marks_what_raised(qt: Client) -> None:
    envelope = qt.call_envelope("chr.readPage", {"tabId": _tab(qt, "Raising")})
    page, meta = envelope["result"], envelope["meta"]
    nodes = parse(page["text"])
    named = {(n["role"], n["name"]) for n in nodes}
    # the rest of the page: the well-behaved controls, whatever raised beside them
    assert {("textbox", "Name"), ("button", "Apply"), ("text", "Ready")} <= named
    # a link in a label left in the default text format is a link
    assert ("link", "the help") in named, page["text"]
    # list, table and tree models in tree views: their rows, with no hasChildren
    assert {("treeitem", "red"), ("treeitem", "green"), ("treeitem", "cell 0,0"),
            ("treeitem", "branch 0")} <= named, page["text"]
    # data() raising for row 2: rows 0, 1 and 3 read, row 2 unread
    assert {("listitem", "item 0"), ("listitem", "item 1"), ("listitem", "item 3")} <= named
    unread = _unread(page["text"])
    reasons = " | ".join(" ".join(n["rest"]) for n in unread)
    assert "record 2 is gone" in reasons and "ValueError" in reasons, page["text"]
    assert "row 1 is being reloaded" in reasons  # index() raising for one row
    assert ("cell", "cell 2,1") in named  # the other rows of that table
    assert "the data source is closed" in reasons  # rowCount() raising
    assert ("table", "Broken count") in {(n["role"], n["name"]) for n in unread}
    assert "no text" in reasons  # the gauge's accessible text() raising
    assert any(n["role"] == "button" and n["ref"] for n in unread)  # role from its class
    assert "visualRect of row 0 failed" in reasons and ("listitem", "second") in named
    assert page["unreadElements"] == len(unread) and "unread" in page["note"]
    assert meta["faults"].get("app", 0) >= 5 and "probe" not in meta["faults"], meta


def test_json_read_carries_the_reason(qt: Client) -> None:
    page = qt.call("chr.readPage", {"tabId": _tab(qt, "Raising"), "format": "json"})
    text = json.dumps(page)
    assert '"unread": "ValueError in the app\'s Rows.data' in text, text[:3000]


def test_find_and_page_text_keep_the_page(qt: Client) -> None:
    tab = _tab(qt, "Raising")
    found = qt.call("chr.find", {"query": "item 3", "tabId": tab})
    assert found["matches"] and found["matches"][0]["name"] == "item 3"
    assert qt.call("chr.find", {"query": "cell 2,1", "tabId": tab})["matches"]
    link = qt.call("chr.find", {"query": "the help", "tabId": tab})["matches"][0]
    assert link["role"] == "link"
    text = qt.call("chr.getPageText", {"tabId": _tab(qt, "Raising")})
    assert "Name" in text["text"] and "item 3" in text["text"] and "Ready" in text["text"]
    assert text["unreadElements"] >= 5 and "unread" in text["note"]


def test_actions_answer_what_they_did(qt: Client, app: RealApp) -> None:
    page = qt.call("chr.readPage", {"tabId": _tab(qt, "Raising")})
    out = qt.call("chr.click", {"ref": ref_of(page, "Apply", "button")})
    assert "Applied" in out["changes"], out
    out = qt.call("chr.navigate", {"url": "File > Save", "tabId": _tab(qt, "Raising")})
    assert "saved" in qt.call("qt.properties.get", {"objectId": "raising",
                                                    "name": "log"})["value"]
    assert "changes" in out
    out = qt.call("chr.click", {"ref": ref_of(page, "the help", "link")})
    log = qt.call("qt.properties.get", {"objectId": "raising", "name": "log"})["value"]
    assert "link https://example.org/help" in log
    qt.call("chr.formInput", {"ref": ref_of(page, "Name", "textbox"), "value": "Ada"})
    assert app.alive()


def test_scroll_to_a_link_and_a_column_header(qt: Client) -> None:
    """Found by the random run on ReText: chr.scrollTo of any spot that is no scene item
    (a label's link, a table's or tree's column header) answered INTERNAL_ERROR."""
    page = qt.call("chr.readPage", {"tabId": _tab(qt, "Raising")})
    header = next(n for n in parse(page["text"]) if n["role"] == "columnheader" and n["ref"])
    for ref in (ref_of(page, "the help", "link"), header["ref"]):
        out = qt.call("chr.scrollTo", {"ref": ref})
        assert "changes" in out, out


def test_a_quick_item_far_away_costs_nothing(qt: Client) -> None:
    page = qt.call("chr.readPage", {"tabId": _tab(qt, "Raising Quick")})
    named = {(n["role"], n["name"]) for n in parse(page["text"])}
    assert ("button", "Quick OK") in named and ("text", "Quick status") in named, page
    assert ("text", "Far away") in named


def test_a_stale_wrapper_of_another_class_costs_no_item(qt: Client) -> None:
    """Shiboken may hand out, for a live Qt Quick item, a wrapper of another class it kept
    at that address (a freed QML meta-object: Imagine's ItemDelegate in the Quick suite);
    the item still reads as itself, and the probe meets no fault."""
    planted = qt.call("qt.methods.invoke", {"objectId": "raising",
                                            "method": "plant_stale_wrapper"})
    assert planted["returned"] is True, planted
    page = qt.call("chr.readPage", {"tabId": _tab(qt, "Raising Quick")})
    named = {(n["role"], n["name"]) for n in parse(page["text"])}
    assert ("button", "Late 1") in named and ("button", "Quick OK") in named, page
    assert not page.get("unreadElements"), page
    assert not faultgate.probe_faults(qt)


def test_problems_list_what_raised_with_its_traceback(qt: Client) -> None:
    qt.call("chr.readPage", {"tabId": _tab(qt, "Raising")})
    report = qt.call("qt.problems", {"kinds": ["app_exception", "probe_fault"]})
    kinds = {p["kind"] for p in report["problems"]}
    assert kinds == {"app_exception"}, report
    rows = next(p for p in report["problems"] if "record 2 is gone" in p["message"])
    assert "raising_app.py" in rows["traceback"] and rows["className"].startswith("QListView")
    assert rows["count"] >= 1 and rows["where"].startswith("probe/core/")
    assert rows["source"]["file"].endswith(".py") and rows["source"]["line"] > 0


def test_a_probe_fault_is_an_unread_element_counted_listed_and_gated(app: RealApp,
                                                                    qt: Client) -> None:
    """Last in the module: the planted defect stays for the app's life."""
    tab = _tab(qt, "Raising")
    assert not faultgate.probe_faults(qt)
    qt.call("qt.methods.invoke", {"objectId": "raising", "method": "plant_probe_fault"})
    envelope = qt.call_envelope("chr.readPage", {"tabId": tab})
    page, meta = envelope["result"], envelope["meta"]
    field = next(n for n in _unread(page["text"]) if n["role"] == "textbox")
    assert "probe fault AssertionError at probe/core/a11y/links.py:" in " ".join(field["rest"])
    assert field["ref"] and ("textbox", "Name") in {(n["role"], n["name"])
                                                    for n in parse(page["text"])}
    assert meta["faults"]["probe"] >= 1, meta  # each time the read met it
    found = faultgate.probe_faults(qt)
    assert len(found) == 1 and found[0]["count"] == meta["faults"]["probe"]
    assert "links.py" in found[0]["source"]["file"] and "links_of" in found[0]["traceback"]
    assert found[0]["className"] == "QLineEdit" and found[0]["path"].endswith("bareEdit")
    qt.call("chr.readPage", {"tabId": tab})
    again = faultgate.probe_faults(qt)
    assert len(again) == 1 and again[0]["count"] > found[0]["count"]  # one class, counted
    verdict = faultgate.verdict(app.info.url, app.info.token)  # what a gated suite says
    assert verdict is not None and "1 probe fault" in verdict and "links_of" in verdict


def test_the_app_lives_and_answers(app: RealApp, qt: Client) -> None:
    wait_until(lambda: qt.call("qt.ping")["pong"], 5, "a ping")
    assert app.alive(), app.output()
