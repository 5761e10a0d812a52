"""qt.models.*: item models of the demo's Data tab, over a real WebSocket."""

from __future__ import annotations

import base64
from collections.abc import Iterator

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, wait_until
from tests.support.extra_demo import start_extra_demo


@pytest.fixture(scope="module")
def extra(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoApp]:
    app = start_extra_demo(tmp_path_factory.mktemp("extra_demo"))
    yield app
    app.stop()


def _error(qt: Client, method: str, params: dict) -> RemoteError:
    with pytest.raises(RemoteError) as info:
        qt.call(method, params)
    return info.value


def test_list_models_with_views_and_proxy_chain(qt: Client) -> None:
    models = {m["objectName"]: m for m in qt.call("qt.models.list", {})["models"]}
    assert {"peopleProxy", "peopleModel", "departmentsModel"} <= set(models)
    proxy = models["peopleProxy"]
    assert proxy["rowCount"] == 100 and proxy["columnCount"] == 3
    assert proxy["sourceChain"] == [models["peopleModel"]["id"]]
    view = qt.call("qt.objects.info", {"objectId": proxy["views"][0]})
    assert view["objectName"] == "tableView"
    tree_views = [qt.call("qt.objects.info", {"objectId": v})["objectName"]
                  for v in models["departmentsModel"]["views"]]
    assert tree_views == ["treeView"]


def test_info_of_a_view_gives_its_proxy_and_source(qt: Client) -> None:
    info = qt.call("qt.models.info", {"modelId": "tableView"})
    assert info["objectName"] == "peopleProxy" and info["isProxy"]
    assert info["sourceModel"]["objectName"] == "peopleModel"
    assert [v["objectName"] for v in info["views"]] == ["tableView"]
    assert info["headers"] == ["Name", "Age", "City"]
    assert info["roleNames"]["display"] == 0


def test_rows_by_pages(qt: Client) -> None:
    first = qt.call("qt.models.rows", {"modelId": "peopleModel", "limit": 40})
    assert first["rowCount"] == 100 and first["hasMore"]
    assert [r["row"] for r in first["rows"]] == list(range(40))
    assert first["rows"][0]["cells"] == ["Ada Adams", 18, "Berlin"]
    pages = [first]
    while pages[-1]["hasMore"]:
        pages.append(qt.call("qt.models.rows", {"modelId": "peopleModel", "limit": 40,
                                                "offset": pages[-1]["offset"] + 40}))
    rows = [r for p in pages for r in p["rows"]]
    assert len(pages) == 3 and [r["row"] for r in rows] == list(range(100))
    two = qt.call("qt.models.rows", {"modelId": "peopleModel", "offset": 21, "limit": 1,
                                     "columns": [0, 2], "roles": ["display", "toolTip"]})
    assert two["rows"][0]["cells"] == [{"display": "Alan Baker", "toolTip": None},
                                       {"display": "Madrid", "toolTip": None}]


def test_count_headers_and_count_under_a_parent(qt: Client) -> None:
    assert qt.call("qt.models.count", {"modelId": "departmentsModel", "parent": [[0, 0]]}
                   ) == {"parent": [[0, 0]], "rowCount": 3, "columnCount": 2, "generation": 0}
    h = qt.call("qt.models.headers", {"modelId": "peopleModel", "orientation": "vertical",
                                      "offset": 98})
    assert h["count"] == 100 and h["sections"] == [99, 100]


def test_search_by_text_and_regex(qt: Client) -> None:
    found = qt.call("qt.models.search", {"modelId": "peopleModel", "text": "grace", "column": 0})
    assert [m["row"] for m in found["matches"]] == [8, 28, 48, 68, 88]
    assert found["matches"][0]["value"] == "Grace Adams"
    rx = qt.call("qt.models.search", {"modelId": "peopleProxy", "text": r"^(Ada|Alan) C",
                                      "regex": True})
    assert [m["value"] for m in rx["matches"]] == ["Ada Chen", "Alan Chen"]
    page = qt.call("qt.models.search", {"modelId": "peopleModel", "text": "Paris", "limit": 2,
                                        "offset": 1})
    assert page["count"] == 2 and page["hasMore"]
    deep = qt.call("qt.models.search", {"modelId": "departmentsModel", "text": "Grace Hopper",
                                        "exact": True, "recursive": True})
    assert deep["matches"] == [{"row": 1, "column": 0, "parent": [[0, 0], [1, 0]],
                                "value": "Grace Hopper"}]


def test_tree_walk_and_item_data(qt: Client) -> None:
    t = qt.call("qt.models.tree", {"modelId": "treeView", "depth": 3})
    assert [n["values"][0] for n in t["nodes"]] == ["Engineering", "Design", "Sales", "Support"]
    platform = t["nodes"][0]["children"][1]
    assert platform["values"] == ["Platform", "Team"] and platform["childCount"] == 2
    assert [c["values"][0] for c in platform["children"]] == ["Alan Turing", "Grace Hopper"]
    item = qt.call("qt.models.data", {"modelId": "departmentsModel", "parent": [[0, 0], [1, 0]],
                                      "row": 1, "column": 1})
    assert item["roles"]["display"] == "Engineer"
    assert "ItemIsEditable" in item["flags"] and item["parent"] == [[0, 0], [1, 0]]
    capped = qt.call_envelope("qt.models.tree", {"modelId": "departmentsModel", "maxNodes": 3})
    assert capped["result"]["truncated"] and capped["result"]["count"] == 3


def test_set_data_changes_the_view(qt: Client) -> None:
    before = qt.call("qt.models.rows", {"modelId": "tableView", "offset": 5, "limit": 1})
    old = before["rows"][0]["cells"][2]
    try:
        done = qt.call("qt.models.setData", {"modelId": "peopleModel", "row": 5, "column": 2,
                                             "value": "Reykjavik"})
        assert done["previous"] == old and done["value"] == "Reykjavik"
        mapped = qt.call("qt.models.mapToSource", {"modelId": "tableView", "row": 5,
                                                   "column": 2})
        assert mapped["source"]["model"]["objectName"] == "peopleModel"
        assert (mapped["source"]["row"], mapped["source"]["column"]) == (5, 2)
        after = qt.call("qt.models.rows", {"modelId": "tableView", "offset": 5, "limit": 1})
        assert after["rows"][0]["cells"][2] == "Reykjavik"
        found = qt.call("qt.models.search", {"modelId": "tableView", "text": "Reykjavik"})
        assert [(m["row"], m["column"]) for m in found["matches"]] == [(5, 2)]
        # what the view shows: its accessible cells and the page text read off it
        qt.call("chr.navigate", {"url": "Data"})
        cells = [m for m in qt.call("chr.find", {"query": "Reykjavik"})["matches"]
                 if m["role"] == "cell"]
        assert [(c["name"], c["item"]["row"], c["item"]["columnHeader"]) for c in cells] == [
            ("Reykjavik", 5, "City")]
        assert cells[0]["item"]["onScreen"]
        view = qt.call("qt.objects.info", {"objectId": cells[0]["item"]["view"]})
        assert view["objectName"] == "tableView"
        assert "Reykjavik" in qt.call("chr.getPageText", {})["text"]
    finally:
        qt.call("chr.navigate", {"url": "Form"})
        qt.call("qt.models.setData", {"modelId": "peopleModel", "row": 5, "column": 2,
                                      "value": old})


def test_set_data_check_state_through_a_standard_model(qt: Client) -> None:
    done = qt.call("qt.models.setData", {"modelId": "departmentsModel", "row": 0, "column": 0,
                                         "parent": [[1, 0]], "role": "checkState",
                                         "value": "Checked"})
    assert done["value"] == "Checked"
    item = qt.call("qt.models.data", {"modelId": "departmentsModel", "row": 0,
                                      "parent": [[1, 0]], "roles": ["checkState", "tooltip"]})
    assert item["roles"] == {"checkState": "Checked", "tooltip": None}


def test_model_reset_is_reported(qt: Client) -> None:
    gen = qt.call("qt.models.rows", {"modelId": "peopleProxy", "limit": 1})["generation"]
    qt.call("qt.methods.invoke", {"objectId": "peopleProxy", "method": "invalidate"})
    err = _error(qt, "qt.models.rows", {"modelId": "peopleProxy", "generation": gen})
    assert err.name == "MODEL_RESET" and err.data["generation"] > gen
    fresh = qt.call("qt.models.rows", {"modelId": "peopleProxy", "limit": 1,
                                       "generation": err.data["generation"]})
    assert fresh["rows"][0]["row"] == 0


def test_errors_name_what_exists(qt: Client) -> None:
    err = _error(qt, "qt.models.rows", {"modelId": "noSuchModel"})
    assert err.name == "MODEL_NOT_FOUND"
    assert {"peopleModel", "peopleProxy"} <= {a["path"].split("/")[-1]
                                              for a in err.data["available"]}
    err = _error(qt, "qt.models.info", {"modelId": "nameEdit"})
    assert err.name == "MODEL_NOT_FOUND" and "QLineEdit" in str(err)
    err = _error(qt, "qt.models.data", {"modelId": "peopleModel", "row": 100, "column": 0})
    assert err.name == "INDEX_INVALID"
    assert (err.data["rowCount"], err.data["columnCount"]) == (100, 3)
    err = _error(qt, "qt.models.rows", {"modelId": "departmentsModel", "parent": [[0, 0], [7, 0]]})
    assert err.name == "INDEX_INVALID" and err.data["rowCount"] == 3
    assert err.data["parent"] == [[0, 0]]
    err = _error(qt, "qt.models.data", {"modelId": "peopleModel", "row": 0, "roles": ["nope"]})
    assert err.name == "INVALID_PARAMS" and "display" in err.data["available"]
    err = _error(qt, "qt.models.search", {"modelId": "peopleModel", "text": "(", "regex": True})
    assert err.name == "INVALID_PARAMS"
    err = _error(qt, "qt.models.setData", {"modelId": "peopleModel", "row": 0, "column": 1,
                                           "value": 500})
    assert err.name == "PROPERTY_SET_FAILED" and err.data["current"] == 18
    err = _error(qt, "qt.models.setData", {"modelId": "departmentsModel", "row": 0,
                                           "column": 0, "value": "x"})
    assert err.name == "PROPERTY_READ_ONLY"
    for params in ({}, {"modelId": "peopleModel", "row": "x"},
                   {"modelId": "peopleModel", "row": -1}):
        assert _error(qt, "qt.models.data", params).name == "INVALID_PARAMS"
    assert _error(qt, "qt.models.rows", {"modelId": "peopleModel", "parent": [[0]]}
                  ).name == "INVALID_PARAMS"


def test_stale_model(demo: DemoApp) -> None:
    qt = demo.client("stale")
    tree = qt.call("qt.models.list", {})["models"]
    dept = next(m["id"] for m in tree if m["objectName"] == "departmentsModel")
    treeview = qt.call("qt.models.info", {"modelId": dept})["views"][0]["id"]
    demo.command("delete treeView")
    demo.command("delete departmentsModel")
    def gone() -> str | None:
        try:
            qt.call("qt.models.info", {"modelId": dept})
        except RemoteError as exc:
            return exc.name
        return None
    assert wait_until(gone, what="departmentsModel deleted") == "OBJECT_STALE"
    assert treeview


def test_user_roles_by_name_from_role_names(extra: DemoApp) -> None:
    qt = extra.client("roles")
    info = qt.call("qt.models.info", {"modelId": "catalogView"})
    assert info["objectName"] == "catalogModel"
    assert (info["roleNames"]["sku"], info["roleNames"]["price"]) == (257, 258)
    item = qt.call("qt.models.data", {"modelId": "catalogModel", "row": 1,
                                      "roles": ["sku", "price", "display"]})
    assert item["roles"] == {"sku": "SKU-1", "price": 2.5, "display": "Lime"}
    every = qt.call("qt.models.data", {"modelId": "catalogModel", "row": 2})["roles"]
    assert (every["sku"], every["price"], every["display"]) == ("SKU-2", 3.5, "Plum")
    page = qt.call("qt.models.rows", {"modelId": "catalogView", "roles": ["display", "SKU"]})
    assert [r["cells"][0] for r in page["rows"]] == [
        {"display": "Apple", "SKU": "SKU-0"}, {"display": "Lime", "SKU": "SKU-1"},
        {"display": "Plum", "SKU": "SKU-2"}]
    assert qt.call("qt.models.search", {"modelId": "catalogModel", "text": "SKU-2",
                                        "role": "sku"})["matches"][0]["row"] == 2
    done = qt.call("qt.models.setData", {"modelId": "catalogModel", "row": 0, "role": "price",
                                         "column": 0, "value": 9.25})
    assert done["role"] == "price" and (done["previous"], done["value"]) == (1.5, 9.25)
    with pytest.raises(RemoteError) as err:
        qt.call("qt.models.data", {"modelId": "catalogModel", "row": 0, "roles": ["cost"]})
    assert err.value.name == "INVALID_PARAMS" and err.value.data["hint"]
    assert {"sku", "price"} <= set(err.value.data["available"])


def test_decoration_role_is_a_small_png_over_the_wire(extra: DemoApp) -> None:
    from PySide6.QtGui import QImage

    qt = extra.client("icons")
    for size, expected in ((None, (16, 12)), (8, (8, 6)), (64, (32, 24))):
        params = {"modelId": "catalogModel", "row": 0, "roles": ["decoration"]}
        if size is not None:
            params["iconSize"] = size
        pic = qt.call("qt.models.data", params)["roles"]["decoration"]
        assert pic["format"] == "png" and pic["type"] == "QIcon"
        raw = base64.b64decode(pic["data"])
        assert raw.startswith(b"\x89PNG\r\n\x1a\n")
        image = QImage.fromData(raw, "PNG")
        assert not image.isNull() and (image.width(), image.height()) == expected
        assert (pic["width"], pic["height"]) == expected
        assert image.pixelColor(image.width() // 2, image.height() // 2).name() == "#ff0000"
    with pytest.raises(RemoteError) as err:
        qt.call("qt.models.data", {"modelId": "catalogModel", "row": 0, "iconSize": 0})
    assert err.value.name == "INVALID_PARAMS"


def test_decoration_is_a_small_png(qapp: object) -> None:
    from PySide6.QtGui import QColor, QIcon, QPixmap

    from probe.core.data import models

    pixmap = QPixmap(64, 64)
    pixmap.fill(QColor("red"))
    value = models.json_value(QIcon(pixmap), 1)
    assert value["format"] == "png" and value["width"] == 16
    assert base64.b64decode(value["data"]).startswith(b"\x89PNG")
