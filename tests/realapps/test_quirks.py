"""The habits of real widget apps, one test each, on tests/realapps/quirks_app.py.

Everything goes through the probe over a real WebSocket; what an action did is read
back from the app's own state (its properties, its models), never from the answer.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import wait_until
from tests.support.chrome import flatten, node_of, parse, ref_of
from tests.support.realapp import RealApp


@pytest.fixture(scope="module")
def qt(quirks: RealApp) -> Client:
    return quirks.client()


def _page(qt: Client, tab: str, **params: Any) -> dict[str, Any]:
    qt.call("chr.navigate", {"url": tab})
    return qt.call("chr.readPage", params)


def _prop(qt: Client, obj: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": obj, "name": name})["value"]


def test_shadowed_methods_and_list_models_answer_every_read(qt: Client) -> None:
    """Classes hiding parent, children, window, isVisible, model, … and list models with a
    private columnCount: every read family answers, none with INTERNAL_ERROR."""
    page = _page(qt, "Shadows")
    assert ref_of(page, "Shadow button", "button")
    assert ref_of(page, "Shadow field", "textbox")  # named by its placeholder
    assert node_of(page, "two", "listitem")
    tree = qt.call("qt.objects.tree", {"objectId": "shadowPage", "depth": 3})
    assert tree["nodes"][0]["path"].endswith("shadowPage")
    assert tree["nodes"][0]["visible"] is True
    info = qt.call("qt.objects.info", {"objectId": "shadowButton"})
    assert info["parentId"] and info["geometry"]["width"] > 3  # not the shadowing 3
    models = qt.call("qt.models.list")["models"]
    columns = {m["path"].split("/")[-1]: m["columnCount"] for m in models}
    assert all(c >= 1 for c in columns.values())
    rows = qt.call("qt.models.rows", {"modelId": "shadowList"})
    assert [r["cells"][0] for r in rows["rows"]] == ["one", "two"]
    for method, params in [("chr.find", {"query": "shadow"}), ("chr.getPageText", {}),
                           ("qt.objects.query", {"className": "QWidget", "visible": True}),
                           ("qt.objects.findByClass", {"className": "QPushButton"}),
                           ("qt.ui.geometry", {"target": "shadowButton"}),
                           ("qt.layout", {"target": "shadowButton"}),
                           ("qt.layout", {"target": "shadowPage"}),
                           ("qt.style", {"target": "shadowButton"}),
                           ("qt.style", {"target": "shadowPage"}),
                           ("cu.screenshot", {})]:
        qt.call(method, params)  # raises on INTERNAL_ERROR
    clicks = _prop(qt, "quirks", "shadowClicks") or 0
    qt.call("chr.click", {"ref": ref_of(page, "Shadow button", "button")})
    assert _prop(qt, "quirks", "shadowClicks") == clicks + 1


def test_custom_model_with_parent_index_is_listed(qt: Client) -> None:
    """A model defining parent(index) (QObject.parent() hidden) and a QStringListModel."""
    info = qt.call("qt.models.info", {"modelId": "custom"})
    assert info["rowCount"] == 5 and info["columnCount"] == 1
    assert qt.call("qt.models.info", {"modelId": "strings"})["rowCount"] == 3
    qt.call("chr.navigate", {"url": "Views"})
    found = qt.call("chr.find", {"query": "gamma"})
    assert any(m["name"] == "gamma" for m in found["matches"])


def test_refilled_views_read_as_they_are_now(qt: Client) -> None:
    """Clear-and-refill (no screen reader told): readPage shows the new rows only."""
    page = _page(qt, "Views")
    refills = _prop(qt, "quirks", "refills") or 0
    qt.call("chr.click", {"ref": ref_of(page, "Refill", "button")})
    assert _prop(qt, "quirks", "refills") == refills + 1
    tag = f"refill{refills + 1}"
    text = qt.call("chr.readPage")["text"]
    for name in (f"{tag} folder 0", f"{tag} file 2.1", f"{tag} key 0", f"{tag} item 3",
                 f"{tag} model row 4"):
        assert name in text, f"{name!r} missing after the refill:\n{text}"
    assert "first folder" not in text and "first key" not in text
    found = qt.call("chr.find", {"query": f"{tag} file 1.0"})
    assert found["matches"][0]["name"] == f"{tag} file 1.0"


def test_checkable_rows_say_checked_or_unchecked(qt: Client) -> None:
    """A checkable row says ``unchecked`` when it is not checked (its role does not tell it
    is a toggle, as a check box's does); a row that is no toggle says neither."""
    page = _page(qt, "Views")
    states = {n["name"].split(" item ")[1]: n["rest"] for n in parse(page["text"])
              if n["role"] == "listitem" and " item " in n["name"]}
    assert "unchecked" in states["0"] and "checked" not in states["0"], page["text"]
    assert "checked" in states["1"] and "unchecked" not in states["1"]
    assert not {"checked", "unchecked"} & set(states["2"])


def test_form_input_checks_a_checkable_row_as_a_user_does(qt: Client) -> None:
    """chr.formInput true on an unchecked checkable row checks it (Space on the current
    row, as a user's key: the view's delegate toggles it); the model holds it after."""
    page = _page(qt, "Views")
    row = next(n for n in parse(page["text"])
               if n["role"] == "listitem" and n["name"].endswith(" item 0"))
    done = qt.call("chr.formInput", {"ref": row["ref"], "value": True})
    assert done["changed"] is True and done["checked"] is True, done
    rows = qt.call("qt.models.rows", {"modelId": "list", "limit": 1,
                                      "roles": ["checkState"]})["rows"]
    assert rows[0]["cells"][0] in (2, "Checked", "checked"), rows
    again = qt.call("chr.formInput", {"ref": row["ref"], "value": True})
    assert again["changed"] is False


def test_tree_rows_nest_one_ref_per_row_and_rows_scrolled_away_are_counted(qt: Client
                                                                           ) -> None:
    page = _page(qt, "Views")
    nodes = parse(page["text"])
    folder = next(n for n in nodes if n["role"] == "treeitem" and "folder 0" in n["name"])
    child = next(n for n in nodes if n["role"] == "treeitem" and "file 0.0" in n["name"])
    assert child["depth"] == folder["depth"] + 1  # nested under its parent
    assert 'value="0' in " ".join(child["rest"])  # the Size column is the row's value
    refs = [n["ref"] for n in nodes if n["ref"]]
    assert len(refs) == len(set(refs))  # one ref per row: no ref printed twice
    table = next(n for n in nodes if n["role"] == "table")
    more = next(w for w in table["rest"] if w.startswith("(+"))
    assert int(more[2:]) > 20  # 40 rows, a few on screen: the rest are counted
    flat = flatten(qt.call("chr.readPage", {"format": "json"})["tree"])
    leaf = next(n for n in flat if n["role"] == "treeitem" and "file 0.0" in n["name"])
    assert leaf["level"] == 2
    view = next(n for n in flat if n["role"] == "table")
    assert view["moreItems"] > 20
    # a widget the app put into a cell (setIndexWidget) is an element of the view too
    button = next(n for n in flatten(view["children"]) if n.get("name") == "Row action")
    qt.call("chr.click", {"ref": button["ref"]})
    assert _prop(qt, "quirks", "rowAction") != ""


def test_long_text_is_cut_honestly_and_read_whole_on_request(qt: Client) -> None:
    page = _page(qt, "Text")
    assert page["truncated"] and page["valuesCut"] >= 1 and "ref_id" in page["note"]
    log = next(n for n in parse(page["text"]) if n["role"] == "textbox")
    assert "(cut:" in " ".join(log["rest"])
    whole = qt.call("chr.readPage", {"ref_id": log["ref"], "format": "json",
                                     "max_chars": 100_000})
    assert whole["tree"][0]["value"].endswith("THE END OF THE LOG")
    text = qt.call("chr.getPageText", {"max_chars": 100_000})
    assert "THE END OF THE LOG" in text["text"] and "LAST WORDS" in text["text"]
    assert not text["truncated"]
    short = qt.call("chr.getPageText", {"max_chars": 1000})
    assert short["truncated"] and short["totalChars"] > 6000
    assert "max_chars" in short["note"]


def test_names_from_tool_tips_placeholders_and_adjacent_labels(qt: Client) -> None:
    page = _page(qt, "Names")
    for name in ("Delete selection", "Stage all", "Refresh", "Push to remote"):
        assert ref_of(page, name, "button")
    assert ref_of(page, "Search files", "textbox")
    assert ref_of(page, "City", "textbox")
    assert ref_of(page, "Street", "textbox")
    assert ref_of(page, "Commit message", "textbox")
    texts = [n for n in parse(page["text"]) if n["role"] == "text"]
    assert not any(n["name"] in ("City", "Street") for n in texts)  # shown as names only
    unnamed = [n for n in parse(page["text"]) if n["ref"] and not n["name"]]
    assert all(n["role"] == "tablist" for n in unnamed), unnamed
    qt.call("chr.click", {"ref": ref_of(page, "Push to remote", "button")})
    assert _prop(qt, "quirks", "lastTool") == "Push to remote"
    found = qt.call("chr.find", {"query": "city"})["matches"][0]
    assert found["name"] == "City" and found["role"] == "textbox"
    qt.call("chr.formInput", {"ref": found["ref"], "value": "Oslo"})
    assert _prop(qt, "city", "text") == "Oslo"


def test_custom_clickable_with_a_form_label_gets_a_ref(qt: Client) -> None:
    page = _page(qt, "Names")
    swatch = node_of(page, "Colour")
    assert swatch["ref"] and "clickable" in swatch["rest"]
    before = _prop(qt, "swatch", "clicks") or 0
    qt.call("chr.click", {"ref": swatch["ref"]})
    assert _prop(qt, "swatch", "clicks") == before + 1


def test_scene_items_are_clickable_and_the_view_is_listed_once(qt: Client) -> None:
    page = _page(qt, "Scene")
    nodes = parse(page["text"])
    clickable = [n for n in nodes if "clickable" in n["rest"]]
    # the view once (not its viewport too), its movable items inside it; the static one
    # (neither movable nor handling the mouse) is no element
    assert [n["name"] for n in clickable] == ["boardView", "Red token", "Blue token"]
    assert clickable[1]["depth"] == clickable[0]["depth"] + 1
    assert all(n["ref"] for n in clickable)
    qt.call("chr.click", {"ref": ref_of(page, "Blue token")})
    assert _prop(qt, "board", "clicked") == "Blue token 1"
    qt.call("chr.click", {"ref": ref_of(page, "Red token")})
    assert _prop(qt, "board", "clicked") == "Red token 1"
    with pytest.raises(RemoteError) as err:  # a scene item is no model item nor field
        qt.call("chr.formInput", {"ref": ref_of(page, "Red token"), "value": True})
    assert err.value.name == "FORM_INPUT_UNSUPPORTED", err.value.data


def test_tabbed_away_dock_is_neither_listed_nor_clickable(qt: Client) -> None:
    page = _page(qt, "Views")
    names = {n["name"] for n in parse(page["text"])}
    assert "Show history" in names and "Open file" not in names
    found = qt.call("chr.find", {"query": "Open file"})["matches"]
    hidden = next((m for m in found if m.get("name") == "Open file"), None)
    if hidden is not None:  # find may still list it; acting on it must fail
        with pytest.raises(RemoteError) as info:
            qt.call("chr.click", {"ref": hidden["ref"]})
        assert info.value.name == "ELEMENT_NOT_VISIBLE"
        assert "tab" in (info.value.hint or "")
    assert _prop(qt, "quirks", "lastDock") == ""
    qt.call("chr.click", {"ref": ref_of(page, "Show history", "button")})
    assert _prop(qt, "quirks", "lastDock") == "Show history"


def test_window_behind_a_modal_dialog_is_blocked(qt: Client) -> None:
    page = _page(qt, "Names")
    push = ref_of(page, "Push to remote", "button")
    qt.call("chr.click", {"ref": ref_of(page, "Open settings", "button")})
    tabs = wait_until(lambda: [t for t in qt.call("chr.tabsContext")["tabs"]
                               if t["title"] == "Settings"], what="the Settings dialog")
    dialog = tabs[0]["tabId"]
    try:
        with pytest.raises(RemoteError) as info:
            qt.call("chr.click", {"ref": push})
        assert info.value.name == "ELEMENT_BLOCKED"
        assert info.value.data["blockedBy"]["tabId"] == dialog
        assert dialog in (info.value.hint or "")
        main = next(t["tabId"] for t in qt.call("chr.tabsContext")["tabs"]
                    if t["title"] == "Quirks")
        blocked = qt.call("chr.readPage", {"tabId": main})
        assert blocked["blockedBy"]["tabId"] == dialog and blocked["interactive"] == 0
        assert "[ref_" not in blocked["text"]
    finally:
        box = qt.call("chr.readPage", {"tabId": dialog})
        qt.call("chr.click", {"ref": ref_of(box, "Close", "button")})
    wait_until(lambda: not [t for t in qt.call("chr.tabsContext")["tabs"]
                            if t["title"] == "Settings"], what="the dialog to close")
    qt.call("chr.click", {"ref": push})  # reachable again


def test_parentless_cpp_objects_keep_one_id(qt: Client) -> None:
    """The style, the event dispatcher and other C++-owned roots: one id per object for
    the session, alive when asked again, and the id table does not grow per tree call."""
    first = qt.call("qt.objects.tree", {"depth": 0})["nodes"]
    second = qt.call("qt.objects.tree", {"depth": 0})["nodes"]
    assert [n["id"] for n in first] == [n["id"] for n in second]
    for node in first:
        info = qt.call("qt.objects.info", {"objectId": node["id"]})
        assert info["className"] == node["className"]


def test_screenshot_of_a_widget_is_cut_from_the_window(qt: Client) -> None:
    _page(qt, "Names")
    shot = qt.call("qt.ui.screenshot", {"target": "swatch"})
    assert json.dumps(shot)  # a picture came back, and the app lives on
    assert (shot["width"], shot["height"]) == (60, 24)  # the swatch's own size


def test_a_screenshot_runs_no_code_of_widgets_nobody_sees(quirks: RealApp, qt: Client) -> None:
    """The never-shown label's resizeEvent raises (pyqtgraph's habit): a screenshot renders
    the window without delivering it, so no Python error is left set under Qt (which made
    ``QWidget.grab()`` crash pyqtgraph's parametertree example) and the app works on."""
    _page(qt, "Views")
    shot = qt.call("cu.screenshot", {})
    assert (shot["width"], shot["height"]) == (900, 700)
    assert qt.call("qt.ui.screenshot", {"target": "tree"})["width"] > 0
    assert "No Value has been set" not in quirks.output()
    assert qt.call("chr.find", {"query": "Refill"})["matches"]  # Python overrides still run
    assert quirks.alive()


# ------------------------------------------------------- a window of shadowing classes


def _tabs_titled(qt: Client, title: str) -> list[dict[str, Any]]:
    return [t for t in qt.call("chr.tabsContext")["tabs"] if t["title"] == title]


@pytest.fixture
def shadow_window(quirks: RealApp, qt: Client) -> Iterator[None]:
    """The quirks app's shadowing top-level window, open, and closed afterwards by its own
    button: through qt.* by a client that read no page (so no change report lists the
    windows), so that each test below fails on its own part only."""
    qt.call("chr.navigate", {"url": "Shadows"})
    hand = quirks.client("hand")
    hand.call("qt.ui.click", {"target": "openShadowWindow"})
    hand.call("qt.wait", {"objectId": "shadowWindow", "condition": "exists"})
    try:
        yield
    finally:
        hand.call("qt.ui.click", {"target": "closeShadowWindow"})
        hand.call("qt.wait", {"objectId": "shadowWindow", "condition": "not_exists"})
        hand.close()


@pytest.mark.usefixtures("shadow_window")
def test_a_shadowing_window_is_a_tab_read_and_clicked(qt: Client) -> None:
    """A top-level window whose class hides isVisible, isWindow, windowType, windowTitle,
    mapToGlobal, isModal …: listed as a tab with its real size, read and clicked."""
    tab = _tabs_titled(qt, "Shadow window")[0]
    assert tab["kind"] == "window" and tab["bounds"][2:] == [320, 200]
    window = qt.call("chr.readPage", {"tabId": tab["tabId"]})
    pings = _prop(qt, "quirks", "shadowPings") or 0
    qt.call("chr.click", {"ref": ref_of(window, "Shadow ping", "button")})
    assert _prop(qt, "quirks", "shadowPings") == pings + 1


@pytest.mark.usefixtures("shadow_window")
def test_a_shadowing_window_gives_handles_pictures_and_waits(qt: Client) -> None:
    """Handles (bounds through ``window``/``mapTo``), a picture (popups over it found
    through ``mapToGlobal``/``windowType``) and qt.wait (which read ``isVisible`` off the
    object, so a shadowed widget never became visible)."""
    handles = qt.call("qt.ui.handles", {"target": "shadowPing"})
    assert handles["bounds"]["window"] == "shadowWindow"
    assert handles["bounds"]["width"] > 5 and handles["bounds"]["visible"] is True
    shot = qt.call("qt.ui.screenshot", {"target": "shadowWindow"})
    assert (shot["width"], shot["height"]) == (320, 200)
    seen = qt.call("qt.wait", {"objectId": "shadowPing", "condition": "visible",
                               "timeout": 2})
    assert seen["observed"]["visible"] is True and seen["observed"]["enabled"] is True
    stable = qt.call("qt.wait", {"objectId": "shadowPing", "condition": "stable",
                                 "stableMs": 0})
    assert stable["observed"]["geometry"][2] > 5  # its real width, not the shadowing 3


@pytest.mark.usefixtures("shadow_window")
def test_a_shadowing_menu_and_action_are_navigated(qt: Client) -> None:
    """chr.navigate through a QMenu hiding ``actions``/``title`` to a QAction hiding
    ``text``/``isEnabled``/``menu``: the action triggers once."""
    before = _prop(qt, "quirks", "shadowAction") or 0
    qt.call("chr.navigate", {"url": "Shadow menu > Shadow action"})
    assert _prop(qt, "quirks", "shadowAction") == before + 1


@pytest.mark.usefixtures("shadow_window")
def test_event_monitor_follows_events_below_shadowing_parents(quirks: RealApp,
                                                              qt: Client) -> None:
    """A monitor rooted at the window sees a click on a button whose class hides
    ``parent`` (the subtree test walked up through ``cur.parent()``)."""
    watcher = quirks.client("watcher")
    batches: list[Any] = []
    watcher.on("qt.events", batches.append)
    watcher.call("qt.events.start", {"objectId": "shadowWindow",
                                     "types": ["MouseButtonPress"]})
    try:
        qt.call("qt.ui.click", {"target": "shadowPing"})
        wait_until(lambda: [e for b in batches for e in b.params["events"]
                            if e["objectName"] == "shadowPing"], what="the press event")
    finally:
        watcher.call("qt.events.stop", {})


@pytest.mark.usefixtures("shadow_window")
def test_timers_below_shadowing_parents_are_counted_and_listed(qt: Client) -> None:
    """qt.timers.measure rooted at the window counts a timer whose parents hide
    ``parent``; qt.timers.list reads every object's thread through QObject."""
    measured = qt.call("qt.timers.measure", {"seconds": 0.3, "objectId": "shadowWindow"})
    ticker = [t for t in measured["timers"] if t["objectName"] == "shadowTicker"]
    assert ticker and ticker[0]["wakeups"] > 0
    listed = qt.call("qt.timers.list", {})
    assert any(t["objectName"] == "shadowTicker" for t in listed["timers"])


def test_every_widget_answers_its_layout_and_style(qt: Client) -> None:
    """Widgets whose classes hide Qt's methods (layout, style, font, parent …): qt.layout
    and qt.style answer for each, about that widget."""
    widgets = qt.call("qt.objects.findByClass", {"className": "QWidget"})["objects"]
    assert len(widgets) > 20
    for w in widgets:
        assert qt.call("qt.layout", {"objectId": w["id"]})["target"]["id"] == w["id"]
        assert qt.call("qt.style", {"objectId": w["id"]})["target"]["id"] == w["id"]


def test_widgets_in_cells_of_views_without_a_header_are_not_named_by_it(qt: Client) -> None:
    """Qt Designer's widget box: unnamed lists in the rows of a tree whose header is
    hidden, and a spin box in a list's row. A view that shows no header gives its cell
    widgets no name from it (its default text is "1", which the window never shows); a
    read by ref says what the whole read says."""
    page = _page(qt, "Palette", format="json")
    flat = flatten(page["tree"])
    assert not [n for n in flat if n.get("name") == "1"], page
    inner = [n for n in flat if n["role"] == "list" and n.get("className") == "QListWidget"
             and any(c.get("name") == "Push" for c in n.get("children", []))]
    assert len(inner) == 1 and inner[0]["ref"]
    spin = next(n for n in flat if n["role"] == "spinbutton")
    for whole in (inner[0], spin):
        alone = qt.call("chr.readPage", {"ref_id": whole["ref"], "format": "json"})["tree"][0]
        assert alone.get("name", "") == whole.get("name", "") == ""


def test_problems_of_unnamed_controls_say_the_name_an_agent_sees(qt: Client) -> None:
    """qt.problems and readPage agree: a control with no accessible name that readPage
    names by its tool tip, placeholder or the label beside it is still a screen reader's
    problem, and the problem says the name the agent sees (cadnano2's icon-only tool
    buttons, qtawesome's filter field)."""
    page = _page(qt, "Names")
    names = {n["ref"]: n["name"] for n in parse(page["text"]) if n["ref"]}
    found = [p for p in qt.call("qt.problems", {"kinds": ["unnamed_control"]})["problems"]
             if p.get("ref") in names]
    shown = {p["ref"]: p.get("shownAs", "") for p in found}
    assert {names[r] for r in shown} >= {"Delete selection", "Stage all", "Search files",
                                         "City"}, found
    assert all(shown[r] == names[r] for r in shown), (shown, names)
    assert all(repr(names[r]) in p["message"] for p in found for r in [p["ref"]] if names[r])


def _cells(qt: Client, view: str, column: int) -> list[Any]:
    rows = qt.call("qt.models.rows", {"modelId": view, "limit": 50})["rows"]
    return [r["cells"][column] for r in rows]


def test_form_input_edits_a_cell_through_its_views_editor(qt: Client) -> None:
    """An editable model item (a QTableWidget cell, a property editor's Value column) is a
    field: chr.formInput opens its delegate's editor, sets it and commits it with Return,
    and the model holds the value (read from the model). An item's own name (a list
    entry) is not renamed, and a view the app made read-only (NoEditTriggers) is not
    edited."""
    page = _page(qt, "Views")
    cell = next(n for n in parse(page["text"]) if n["role"] == "cell"
                and n["name"].endswith(" value 3"))
    out = qt.call("chr.formInput", {"ref": cell["ref"], "value": "edited by an agent"})
    assert _cells(qt, "table", 1)[3] == "edited by an agent"
    assert out["value"] == "edited by an agent" and out["changed"] is True, out
    assert out["previous"]["value"] == cell["name"]
    # an item's own name is no field: renaming is not a form input (a file dialog's
    # rows are files: a monkey's formInput 3 renamed a folder to "3")
    entry = node_of(page, "beta", "listitem")  # a QStringListModel: editable rows
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": entry["ref"], "value": 3})
    assert err.value.name == "FORM_INPUT_UNSUPPORTED"
    assert _cells(qt, "strings", 0) == ["alpha", "beta", "gamma"]
    page = _page(qt, "Palette")
    row = node_of(page, "width", "treeitem")
    out = qt.call("chr.formInput", {"ref": row["ref"], "value": "800"})
    assert _cells(qt, "properties", 1) == ["Untitled", "800", "True"] and out["value"] == "800"
    # Designer's bool: a composite editor (a "..." button, then a check box), model text
    out = qt.call("chr.formInput", {"ref": node_of(page, "visible", "treeitem")["ref"],
                                    "value": False})
    assert _cells(qt, "properties", 1)[2] == "False" and out["value"] == "False"
    locked = node_of(page, "first row", "listitem")
    with pytest.raises(RemoteError) as err:
        qt.call("chr.formInput", {"ref": locked["ref"], "value": "changed"})
    assert err.value.name == "FORM_INPUT_UNSUPPORTED"
    assert _cells(qt, "paletteRows", 0)[0] == "first row"


def test_an_item_read_by_its_ref_is_what_the_whole_read_shows(qt: Client) -> None:
    """Qt Designer's property editor: `treeitem "objectName" value="MainWindow"` in the
    whole read was `treeitem "objectName"` read by its ref (no value, no check state,
    no expanded state). Every model item of the views page, read by its ref, is the line
    the whole read shows."""
    for tab in ("Views", "Palette"):
        page = _page(qt, tab)
        lines = {n["ref"]: line.strip() for n, line in
                 zip(parse(page["text"]), page["text"].splitlines(), strict=False)
                 if n["ref"] and n["role"] in ("treeitem", "listitem", "cell")}
        assert len(lines) > 5
        for ref, line in lines.items():
            alone = qt.call("chr.readPage", {"ref_id": ref})["text"].splitlines()[0]
            assert alone.strip() == line, (ref, alone, line)


@pytest.mark.usefixtures("shadow_window")
def test_navigate_takes_the_windows_own_menu_bar_first(qt: Client) -> None:
    """Qt Designer: chr.navigate "File > Save As..." answered "no 'File' in the menu bar":
    it took the first QMenuBar among the window's children, the one of the form under
    edit (a QMainWindow inside the window). The window's own bar comes first; a menu of
    the inner one is still reached by its path."""
    tab = next(t["tabId"] for t in qt.call("chr.tabsContext")["tabs"]
               if t["title"] == "Shadow window")
    before = _prop(qt, "quirks", "shadowAction") or 0
    qt.call("chr.navigate", {"url": "Shadow menu > Shadow action", "tabId": tab})
    assert _prop(qt, "quirks", "shadowAction") == before + 1
    qt.call("chr.navigate", {"url": "Form menu > Form action", "tabId": tab})
    assert _prop(qt, "quirks", "formAction") == 1


def test_an_empty_unnamed_list_is_on_the_page(qt: Client) -> None:
    """todo-snake's Settings: an empty accounts list with no label was left out of
    readPage, a control the agent may have to fill (through an Add button) unseen. It is
    read as a list, with a ref, and its ref reads it as the whole read does."""
    page = _page(qt, "Palette", format="json")
    empty = [n for n in flatten(page["tree"]) if n["role"] == "list" and not n.get("children")
             and n.get("className") == "QListWidget"]
    assert len(empty) == 1 and empty[0]["ref"], page
    alone = qt.call("chr.readPage", {"ref_id": empty[0]["ref"], "format": "json"})["tree"][0]
    assert alone["role"] == "list" and alone.get("id") == empty[0].get("id")


def test_page_text_leaves_out_names_no_window_shows(qt: Client) -> None:
    """drawsvg-ui's rulers: getPageText listed "RulerWidget", the class name readPage
    gives a nameless custom clickable, a text the window never shows. readPage keeps it
    (an agent clicks it by ref); the page text does not."""
    page = _page(qt, "Palette")
    assert ref_of(page, "RulerWidget", "generic")
    assert "RulerWidget" not in qt.call("chr.getPageText")["text"].splitlines()
    assert "first row" in qt.call("chr.getPageText")["text"]  # the rest of the page is there


def test_a_scene_item_is_named_by_the_title_it_draws(qt: Client) -> None:
    """pyqtgraph's Flowchart: its nodes read as generic "NodeGraphicsItem" (their class)
    while each draws its title in a child text item. A clickable scene item with no text
    of its own is named by the text of a text item inside it; one with none keeps its
    class, which the page text leaves out (no window shows it)."""
    page = _page(qt, "Palette")
    start = ref_of(page, "Start", "generic")
    assert ref_of(page, "DiagramNode", "generic")
    qt.call("chr.click", {"ref": start})
    assert _prop(qt, "diagram", "pressed") == "Start;"
    text = qt.call("chr.getPageText")["text"].splitlines()
    assert "Start" in text and "DiagramNode" not in text
