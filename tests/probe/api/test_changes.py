"""The change report: what each chr.* action changed on the page since the agent read it.

Every test drives the real demo app over a real WebSocket and checks the report against
what the app itself shows afterwards (its properties, its windows).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.chrome import read, ref_in, ref_of, show_tab


@pytest.fixture
def agent(agent: Client) -> Client:
    """The agent (a session of its own: refs and what it last saw are per session) on a
    clean form."""
    show_tab(agent, "Form")
    agent.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    agent.call("qt.ui.key", {"keys": "Escape"})  # no popup or dialog left open
    return agent


def _prop(qt: Client, name: str, prop: str = "text") -> object:
    return qt.call("qt.properties.get", {"objectId": name, "name": prop})["value"]


def test_value_and_label_changes_are_lines_with_refs(agent: Client) -> None:
    page = read(agent)
    name = ref_of(page, "Name", "textbox")
    out = agent.call("chr.formInput", {"ref": name, "value": "Ada"})
    assert out["changes"] == f'~ textbox "Name" [{name}]: value "" -> "Ada"'
    terms = ref_of(page, "I accept the terms and conditions", "checkbox")
    out = agent.call("chr.formInput", {"ref": terms, "value": True})
    assert out["changes"] == f'~ checkbox "I accept the terms and conditions" [{terms}]: +checked'
    out = agent.call("chr.click", {"ref": ref_of(page, "Submit", "button")})
    assert '~ text "Form reset" -> "Submitted: Ada"' in out["changes"].splitlines()
    assert _prop(agent, "statusLabel") == "Submitted: Ada"
    assert len(out["changes"]) < 1500


def test_a_report_reads_only_around_what_changed(agent: Client) -> None:
    """#41: after a read, an action's report reads again only the elements around the
    widgets it changed (the suites' QTMCP_CHANGES_CHECK compares it with a whole read);
    a window the agent never read is read whole."""
    page = read(agent)
    name = ref_of(page, "Name", "textbox")
    out = agent.call_envelope("chr.formInput", {"ref": name, "value": "Cy"})
    assert out["result"]["changes"] == f'~ textbox "Name" [{name}]: value "" -> "Cy"'
    assert out["meta"]["changesRead"] == "part"
    terms = ref_of(page, "I accept the terms and conditions", "checkbox")
    out = agent.call_envelope("chr.click", {"ref": terms})
    assert out["result"]["changes"].splitlines()[0] == \
        f'~ checkbox "I accept the terms and conditions" [{terms}]: +checked'
    assert out["meta"]["changesRead"] == "part"  # the focus moved there too: both read
    # a message that appears moves the form (everything is painted again): read whole
    out = agent.call_envelope("chr.click", {"ref": ref_of(page, "Submit", "button")})
    assert '~ text "Form reset" -> "Submitted: Cy"' in out["result"]["changes"].splitlines()
    assert out["meta"]["changesRead"] in ("part", "whole")


def test_nothing_changed_says_so_and_the_report_can_be_turned_off(agent: Client) -> None:
    page = read(agent)
    name = ref_of(page, "Name", "textbox")
    assert agent.call("chr.formInput", {"ref": name, "value": ""})["changes"] == \
        "no visible change"
    out = agent.call("chr.formInput", {"ref": name, "value": "Bo", "report_changes": False})
    assert "changes" not in out and _prop(agent, "nameEdit") == "Bo"
    # the change not reported is still news for the next report (it was not seen)
    out = agent.call("chr.formInput", {"ref": name, "value": "Bob"})
    assert out["changes"] == f'~ textbox "Name" [{name}]: value "" -> "Bob"'


def test_a_dialog_that_opens_is_listed_with_the_refs_to_act_on(agent: Client) -> None:
    page = read(agent)
    out = agent.call("chr.click", {"ref": ref_of(page, "About", "button")})
    lines = out["changes"].splitlines()
    tab_id = agent.call("chr.tabsContext")["activeTabId"]
    assert lines[0] == f'+ dialog "About qtmcp demo" [tabId {tab_id}]'
    ok = ref_in(out["changes"], 'button "OK"')
    closed = agent.call("chr.click", {"ref": ok})
    assert f'- dialog "About qtmcp demo" [tabId {tab_id}]' in closed["changes"].splitlines()
    assert all(t["title"] != "About qtmcp demo" for t in agent.call("chr.tabsContext")["tabs"])


def test_a_menu_popup_is_listed_and_its_entries_can_be_clicked(agent: Client) -> None:
    page = read(agent)
    name = ref_of(page, "Name", "textbox")
    agent.call("chr.formInput", {"ref": name, "value": "Zed"})
    edit = ref_of(page, "Edit", "menuitem")
    out = agent.call("chr.click", {"ref": edit})
    assert re.search(r'^\+ menu "Edit" \[tabId #\d+\] popup$', out["changes"], re.M), \
        out["changes"]
    done = agent.call("chr.click", {"ref": ref_in(out["changes"], 'menuitem "Clear form"')})
    assert f'~ textbox "Name" [{name}]: value "Zed" -> ""' in done["changes"].splitlines()
    assert _prop(agent, "nameEdit") == ""
    if "- menu" not in done["changes"]:  # an entry pressed through its action leaves it open
        closed = agent.call("chr.click", {"ref": edit})
        assert re.search(r'^- menu "Edit" \[tabId #\d+\] popup$', closed["changes"], re.M)


def test_a_big_change_is_cut_at_forty_lines_and_counted(agent: Client) -> None:
    page = read(agent)
    out = agent.call("chr.click", {"ref": ref_of(page, "Data", "tab")})
    lines = out["changes"].splitlines()
    assert len(lines) <= 41, len(lines)
    assert re.match(r'- tabpanel "Form" \(and \d+ inside\)', lines[0]), lines[0]
    assert any(re.match(r'\+ tabpanel "Data" \[ref_\d+\]', line) for line in lines)
    assert any("more new elements inside" in line or "more lines not shown" in line
               for line in lines), lines
    assert _prop(agent, "tabs", "currentIndex") == 1


def test_an_action_before_any_read_reports_against_the_page_as_it_was(demo: DemoApp) -> None:
    with demo.client(name="finder", role="agent") as agent:
        show_tab(agent, "Form")
        found = agent.call("chr.find", {"query": "Email"})["matches"][0]
        out = agent.call("chr.formInput", {"ref": found["ref"], "value": "a@b.c"})
        assert out["changes"] == f'~ textbox "Email" [{found["ref"]}]: value "" -> "a@b.c"'


def test_computer_reports_once_and_a_screenshot_not_at_all(agent: Client) -> None:
    page = read(agent)
    out = agent.call("chr.computer", {"action": "left_click", "ref": ref_of(page, "Submit")})
    assert '~ text "Form reset" -> "Name is required. You must accept the terms."' not in \
        out["changes"]  # the error shows in its own label, the status stays
    assert '+ text "Name is required. You must accept the terms."' in out["changes"]
    shot = agent.call("chr.computer", {"action": "screenshot"})
    assert "changes" not in shot and shot["format"] == "png"


def test_fill_form_sets_every_field_in_one_call(agent: Client) -> None:
    page = read(agent)
    fields = [{"ref": ref_of(page, "Name", "textbox"), "value": "Ada"},
              {"ref": ref_of(page, "Age", "spinbutton"), "value": 36},
              {"ref": ref_of(page, "Country", "combobox"), "value": "Japan"},
              {"ref": ref_of(page, "I accept the terms and conditions", "checkbox"),
               "value": True}]
    out = agent.call("chr.fillForm", {"fields": fields})
    assert out["filled"] == 4 and len(out["changes"].splitlines()) == 4
    assert 'value 30 -> 36' in out["changes"] and 'value "France" -> "Japan"' in out["changes"]
    assert (_prop(agent, "nameEdit"), _prop(agent, "ageSpin", "value"),
            _prop(agent, "countryCombo", "currentText"), _prop(agent, "termsCheck", "checked")
            ) == ("Ada", 36, "Japan", True)


def test_fill_form_stops_at_the_first_bad_field_and_names_it(agent: Client) -> None:
    page = read(agent)
    name, age = ref_of(page, "Name", "textbox"), ref_of(page, "Age", "spinbutton")
    with pytest.raises(RemoteError) as err:
        agent.call("chr.fillForm", {"fields": [{"ref": name, "value": "Bo"},
                                               {"ref": age, "value": 999},
                                               {"ref": name, "value": "never"}]})
    e = err.value
    assert e.name == "FORM_INPUT_INVALID" and e.message.startswith(f"field 2 of 3 ({age}):")
    assert e.data["field"] == {"index": 1, "ref": age, "value": 999}
    assert e.data["filled"] == [name] and e.hint
    assert e.data["changes"] == f'~ textbox "Name" [{name}]: value "" -> "Bo"'
    assert _prop(agent, "nameEdit") == "Bo" and _prop(agent, "ageSpin", "value") == 30
    with pytest.raises(RemoteError) as err:
        agent.call("chr.fillForm", {"fields": [{"ref": name}]})
    assert err.value.name == "INVALID_PARAMS" and "'fields[0]' needs 'value'" in err.value.message
    with pytest.raises(RemoteError) as err:
        agent.call("chr.fillForm", {"fields": []})
    assert err.value.name == "INVALID_PARAMS"
    assert agent.call("qt.ping")["pong"] is True


def test_batch_runs_actions_in_order_with_one_report(agent: Client) -> None:
    page = read(agent)
    out = agent.call("chr.batch", {"actions": [
        {"action": "form_input", "ref": ref_of(page, "Name", "textbox"), "value": "Cy"},
        {"action": "left_click", "ref": ref_of(page, "I accept the terms and conditions")},
        {"action": "left_click", "ref": ref_of(page, "Submit", "button")}]})
    assert out["done"] == 3 and [s["action"] for s in out["steps"]] == \
        ["form_input", "left_click", "left_click"]
    assert '~ text "Form reset" -> "Submitted: Cy"' in out["changes"]
    assert _prop(agent, "statusLabel") == "Submitted: Cy"


def test_batch_stops_at_the_first_failing_step(agent: Client) -> None:
    page = read(agent)
    name = ref_of(page, "Name", "textbox")
    with pytest.raises(RemoteError) as err:
        agent.call("chr.batch", {"actions": [
            {"action": "form_input", "ref": name, "value": "Di"},
            {"action": "left_click", "ref": "ref_99999"},
            {"action": "form_input", "ref": name, "value": "never"}]})
    e = err.value
    assert e.name == "REF_NOT_FOUND" and e.message.startswith("step 2 of 3 (left_click):")
    assert e.data["step"] == {"index": 1, "action": "left_click"} and e.data["done"] == 1
    assert e.data["changes"] == f'~ textbox "Name" [{name}]: value "" -> "Di"'
    assert _prop(agent, "nameEdit") == "Di"
    with pytest.raises(RemoteError) as err:
        agent.call("chr.batch", {"actions": [{"action": "fly"}]})
    assert err.value.name == "INVALID_PARAMS" and "must be one of" in err.value.message
    with pytest.raises(RemoteError) as err:  # a step's own arguments are checked by its tool
        agent.call("chr.batch", {"actions": [{"action": "left_click"}]})
    assert err.value.name == "INVALID_PARAMS" and "step 1 of 1" in err.value.message


def test_batch_steps_take_either_spelling_of_a_parameter(agent: Client) -> None:
    tab = agent.call("chr.tabsContext")["activeTabId"]
    out = agent.call("chr.batch", {"actions": [
        {"action": "navigate", "url": "Data", "tab_id": tab},
        {"action": "navigate", "url": "Form", "tabId": tab}]})
    assert out["done"] == 2 and _prop(agent, "tabs", "currentIndex") == 0


def test_wait_for_text_to_show_and_to_go(agent: Client, demo: DemoApp) -> None:
    read(agent)
    demo.command("animate 25")
    try:
        out = agent.call("chr.waitFor", {"text": "FRAME 1", "timeout": 10})
        assert out["ok"] and re.search(r"frame 1\d*", out["text"][0])
        assert re.search(r'~ text "Form reset" -> "frame \d+"', out["changes"]), out["changes"]
        with pytest.raises(RemoteError) as err:
            agent.call("chr.waitFor", {"text_gone": "frame", "timeout": 0.3})
        assert err.value.name == "TIMEOUT" and err.value.data["lastObserved"]["text_gone"]
    finally:
        demo.command("animate 0")
    agent.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    out = agent.call("chr.waitFor", {"text_gone": "frame", "timeout": 5})
    assert out["ok"] and out["text_gone"] == []
    assert re.search(r'~ text "frame \d+" -> "Form reset"', out["changes"]), out["changes"]
    with pytest.raises(RemoteError) as err:
        agent.call("chr.waitFor", {})
    assert err.value.name == "INVALID_PARAMS" and "text_gone" in err.value.message


def test_a_known_window_that_changes_elsewhere_is_counted(agent: Client) -> None:
    page = read(agent)
    about = agent.call("chr.click", {"ref": ref_of(page, "About", "button")})
    dialog = re.search(r"tabId (#\d+)", about["changes"]).group(1)
    main = next(t for t in agent.call("chr.tabsContext")["tabs"] if t["tabId"] != dialog)
    # the main window changes while the agent looks at the dialog
    agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text",
                                     "value": "Elsewhere"})
    out = agent.call("chr.waitFor", {"text": "About qtmcp", "tabId": dialog})
    assert f'~ window "qtmcp demo" [tabId {main["tabId"]}]: 1 change not listed' in \
        out["changes"], out["changes"]
    agent.call("chr.click", {"ref": ref_in(about["changes"], 'button "OK"')})
    wait_until(lambda: len(agent.call("chr.tabsContext")["tabs"]) == 1, what="the dialog to close")


def test_an_opened_list_is_listed_once(agent: Client) -> None:
    """A combo box's list is in its window's tree and is a popup of its own: the report
    lists its entries once, under the popup."""
    page = read(agent)
    out = agent.call("chr.click", {"ref": ref_of(page, "Country", "combobox")})
    lines = out["changes"].splitlines()
    assert sum('"Germany"' in line for line in lines) == 1, out["changes"]
    assert any(line.startswith("+ popup") for line in lines)
    closed = agent.call("chr.key", {"text": "Escape"})["changes"]
    assert "listbox" not in closed and '"Germany"' not in closed, closed


def test_a_filter_is_one_line_of_news_not_one_per_row(agent: Client) -> None:
    """Typing a filter hides most rows of the table: the report shows a few and counts the
    rest with what they have in common."""
    show_tab(agent, "Data")
    page = read(agent)
    out = agent.call("chr.formInput", {"ref": ref_of(page, "Filter people", "textbox"),
                                       "value": "zzz-nobody"})
    lines = out["changes"].splitlines()
    assert any(re.match(r"\s*… \d+ more \w+ gone like these", line) for line in lines), \
        out["changes"]
    assert len(lines) < 15, out["changes"]
    agent.call("chr.formInput", {"ref": ref_of(read(agent), "Filter people", "textbox"),
                                 "value": ""})
    show_tab(agent, "Form")


def _change_while_away(agent: Client) -> tuple[dict[str, object], str]:
    """The agent reads the form; the app changes a field (another client, as a timer or a
    colleague would); then the agent ticks a box. Its report, and the box's ref."""
    show_tab(agent, "Form")
    page = read(agent)
    terms = ref_of(page, "I accept the terms and conditions", "checkbox")
    other = agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text",
                                             "value": "Meanwhile"})
    assert other["value"] == "Meanwhile"
    return agent.call("chr.formInput", {"ref": terms, "value": True}), terms


def test_a_recent_read_is_the_baseline_so_a_change_meanwhile_is_listed(agent: Client
                                                                        ) -> None:
    """Within ``baseline_seconds`` (60 s here), what the agent was last told is the
    baseline: the field changed meanwhile is news, listed with the action's change."""
    out, terms = _change_while_away(agent)
    lines = out["changes"].splitlines()
    assert any(line.startswith('~ textbox "Name"') and '-> "Meanwhile"' in line
               for line in lines), out["changes"]
    assert f'~ checkbox "I accept the terms and conditions" [{terms}]: +checked' in lines
    assert "since you last saw it" not in out["changes"]


@pytest.fixture(scope="module")
def forgetful() -> Iterator[DemoApp]:
    """A demo app whose change reports take any baseline as old (``baseline_seconds`` 0)."""
    app = start_demo(env={"QTMCP_BASELINE_SECONDS": "0"})
    yield app
    app.stop()


def test_an_old_baseline_counts_what_changed_before_the_action(forgetful: DemoApp) -> None:
    """Past ``baseline_seconds`` the report lists what the action did; what changed while
    the agent was away is one counted line, never listed as if the action did it."""
    agent = forgetful.client("agent", role="agent")
    out, terms = _change_while_away(agent)
    lines = out["changes"].splitlines()
    assert len(lines) == 2, lines
    assert re.fullmatch(
        rf'\* window "qtmcp demo" \[tabId {_main_tab(agent)}\]: 1 change since you last '
        r"saw it \(\d+\.\d s ago\), before this action; not listed \(read that window\)",
        lines[0]), lines
    assert lines[1] == f'~ checkbox "I accept the terms and conditions" [{terms}]: +checked'
    assert agent.call("qt.properties.get", {"objectId": "termsCheck", "name": "checked"}
                      )["value"] is True
    # the report was the agent's last word on the window: nothing changed since
    again = agent.call("chr.formInput", {"ref": terms, "value": False})["changes"]
    assert again == f'~ checkbox "I accept the terms and conditions" [{terms}]: -checked'


def _main_tab(agent: Client) -> str:
    (tab,) = agent.call("chr.tabsContext")["tabs"]
    return str(tab["tabId"])
