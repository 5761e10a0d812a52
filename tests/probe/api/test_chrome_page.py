"""chr.readPage, chr.find, chr.getPageText and chr.tabsContext against the real demo app."""

from __future__ import annotations

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.chrome import flatten, node_of, parse, read, ref_of, show_tab

FORM_CONTROLS = [
    ("textbox", "Name"), ("textbox", "Email"), ("spinbutton", "Age"),
    ("spinbutton", "Height"), ("combobox", "Country"),
    ("checkbox", "Subscribe to the newsletter"), ("checkbox", "I accept the terms and conditions"),
    ("radio", "Basic"), ("radio", "Pro"), ("radio", "Enterprise"), ("slider", "Volume"),
    ("textbox", "Notes"), ("button", "Reset"), ("button", "Submit"),
]


@pytest.fixture(autouse=True)
def form_tab(qt: Client) -> None:
    show_tab(qt, "Form")


def test_read_page_lists_every_form_control_with_role_name_and_ref(qt: Client) -> None:
    page = read(qt)
    nodes = parse(page["text"])
    found = {(n["role"], n["name"]): n for n in nodes}
    for role, name in FORM_CONTROLS:
        assert (role, name) in found, f"{role} {name!r} missing:\n{page['text']}"
        assert found[(role, name)]["ref"], f"{role} {name!r} has no ref"
    # the window's own line is left out: the answer's window field names it, and the
    # window's content starts at the left margin
    assert page["window"]["title"] == "qtmcp demo"
    assert not any(n["role"] == "window" for n in nodes)
    assert nodes[0]["role"] == "menubar" and nodes[0]["depth"] == 0
    assert page["viewport"] == {"width": 1000, "height": 700}
    refs = [n["ref"] for n in nodes if n["ref"]]
    assert refs[0] == "ref_1" and len(refs) == len(set(refs))
    # hidden things are not there: other tab pages, closed menus, the combo's popup
    names = {n["name"].removesuffix("…") for n in nodes}  # Qt < 6.11: "Open…" (chrome_support)
    assert "Clear dots" not in names and "Open" in names  # toolbar button, not the menu entry
    assert not any(n["role"] == "list" for n in nodes)


def test_read_page_states_and_values(qt: Client) -> None:
    page = read(qt)
    assert "checked" in node_of(page, "Basic", "radio")["rest"]
    assert "checked" not in node_of(page, "Pro", "radio")["rest"]
    assert "value=30" in node_of(page, "Age", "spinbutton")["rest"]
    assert 'value="France"' in node_of(page, "Country", "combobox")["rest"]
    assert "multiline" in node_of(page, "Notes", "textbox")["rest"]
    assert "selected" in node_of(page, "Form", "tab")["rest"]
    assert node_of(page, "Plan", "group")["depth"] < node_of(page, "Pro", "radio")["depth"]


def test_read_page_json_has_qt_extras(qt: Client) -> None:
    page = read(qt, format="json")
    nodes = []

    def walk(n: dict) -> None:
        nodes.append(n)
        for c in n.get("children", []):
            walk(c)

    for root in page["tree"]:
        walk(root)
    name = next(n for n in nodes if n.get("name") == "Name")
    assert name["role"] == "textbox" and name["objectName"] == "nameEdit"
    assert name["className"] == "QLineEdit" and name["id"].startswith("#")
    assert len(name["bounds"]) == 4 and name["bounds"][2] > 0
    basic = next(n for n in nodes if n.get("name") == "Basic")
    assert basic["states"] == ["checked"]
    # the #N id is the session's native id: the native API accepts it
    info = qt.call("qt.objects.info", {"objectId": name["id"]})
    assert info["objectName"] == "nameEdit"


def test_interactive_filter_drops_text(qt: Client) -> None:
    full = parse(read(qt)["text"])
    inter = parse(read(qt, filter="interactive")["text"])
    assert any(n["role"] == "text" for n in full)
    assert not any(n["role"] == "text" for n in inter)
    assert {n["name"] for n in inter if n["ref"] and n["role"] == "button"} >= {"Submit", "Reset"}


def test_depth_cuts_and_says_how_much(qt: Client) -> None:
    nodes = parse(read(qt, depth=1)["text"])
    assert max(n["depth"] for n in nodes) == 0  # the window's children (its line left out)
    assert any(any(t.startswith("(+") for t in n["rest"]) for n in nodes)


def test_max_chars_truncates_cleanly_with_a_note(qt: Client) -> None:
    page = read(qt, max_chars=300)
    assert page["truncated"] is True and len(page["text"]) <= 300
    assert "ref_id" in page["note"]
    parse(page["text"])  # whole lines only
    page = read(qt, max_chars=800, format="json")
    assert page["truncated"] is True and page["tree"]


def test_ref_id_reads_a_subtree_and_keeps_refs(qt: Client) -> None:
    page = read(qt)
    group = ref_of(page, "Plan", "group")
    pro = ref_of(page, "Pro", "radio")
    sub = read(qt, ref_id=group)
    names = [n["name"] for n in parse(sub["text"])]
    assert names == ["Plan", "Basic", "Pro", "Enterprise"]
    assert ref_of(sub, "Pro", "radio") == pro  # same element, same ref


def test_find_scores_exact_first_and_refs_click(qt: Client) -> None:
    result = qt.call("chr.find", {"query": "submit"})
    first = result["matches"][0]
    assert first["name"] == "Submit" and first["role"] == "button" and first["ref"]
    by_object = qt.call("chr.find", {"query": "emailEdit"})["matches"][0]
    assert by_object["name"] == "Email" and by_object["matched"] == "objectName"
    words = qt.call("chr.find", {"query": "pro radio"})["matches"][0]
    assert words["name"] == "Pro"
    # a find ref works with chr.click: check the radio by clicking it
    qt.call("chr.click", {"ref": words["ref"]})
    assert "checked" in node_of(read(qt), "Pro", "radio")["rest"]
    qt.call("chr.formInput", {"ref": ref_of(read(qt), "Basic", "radio"), "value": True})


def test_find_reports_overflow_and_nothing(qt: Client) -> None:
    many = qt.call("chr.find", {"query": "e"})
    assert len(many["matches"]) == 20 and many["total"] > 20 and "specific" in many["note"]
    none = qt.call("chr.find", {"query": "zzzz-nothing"})
    assert none["matches"] == [] and none["total"] == 0 and "readPage" in none["note"]


def test_page_text_in_reading_order(qt: Client) -> None:
    text = qt.call("chr.getPageText", {})["text"]
    lines = text.splitlines()
    assert lines[0] == "qtmcp demo"
    assert lines.index("Name:") if "Name:" in lines else True
    order = [next(i for i, line in enumerate(lines) if line.startswith(p))
             for p in ("Age", "Country", "Plan", "Volume", "Submit")]
    assert order == sorted(order), text
    short = qt.call("chr.getPageText", {"max_chars": 100})
    assert short["truncated"] and len(short["text"]) <= 100


def test_tabs_context_lists_windows_and_dialog(qt: Client) -> None:
    ctx = qt.call("chr.tabsContext", {})
    main = next(t for t in ctx["tabs"] if t["objectName"] == "mainWindow")
    assert main["title"] == "qtmcp demo" and main["kind"] == "window"
    qt.call("chr.navigate", {"url": "Help > About"})
    ctx = qt.call("chr.tabsContext", {})
    about = next(t for t in ctx["tabs"] if t["objectName"] == "aboutDialog")
    assert about["kind"] == "dialog" and about["title"] == "About qtmcp demo"
    assert sum(t["active"] for t in ctx["tabs"]) == 1
    dialog_page = read(qt, tabId=about["tabId"])
    assert parse(dialog_page["text"])[0]["role"] == "dialog"
    qt.call("chr.click", {"ref": ref_of(dialog_page, "OK", "button")})
    ctx = qt.call("chr.tabsContext", {})
    assert not any(t["objectName"] == "aboutDialog" for t in ctx["tabs"])


def test_bad_params_name_what_exists(qt: Client) -> None:
    with pytest.raises(RemoteError) as err:
        qt.call("chr.readPage", {"filter": "buttons"})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.readPage", {"depth": 0})
    assert err.value.name == "INVALID_PARAMS"
    with pytest.raises(RemoteError) as err:
        qt.call("chr.readPage", {"tabId": "noSuchWindow"})
    assert err.value.name == "WINDOW_NOT_FOUND"
    assert any(t["objectName"] == "mainWindow" for t in err.value.data["available"])
    with pytest.raises(RemoteError) as err:
        qt.call("chr.find", {})
    assert err.value.name == "INVALID_PARAMS"


def test_unknown_and_stale_refs_are_refused(qt: Client) -> None:
    page = read(qt)
    submit = ref_of(page, "Submit", "button")
    with pytest.raises(RemoteError) as err:
        qt.call("chr.click", {"ref": "ref_9999"})
    assert err.value.name == "REF_NOT_FOUND" and "chr.readPage" in err.value.hint
    with pytest.raises(RemoteError) as err:
        qt.call("chr.click", {"ref": "submit"})
    assert err.value.name == "REF_NOT_FOUND"
    # a new read restarts the numbering: an old ref past the new count is gone
    show_tab(qt, "Canvas")
    small = parse(read(qt)["text"])
    if int(submit.split("_")[1]) > sum(1 for n in small if n["ref"]):
        with pytest.raises(RemoteError) as err:
            qt.call("chr.click", {"ref": submit})
        assert err.value.name == "REF_NOT_FOUND"


def test_ref_of_deleted_element_is_refused(fresh_demo) -> None:  # type: ignore[no-untyped-def]
    qt = fresh_demo.client()
    page = read(qt)
    reset = ref_of(page, "Reset", "button")
    fresh_demo.command("delete resetButton")
    with pytest.raises(RemoteError) as err:
        qt.call("chr.click", {"ref": reset})
    assert err.value.name == "REF_NOT_FOUND" and "chr.readPage" in err.value.hint
    assert "Reset" not in {n["name"] for n in parse(read(qt)["text"])}


def test_role_table_covers_every_qt_role() -> None:
    from PySide6.QtGui import QAccessible

    from probe.core.a11y.roles import INTERACTIVE, ROLE_NAMES, SEMANTIC

    missing = [r.name for r in QAccessible.Role if r not in ROLE_NAMES]
    assert not missing, missing
    assert ROLE_NAMES[QAccessible.Role.NoRole] == "generic"
    assert {"button", "checkbox", "textbox", "combobox", "tab"} <= INTERACTIVE
    assert {"dialog", "group", "tabpanel", "table"} <= SEMANTIC


def test_the_outline_previews_a_value_in_its_first_100_characters(qt: Client) -> None:
    """A whole window's text outline shows a value's first OUTLINE_VALUE characters and
    its full length, as a cut; the JSON tree and a read of its ref keep it whole."""
    long = "".join(f"{i:03d} " for i in range(30))  # 120 characters, under VALUE_LIMIT
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": long})
    try:
        page = read(qt)
        line = node_of(page, "Name", "textbox")
        shown = " ".join(line["rest"])
        assert f'value="{long[:99]}…"' in shown and "(cut: 120 chars)" in shown, shown
        assert page["truncated"] and page["valuesCut"] == 1 and line["ref"] in page["note"]
        nodes = flatten(read(qt, format="json")["tree"])
        name = next(n for n in nodes if n.get("role") == "textbox" and n.get("name") == "Name")
        assert name["value"] == long and "cut" not in name, name
        whole = read(qt, ref_id=line["ref"])["text"]
        assert f'value="{long}"' in whole and "cut:" not in whole, whole
    finally:
        qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": ""})


def test_a_long_value_is_cut_and_marked_with_its_full_length(qt: Client) -> None:
    """A whole window's value longer than VALUE_LIMIT is cut; ``cut`` says its full
    length (an integer, as declared: a random run on pyzo got one the wire called text)."""
    long = "x" * 300
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": long})
    try:
        nodes = flatten(read(qt, format="json")["tree"])
        name = next(n for n in nodes if n.get("role") == "textbox" and n.get("name") == "Name")
        assert name["cut"] == 300 and len(name["value"]) < 300, name
        found = qt.call("chr.find", {"query": "Name"})["matches"]  # checked against Match
        assert any(m.get("cut") == 300 for m in found), found
    finally:
        qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": ""})
