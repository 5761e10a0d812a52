"""chr.* reaches item-view model items: find rows off screen, scroll them in, click them.

Against the demo's Data tab (tableView over peopleProxy, 100 rows, about 15 on screen).
What a click did is read back through the view's QItemSelectionModel (qt.properties) and
the model (qt.models.data), never through the chr.* answer itself.
"""

from __future__ import annotations

from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp
from tests.support.chrome import node_of, parse, read, show_tab


@pytest.fixture(scope="module", autouse=True)
def data_tab(demo: DemoApp) -> None:
    show_tab(demo.client("setup"), "Data")


def _current(qt: Client) -> dict[str, Any]:
    """tableView's current index, read from its selection model's property."""
    tree = qt.call("qt.objects.tree", {"objectId": "tableView", "depth": 1})
    sel = next(c["id"] for c in tree["nodes"][0]["children"]
               if c["className"] == "QItemSelectionModel")
    return qt.call("qt.properties.get", {"objectId": sel, "name": "currentIndex"})["value"]


def _table_match(found: dict[str, Any], name: str) -> dict[str, Any]:
    view = None
    for m in found["matches"]:
        if m["role"] == "cell" and m["name"] == name:
            view = m
            break
    assert view is not None, f"no cell {name!r} in {found}"
    return view


def _display(qt: Client, row: int, column: int = 0) -> Any:
    return qt.call("qt.models.data", {"modelId": "tableView", "row": row, "column": column,
                                      "roles": ["display"]})["roles"]["display"]


def test_find_ada_and_click_moves_the_current_index(qt: Client) -> None:
    found = qt.call("chr.find", {"query": "Ada"})
    ada = _table_match(found, "Ada Adams")
    assert ada["ref"].startswith("ref_") and ada["item"]["row"] == 0
    assert ada["item"]["columnHeader"] == "Name" and ada["item"]["onScreen"]
    view = qt.call("qt.objects.info", {"objectId": ada["item"]["view"]})
    assert view["objectName"] == "tableView"
    # rows off screen are found through the model, not only the ~15 shown
    off = [m for m in found["matches"] if m["role"] == "cell" and m["name"] == "Ada Evans"]
    assert off and off[0]["item"]["row"] == 80 and not off[0]["item"]["onScreen"]
    clicked = qt.call("chr.click", {"ref": ada["ref"]})
    assert clicked["via"] == "click" and clicked["onScreen"]
    assert _current(qt) == {"type": "QModelIndex", "valid": True, "row": 0, "column": 0}


def test_row_far_below_is_scrolled_into_view_and_clicked(qt: Client) -> None:
    found = qt.call("chr.find", {"query": "row 42, Name column"})
    first = found["matches"][0]
    assert first["matched"] == "position" and first["role"] == "cell"
    assert (first["item"]["row"], first["item"]["column"]) == (41, 0)
    assert first["name"] == _display(qt, 41) == "Alan Chen"
    assert not first["item"]["onScreen"] and first["bounds"] == [0, 0, 0, 0]
    page = read(qt)
    with pytest.raises(AssertionError):
        node_of(page, "Alan Chen", "cell")  # not on screen, so not in the outline
    ref = qt.call("chr.find", {"query": "row 42, Name column"})["matches"][0]["ref"]
    clicked = qt.call("chr.click", {"ref": ref})
    assert clicked["onScreen"] and clicked["bounds"][2] > 0
    assert _current(qt) == {"type": "QModelIndex", "valid": True, "row": 41, "column": 0}
    again = _table_match(qt.call("chr.find", {"query": "Alan Chen"}), "Alan Chen")
    assert again["item"]["onScreen"] and "selected" in again["states"]


def test_scroll_to_a_model_item_then_read_page_shows_it(qt: Client) -> None:
    ref = _table_match(qt.call("chr.find", {"query": "Yukihiro Evans"}), "Yukihiro Evans")
    assert ref["item"]["row"] == 99
    moved = qt.call("chr.scrollTo", {"ref": ref["ref"]})
    assert moved["scrolled"] and moved["onScreen"]
    assert _current(qt)["row"] != 99  # scrolling selects nothing
    page = read(qt)  # the outline shows the first items of the view (capped), now near 99
    cell = next(n for n in parse(page["text"]) if n["role"] == "cell" and " " in n["name"])
    row = qt.call("qt.models.search", {"modelId": "tableView", "text": cell["name"],
                                       "exact": True, "column": 0})["matches"][0]["row"]
    assert row > 80
    # a readPage cell ref is a model-item ref too: clicking it selects that row
    qt.call("chr.click", {"ref": cell["ref"]})
    assert _current(qt) == {"type": "QModelIndex", "valid": True, "row": row, "column": 0}


def test_item_ref_follows_its_row_through_sorting_and_dies_with_it(qt: Client) -> None:
    ref = _table_match(qt.call("chr.find", {"query": "Ada Chen"}), "Ada Chen")["ref"]
    try:
        qt.call("qt.methods.invoke", {"objectId": "tableView", "method": "sortByColumn",
                                      "args": [0, "DescendingOrder"]})
        assert _display(qt, 40) != "Ada Chen"  # the row moved
        qt.call("chr.click", {"ref": ref})
        current = _current(qt)
        assert _display(qt, current["row"]) == "Ada Chen"
        qt.call("qt.properties.set", {"objectId": "tableFilter", "name": "text",
                                      "value": "Paris"})  # Ada Chen lives in Berlin
        with pytest.raises(RemoteError) as info:
            qt.call("chr.click", {"ref": ref})
        assert info.value.name == "REF_NOT_FOUND"
        assert "filtered out" in info.value.message
        assert info.value.data["element"] == {"role": "cell", "name": "Ada Chen"}
        assert "chr.readPage" in (info.value.hint or "")
        # the filter cleared, the same ref names the same row again (its identity is
        # the source model's row, never a position)
        qt.call("qt.properties.set", {"objectId": "tableFilter", "name": "text", "value": ""})
        qt.call("chr.click", {"ref": ref})
        assert _display(qt, _current(qt)["row"]) == "Ada Chen"
    finally:
        qt.call("qt.properties.set", {"objectId": "tableFilter", "name": "text", "value": ""})
        qt.call("qt.methods.invoke", {"objectId": "tableView", "method": "sortByColumn",
                                      "args": [-1, "AscendingOrder"]})
    assert _display(qt, 40) == "Ada Chen"


def test_item_ref_errors(qt: Client) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("chr.click", {"ref": "ref_99999"})
    assert info.value.name == "REF_NOT_FOUND" and "issued" in info.value.data
    cell = _table_match(qt.call("chr.find", {"query": "Ada Adams"}), "Ada Adams")
    with pytest.raises(RemoteError) as info:
        qt.call("chr.type", {"ref": cell["ref"], "text": "x"})
    assert info.value.name == "NOT_SUPPORTED"


def test_form_input_edits_a_cell_and_the_model_holds_it(qt: Client) -> None:
    """The demo's people are editable (flags, setData): chr.formInput edits a cell through
    the view's editor as a user does, the ref goes on naming the cell under its new text,
    and a value setData refuses (an age of 200) is FORM_INPUT_NOT_TAKEN, the model
    unchanged (read from the model)."""
    cell = _table_match(qt.call("chr.find", {"query": "Ada Adams"}), "Ada Adams")
    row = cell["item"]["row"]
    out = qt.call("chr.formInput", {"ref": cell["ref"], "value": "Ada Lovelace"})
    assert _display(qt, row) == "Ada Lovelace" and out["value"] == "Ada Lovelace"
    qt.call("chr.formInput", {"ref": cell["ref"], "value": "Ada Adams"})  # the same ref
    assert _display(qt, row) == "Ada Adams"
    before = _display(qt, row, 1)
    age = next(m for m in qt.call("chr.find", {"query": str(before)})["matches"]
               if m.get("item", {}).get("column") == 1 and m["item"]["row"] == row)
    with pytest.raises(RemoteError) as info:
        qt.call("chr.formInput", {"ref": age["ref"], "value": 200})
    assert info.value.name == "FORM_INPUT_NOT_TAKEN", info.value
    assert _display(qt, row, 1) == before
