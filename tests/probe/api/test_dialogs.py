"""Popups, context menus, modal and file dialogs, driven only by refs (resources/dialogs_app).

Every kind of nested event loop a real app runs (``QMenu.exec``, ``QMessageBox.question``,
``QFileDialog.getOpenFileName``, ``QInputDialog.getText``, ``QDialog.exec``) and every kind
of popup (context menus, a menu bar's nested menus, a combo box's list, a completer): the
action that opens one returns with it named in ``modal``, the popup or dialog is read and
answered by ref, and the app's own record (its status label and history) shows that its
code after each ``exec()`` ran with what the agent chose.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.chrome import parse, ref_of
from tests.support.mcp_session import McpSession
from tests.support.qtrelease import QT_RELEASE

MODULE = "resources.dialogs_app"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("dialog-files")
    for name in ("alpha.txt", "beta.txt", "gamma.txt"):
        (path / name).write_text(name)
    return path


@pytest.fixture(scope="module")
def app(folder: Path) -> Iterator[DemoApp]:
    running = start_demo("--dir", str(folder), module=MODULE)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def qt(app: DemoApp) -> Client:
    return app.client()


@pytest.fixture(autouse=True)
def main_window_alone(app: DemoApp, qt: Client) -> Iterator[None]:
    """Each case starts with no popup or dialog open (whatever the last one left)."""
    app.command("dismiss")
    wait_until(lambda: len(qt.call("chr.tabsContext")["tabs"]) == 1, what="only the main window")
    yield
    assert app.alive(), "the app died"


# ---------------------------------------------------------------------------- helpers


def status(qt: Client) -> str:
    return qt.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})["value"]


def reports(qt: Client) -> int:
    return qt.call("qt.properties.get", {"objectId": "dialogsWindow", "name": "reports"})["value"]


def page(qt: Client, **params: Any) -> dict[str, Any]:
    return qt.call("chr.readPage", {"filter": "interactive", **params})


def tabs(qt: Client) -> list[dict[str, Any]]:
    return qt.call("chr.tabsContext")["tabs"]


def click(qt: Client, name: str, role: str, **params: Any) -> dict[str, Any]:
    """Read the page (of ``tabId`` if given) and click the element by its ref."""
    read = {"tabId": params.pop("tabId")} if "tabId" in params else {}
    return qt.call("chr.click", {"ref": ref_of(page(qt, **read), name, role), **params})


def opened(result: dict[str, Any], kind: str, title: str | None = None) -> dict[str, Any]:
    """The ``modal`` field of an action that opened a dialog or popup, checked."""
    state = result.get("modal")
    assert state is not None, f"no modal state in {result}"
    assert state["kind"] == kind and state["opened"] is True, state
    if title is not None:
        assert state["title"] == title, state
    assert state["hint"], state
    return state


# ----------------------------------------------------------------- context menus


def test_right_click_by_ref_opens_the_context_menu_and_an_entry_closes_the_chain(qt: Client
                                                                                  ) -> None:
    result = click(qt, "todo.txt", "listitem", button="right")
    assert result["via"] == "contextClick"
    menu = opened(result, "menu")
    assert menu["waiting"] is True and menu["modal"] is False  # QMenu.exec runs its loop

    listed = {t["tabId"]: t for t in tabs(qt)}
    assert listed[menu["tabId"]]["kind"] == "menu"
    main = next(t for t in listed.values() if t["kind"] == "window")
    assert listed[menu["tabId"]]["owner"] == main["tabId"]

    shown = page(qt)  # the menu is part of its window's page, after the window's elements
    nodes = parse(shown["text"])
    assert nodes[-5]["role"] == "menu"
    assert [n["name"] for n in nodes[-4:]] == ["Open", "Rename…", "Delete…", "Copy as"]
    assert "hasPopup" in nodes[-1]["rest"]
    assert "Rename…" in qt.call("chr.getPageText")["text"]
    found = qt.call("chr.find", {"query": "copy as"})["matches"]
    assert found and found[0]["role"] == "menuitem" and found[0]["ref"]

    sub = qt.call("chr.click", {"ref": found[0]["ref"]})
    assert sub["via"] == "showMenu"
    submenu = opened(sub, "menu", "Copy as")
    own = page(qt, tabId=submenu["tabId"])  # a popup is a tab of its own too
    assert [n["name"] for n in parse(own["text"]) if n["ref"]][1:] == ["Path", "Name"]

    chosen = click(qt, "Path", "menuitem")
    assert "modal" not in chosen
    assert status(qt) == "Context: Path todo.txt"  # the code after QMenu.exec ran
    assert len(tabs(qt)) == 1  # the whole chain closed
    assert not any(n["role"] == "menu" for n in parse(page(qt)["text"]))


def test_a_widget_with_its_own_context_menu_event(qt: Client) -> None:
    """chr.computer right_click by ref reaches a widget's contextMenuEvent override."""
    canvas = ref_of(page(qt), "Drawing canvas", "generic")
    result = qt.call("chr.computer", {"action": "right_click", "ref": canvas})
    opened(result, "menu")
    click(qt, "Green", "menuitem")
    assert status(qt) == "Canvas: Green"
    assert len(tabs(qt)) == 1


def test_cu_right_click_opens_the_menu_at_once_and_escape_closes_it(qt: Client) -> None:
    qt.call("cu.screenshot")
    x, y, w, h = qt.call("chr.find", {"query": "Drawing canvas"})["matches"][0]["bounds"]
    reply = qt.call_envelope("cu.rightClick", {"coordinate": [x + w // 2, y + h // 2]})
    assert reply["meta"]["settled"] is True  # the menu's loop is idle: the action is done
    result = reply["result"]
    assert result["element"]["objectName"] == "canvas"
    menu = opened(result, "menu")
    assert menu["waiting"] is True
    closed = qt.call("cu.key", {"text": "Escape"})
    assert "modal" not in closed
    assert len(tabs(qt)) == 1
    assert qt.call("qt.ping")["busy"] is False


def test_keys_go_to_the_open_menu(qt: Client) -> None:
    opened(click(qt, "notes.txt", "listitem", button="right"), "menu")
    qt.call("chr.key", {"text": "Down Return"})  # first entry, chosen with the keyboard
    assert status(qt) == "Context: Open notes.txt"
    assert len(tabs(qt)) == 1


def test_escape_closes_a_context_menu_and_the_app_code_after_exec_runs(qt: Client) -> None:
    opened(click(qt, "ideas.txt", "listitem", button="right"), "menu")
    qt.call("chr.key", {"text": "Escape"})
    assert status(qt) == "Context menu closed on ideas.txt"
    assert len(tabs(qt)) == 1


def test_a_menu_qt_opens_from_cpp_inside_the_click_keeps_the_probe_serving(
        app: DemoApp, qt: Client) -> None:
    """A QToolButton's menu runs QMenu::exec from C++ inside the click's own delivery,
    under a binding that keeps the GIL: the probe must still answer (it hung before), and
    other clients too, while the menu is open."""
    menu = opened(click(qt, "Sort", "button"), "menu", "Sort")
    # the click's delivery waits in the menu's loop; Qt 6.12's tool button opens its menu
    # without one (the click returns with the menu shown), so nothing waits there
    nested = QT_RELEASE < (6, 12)
    assert menu.get("waiting", False) is nested, menu
    other = app.client("bystander")
    assert other.call("qt.ping")["busy"] is False
    assert [n["name"] for n in parse(page(qt)["text"]) if n["role"] == "menuitem"
            and n["name"].startswith("By ")] == ["By name", "By date"]
    click(qt, "By date", "menuitem")
    assert status(qt) == "Sort: By date"
    assert len(tabs(qt)) == 1


def test_a_fields_own_context_menu_from_cpp(qt: Client) -> None:
    """QLineEdit's standard context menu: QMenu::exec from Qt's C++ contextMenuEvent."""
    menu = opened(click(qt, "City", "textbox", button="right"), "menu")
    assert any(n["role"] == "menuitem" and "Paste" in n["name"]
               for n in parse(page(qt, tabId=menu["tabId"])["text"]))
    qt.call("chr.key", {"text": "Escape"})
    assert len(tabs(qt)) == 1
    assert qt.call("qt.ping")["busy"] is False


def test_menu_entry_then_message_box_in_the_code_after_the_menu(qt: Client) -> None:
    opened(click(qt, "ideas.txt", "listitem", button="right"), "menu")
    result = click(qt, "Delete…", "menuitem")
    box = opened(result, "dialog", "Delete file")  # opened by the code after QMenu.exec
    assert box["modal"] is True and box["className"] == "QMessageBox"
    click(qt, "No", "button", tabId=box["tabId"])
    assert status(qt) == "Kept: ideas.txt"
    assert len(tabs(qt)) == 1


def test_nested_menu_bar_menus(qt: Client) -> None:
    file_menu = opened(click(qt, "File", "menuitem"), "menu", "File")
    assert "waiting" not in file_menu  # a menu bar's menu is a popup, no nested loop
    recent = opened(click(qt, "Recent", "menuitem"), "menu", "Recent")
    shown = parse(page(qt)["text"])
    menus = [n["name"] for n in shown if n["role"] == "menu"]
    assert menus == ["File", "Recent"]
    entry = next(n for n in shown if n["name"] == "Recent" and n["role"] == "menuitem")
    assert "expanded" in entry["rest"]
    assert [t["kind"] for t in tabs(qt)].count("menu") == 2
    assert page(qt, tabId=recent["tabId"])["window"]["tabId"] == recent["tabId"]
    click(qt, "todo.txt", "menuitem")
    assert status(qt) == "Recent: todo.txt"
    assert len(tabs(qt)) == 1


# ------------------------------------------------------------------------- popups


def test_combo_box_popup_is_read_and_chosen_by_ref(qt: Client) -> None:
    popup = opened(click(qt, "Red", "combobox"), "popup")
    assert popup["className"] == "QComboBoxPrivateContainer"
    nodes = parse(page(qt)["text"])
    listbox = next(n for n in nodes if n["role"] == "listbox")
    assert listbox["ref"]
    assert [n["name"] for n in nodes[nodes.index(listbox) + 1:]] == ["Red", "Green", "Blue"]
    click(qt, "Blue", "listitem")
    assert status(qt) == "Color: Blue"
    assert len(tabs(qt)) == 1
    click(qt, "Blue", "combobox")  # again, and choose the item right under the pointer
    click(qt, "Green", "listitem")
    assert status(qt) == "Color: Green"


def test_escape_closes_a_combo_box_popup(qt: Client) -> None:
    combo = next(n for n in parse(page(qt)["text"]) if n["role"] == "combobox")
    opened(qt.call("chr.click", {"ref": combo["ref"]}), "popup")
    before = status(qt)
    assert "modal" not in qt.call("chr.key", {"text": "Escape"})
    assert len(tabs(qt)) == 1
    assert status(qt) == before


def test_completer_popup(qt: Client) -> None:
    city = ref_of(page(qt), "City", "textbox")
    for typed, choice in (("Be", "Bern"), ("Bo", "Boston")):  # the list changes each time
        qt.call("chr.formInput", {"ref": city, "value": ""})
        popup = opened(qt.call("chr.type", {"ref": city, "text": typed}), "popup", "City")
        assert next(t for t in tabs(qt) if t["tabId"] == popup["tabId"])["kind"] == "popup"
        text = qt.call("chr.getPageText")["text"]
        assert choice in text and "Lisbon" not in text
        click(qt, choice, "listitem")
        assert status(qt) == f"City: {choice}"
        assert len(tabs(qt)) == 1


# ------------------------------------------------------------------ modal dialogs


def test_message_box_question_yes_by_ref_runs_the_code_after_it(app: DemoApp, qt: Client
                                                                ) -> None:
    before = reports(qt)
    result = click(qt, "Ask…", "button")
    box = opened(result, "dialog", "Question")
    assert reports(qt) == before  # the code after exec() waits for the answer
    assert box["waiting"] is True and box["modal"] is True
    listed = {t["tabId"]: t for t in tabs(qt)}
    assert listed[box["tabId"]]["kind"] == "dialog" and listed[box["tabId"]]["modal"] is True
    assert qt.call("chr.tabsContext")["activeTabId"] == box["tabId"]
    assert "Do you like dialogs?" in qt.call("chr.getPageText", {"tabId": box["tabId"]})["text"]
    click(qt, "Yes", "button", tabId=box["tabId"])
    assert status(qt) == "Answer: Yes"
    assert reports(qt) == before + 1
    app.command("ping")  # the GUI thread is free again


def test_input_dialog_text_reaches_the_app(qt: Client) -> None:
    dialog = opened(click(qt, "Name…", "button"), "dialog", "Rename")
    field = ref_of(page(qt, tabId=dialog["tabId"]), "New name", "textbox")
    typed = qt.call("chr.formInput", {"ref": field, "value": "report.md"})
    state = typed["modal"]  # every action names the open dialog; said once, then short
    assert state["tabId"] == dialog["tabId"] and state["opened"] is False
    assert "hint" not in state
    qt.call("chr.key", {"text": "Return"})
    assert status(qt) == "Name: report.md"


def test_dialog_exec_opened_through_navigate(qt: Client) -> None:
    result = qt.call("chr.navigate", {"url": "Edit > Settings…"})
    dialog = opened(result, "dialog", "Settings")
    assert dialog["className"] == "SettingsDialog"
    shown = page(qt, tabId=dialog["tabId"])
    qt.call("chr.formInput", {"ref": ref_of(shown, "User name", "textbox"), "value": "ada"})
    qt.call("chr.formInput", {"ref": ref_of(shown, "Dark mode", "checkbox"), "value": True})
    done = qt.call("chr.click", {"ref": ref_of(shown, "OK", "button")})
    assert "modal" not in done
    assert status(qt) == "Settings: ada, dark=True"


def test_a_dialog_open_before_the_action_is_not_opened_by_it(qt: Client) -> None:
    """Escape closes a context menu over the Settings dialog: the dialog blocks again, but
    the action did not open it."""
    dialog = opened(qt.call("chr.navigate", {"url": "Edit > Settings…"}), "dialog", "Settings")
    shown = page(qt, tabId=dialog["tabId"])
    opened(qt.call("chr.click", {"ref": ref_of(shown, "User name", "textbox"),
                                 "button": "right"}), "menu")
    back = qt.call("chr.key", {"text": "Escape"})["modal"]
    assert back["tabId"] == dialog["tabId"] and back["opened"] is False, back
    qt.call("chr.key", {"text": "Escape"})


def test_a_slot_that_opens_a_dialog_answers_pending(qt: Client) -> None:
    """Not only input: any call whose GUI work enters a nested loop returns at once."""
    result = qt.call("qt.methods.invoke", {"objectId": "dialogsWindow", "method": "ask"})
    assert result["pending"] is True
    assert result["modal"]["kind"] == "dialog" and result["modal"]["waiting"] is True
    qt.call("cu.key", {"text": "Escape"})
    assert status(qt) == "Answer: No"


# ------------------------------------------------------------------- file dialogs


def test_file_chosen_through_the_file_dialog_reaches_the_app(qt: Client, folder: Path) -> None:
    dialog = opened(click(qt, "Open file…", "button"), "dialog", "Open file")
    assert dialog["fileChooser"] is True and dialog["className"] == "QFileDialog"
    shown = page(qt, tabId=dialog["tabId"])
    assert "alpha.txt" in shown["text"]  # Qt's own dialog, read like any window
    path = str(folder / "beta.txt")
    qt.call("chr.formInput", {"ref": ref_of(shown, "File name", "textbox"), "value": path})
    click(qt, "Open", "button", tabId=dialog["tabId"])
    assert status(qt) == f"Opened: {path}"


def test_file_chooser_answers_open_and_save_dialogs(qt: Client, folder: Path) -> None:
    opened(click(qt, "Open file…", "button"), "dialog")
    path = str(folder / "gamma.txt")
    result = qt.call("chr.fileChooser", {"paths": [path]})
    assert result["mode"] == "open" and result["paths"] == [path]
    assert status(qt) == f"Opened: {path}"

    opened(qt.call("chr.navigate", {"url": "File > Save As…"}), "dialog", "Save file")
    target = str(folder / "new.txt")
    qt.call("chr.fileChooser", {"paths": [target]})
    assert status(qt) == f"Saved: {target}"


def test_file_chooser_errors_say_how_to_recover(qt: Client, folder: Path) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("chr.fileChooser", {"paths": [str(folder / "alpha.txt")]})
    assert info.value.name == "WINDOW_NOT_FOUND" and "Open it first" in info.value.hint

    opened(click(qt, "Open file…", "button"), "dialog")
    with pytest.raises(RemoteError) as info:
        qt.call("chr.fileChooser", {"paths": [str(folder / "missing.txt")]})
    assert info.value.name == "FORM_INPUT_INVALID" and info.value.data["mode"] == "open"
    with pytest.raises(RemoteError) as info:
        qt.call("chr.fileChooser", {"paths": [str(folder / "alpha.txt"),
                                              str(folder / "beta.txt")]})
    assert info.value.name == "FORM_INPUT_INVALID" and "one path" in info.value.message
    with pytest.raises(RemoteError) as info:
        qt.call("chr.fileChooser", {"paths": []})
    assert info.value.name == "INVALID_PARAMS"
    qt.call("chr.key", {"text": "Escape"})  # the dialog still waits: cancel it
    assert status(qt) == "Open cancelled"


# -------------------------------------------------------------- native dialogs off


def test_launch_gives_the_app_qt_dialogs_and_install_leaves_the_choice(
        app: DemoApp, qt: Client) -> None:
    assert qt.call("qt.version")["nativeDialogs"] is True  # probe.install() default
    launched = start_demo(launch=True, module=MODULE)
    try:
        with launched.client() as other:
            assert other.call("qt.version")["nativeDialogs"] is False
    finally:
        launched.stop()
    opted = start_demo(module=MODULE, env={"QTMCP_NATIVE_DIALOGS": "0"})
    try:
        with opted.client() as other:
            assert other.call("qt.version")["nativeDialogs"] is False
    finally:
        opted.stop()


def test_a_closed_menu_entry_says_how_to_recover(qt: Client) -> None:
    opened(click(qt, "notes.txt", "listitem", button="right"), "menu")
    stale = ref_of(page(qt), "Open", "menuitem")
    qt.call("chr.key", {"text": "Escape"})
    with pytest.raises(RemoteError) as info:
        qt.call("chr.click", {"ref": stale})
    assert info.value.name in ("ELEMENT_NOT_VISIBLE", "REF_NOT_FOUND")
    assert "menu" in info.value.hint or "readPage" in info.value.hint
    assert qt.call("qt.ping")["busy"] is False


# ---------------------------------------------------------------------------- MCP


def test_mcp_tools_say_how_dialogs_appear_and_file_upload_answers_one(
        app: DemoApp, qt: Client, folder: Path) -> None:

    agent = McpSession("--pid", str(app.pid))
    try:
        tools = agent.tools()
        assert "file_upload" in tools and "file dialog" in tools["file_upload"].description
        assert "modal" in tools["computer"].description
        found = json.loads(agent.text("find", {"query": "open file button"}).split("\nmeta:")[0])
        button = found["matches"][0]["ref"]
        text = agent.text("computer", {"action": "left_click", "ref": button})
        assert '"modal"' in text and '"fileChooser":true' in text
        path = str(folder / "alpha.txt")
        agent.text("file_upload", {"paths": [path]})
        assert status(qt) == f"Opened: {path}"
    finally:
        agent.close()
