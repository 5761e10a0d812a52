"""Issue #27's points on a third-party QML app from PyPI (progress-list, unmodified): a field
named by its placeholder keeps that name once filled, and its modal Qt Quick ``Dialog`` is a
dialog for the probe (listed with its title, named in the action's ``modal`` field, blocking
the elements behind it, closed by Escape)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import wait_until
from tests.support.chrome import node_of, ref_in, ref_of
from tests.support.realapp import start, wait_for_window


@pytest.fixture(scope="module")
def qt() -> Iterator[Client]:
    if importlib.util.find_spec("progress_list") is None:
        pytest.skip("progress_list is not installed (pip install -e '.[realapps]')")
    for app in start("-m", "progress_list"):
        client = app.client()
        wait_for_window(client, 60)
        yield client


def test_a_filled_field_keeps_its_placeholder_name(qt: Client) -> None:
    page = qt.call("chr.readPage", {"filter": "interactive"})
    out = qt.call("chr.formInput", {"ref": ref_of(page, "Add a task...", "textbox"),
                                    "value": "Water the plants"})
    assert out["name"] == "Add a task..." and out["value"] == "Water the plants"
    assert '-> "Water the plants" [' not in out.get("changes", "")  # not renamed
    after = qt.call("chr.readPage", {"filter": "interactive"})
    field = node_of(after, "Add a task...", "textbox")
    assert 'value="Water the plants"' in " ".join(field["rest"])


def test_its_modal_dialog_is_listed_blocks_and_closes_on_escape(qt: Client) -> None:
    page = qt.call("chr.readPage", {"filter": "interactive"})
    qt.call("chr.formInput", {"ref": ref_of(page, "Add a task...", "textbox"),
                              "value": "Call the plumber"})
    add = ref_of(page, "Add", "button")
    qt.call("chr.click", {"ref": add})
    text = wait_until(lambda: (t := qt.call("chr.readPage")["text"]) and 'text "~' in t and t,
                      30, "the new task's estimate ('~0 sec')")
    estimate = ref_in(text, 'text "~')  # a Label whose MouseArea takes a right click
    opened = qt.call("chr.click", {"ref": estimate, "button": "right"})
    modal = opened["modal"]
    assert (modal["kind"], modal["title"], modal["modal"]) == \
        ("dialog", "Set Custom Estimate", True)
    tabs = qt.call("chr.tabsContext")["tabs"]
    assert any(t["kind"] == "dialog" and t["title"] == "Set Custom Estimate" and
               t.get("modal") for t in tabs)
    dialog = qt.call("chr.readPage")
    assert ref_of(dialog, "30m or 1.5h", "textbox")  # the dialog's own field has a ref
    assert 'button "Add" [' not in dialog["text"]  # behind the dialog: no ref
    with pytest.raises(RemoteError) as err:
        qt.call("chr.click", {"ref": add})  # the old ref: a click would only close it
    assert err.value.name == "ELEMENT_BLOCKED"
    assert err.value.data["blockedBy"]["title"] == "Set Custom Estimate"
    qt.call("chr.key", {"text": "Escape"})
    wait_until(lambda: not [t for t in qt.call("chr.tabsContext")["tabs"]
                            if t["kind"] == "dialog"], 10, "the dialog closed by Escape")
    assert ref_of(qt.call("chr.readPage"), "Add", "button")


def test_bindings_of_qml_loaded_from_data_say_why_they_cannot_be_read(qt: Client) -> None:
    """progress-list loads its QML from a string (engine.loadData): there is no .qml file to
    read a declaration from, so qml.bindings says so with a hint, and the app lives on."""
    with pytest.raises(RemoteError) as exc:
        qt.call("qml.bindings", {"objectId": "@id:inputField"})
    assert exc.value.name == "NOT_SUPPORTED"
    assert "declaration" in exc.value.message and exc.value.hint
    assert qt.call("qt.ping")
