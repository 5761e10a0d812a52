"""The agent subcommands, each run as an agent runs it: a new ``qtmcp`` process per call.

Every subcommand is checked for success (what the app holds afterwards), a bad ref, a
stale ref (an element that was deleted, a dialog's tab that was), no app running and two
apps running. Commands that take no element (console, upload, tabs, problems,
screenshot) get a bad argument instead of the refs. Two apps: the demo and the dialogs
demo (which has a real file dialog for ``upload``); each test gets the folder that
shows the apps it needs (:func:`tests.support.agentcli.runtime_with`).
"""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from inspector.link.traffic import Call
from probe.client import Client
from probe.wire.chr_page import Tabs
from probe.wire.probe_session import Traffic
from probe.wire.qt_properties import PropertyValue
from tests.support.agentcli import Cli, runtime_with
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.chrome import ref_in

BAD = "ref_99999"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli-files")
    for name in ("alpha.txt", "beta.txt"):
        (path / name).write_text(name)
    return path


@pytest.fixture(scope="module")
def dialogs(files: Path) -> Iterator[DemoApp]:
    app = start_demo("--dir", str(files), module="resources.dialogs_app")
    yield app
    app.stop()


def _cli(*apps: DemoApp) -> Iterator[Cli]:
    cli = Cli(runtime_with(*(a.info for a in apps)))
    yield cli
    cli.close()
    shutil.rmtree(cli.runtime, ignore_errors=True)


@pytest.fixture(scope="module")
def one(demo: DemoApp) -> Iterator[Cli]:
    """The demo alone."""
    yield from _cli(demo)


@pytest.fixture(scope="module")
def two(demo: DemoApp, dialogs: DemoApp) -> Iterator[Cli]:
    """The demo and the dialogs demo."""
    yield from _cli(demo, dialogs)


@pytest.fixture(scope="module")
def none() -> Iterator[Cli]:
    """No app at all."""
    yield from _cli()


@pytest.fixture(scope="module")
def stale(one: Cli, demo: DemoApp, qt: Client) -> dict[str, str]:
    """A ref and a tab id this session was given for elements that were deleted since:
    the About dialog's OK button and the dialog itself."""
    opened = one.ok("click", one.ref('button "About"'))
    ok, tab = ref_in(opened, 'button "OK"'), opened.split("[tab_id ")[1].split("]")[0]
    demo.command("delete aboutDialog")
    wait_until(lambda: len(qt.call("chr.tabsContext", result=Tabs)["tabs"]) == 1,
               what="the dialog gone")
    return {"ref": ok, "tab": tab}


@pytest.fixture(autouse=True)
def form_again(qt: Client) -> None:
    """Each case starts on the demo's form, emptied."""
    qt.call("chr.navigate", {"url": "Form"})
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})


def prop(qt: Client, obj: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": obj, "name": name},
                   result=PropertyValue)["value"]


# ------------------------------------------------------------------ success


def test_page_reads_the_window_and_a_subtree(one: Cli) -> None:
    page = one.ok("page", "--filter", "interactive")
    assert 'textbox "Name" [ref_' in page and 'button "Submit" [ref_' in page
    group = one.ok("page", "--ref", ref_in(page, 'group "Plan"'))
    assert 'radio "Basic"' in group and "Submit" not in group


def test_form_task_with_refs_from_one_invocation_used_in_the_next(one: Cli, qt: Client
                                                                  ) -> None:
    """The issue's first 'done when': read, fill, submit, each a new process."""
    page = one.ok("page", "--filter", "interactive")
    fields = [{"ref": ref_in(page, 'textbox "Name"'), "value": "Ada"},
              {"ref": ref_in(page, '"Age"'), "value": 36},
              {"ref": ref_in(page, '"Country"'), "value": "Japan"},
              {"ref": ref_in(page, "I accept the terms"), "value": True}]
    filled = one.ok("fill", "--json", json.dumps(fields))
    assert '"Ada"' in filled and "changes:" in filled
    submitted = one.ok("click", ref_in(page, 'button "Submit"'))
    assert "Submitted: Ada" in submitted
    assert prop(qt, "nameEdit", "text") == "Ada" and prop(qt, "ageSpin", "value") == 36
    assert prop(qt, "countryCombo", "currentText") == "Japan"
    assert prop(qt, "termsCheck", "checked") is True
    assert prop(qt, "statusLabel", "text") == "Submitted: Ada"


def test_the_traffic_names_each_call_as_the_cli_command_typed(one: Cli, demo: DemoApp,
                                                               qt: Client) -> None:
    """Whoever watches the traffic (the inspector's request log) sees the command the
    user typed, without the options that pick the app or session, beside the tool it
    ran and its arguments."""
    watcher = demo.client(name="cli-watcher", role="inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    ref = one.ref('textbox "Name"')
    one.ok("fill", ref, "Ada Lovelace", "--pid", str(demo.pid))
    record = watcher.wait_notification(
        "probe.traffic", lambda p: p["method"] == "chr.formInput"
        and p["client"]["role"] == "cli")
    typed = shlex.join(["qtmcp", "fill", ref, "Ada Lovelace"])
    assert record["via"]["command"] == typed
    assert record["via"]["tool"] == "form_input"
    assert record["via"]["arguments"] == {"ref": ref, "value": "Ada Lovelace"}
    assert Call(cast(Traffic, record)).called_as == typed  # the request log's "Called as"


def test_find_gives_a_ref_the_next_call_clicks(one: Cli, qt: Client) -> None:
    found = one.ok("find", "newsletter")
    one.ok("click", ref_in(found, "Subscribe"))
    assert prop(qt, "newsletterCheck", "checked") is True


def test_click_double_and_right(one: Cli, qt: Client) -> None:
    one.ok("click", one.ref('tab "Data"'))
    assert prop(qt, "tabs", "currentIndex") == 1
    one.ok("navigate", "Canvas")
    canvas = one.ref("Click to add a dot")
    before = prop(qt, "canvas", "clickCount")
    one.ok("click", "--double", canvas)
    assert prop(qt, "canvas", "clickCount") >= before + 1
    assert "changes:" in one.ok("click", "--right", canvas)


def test_fill_one_field(one: Cli, qt: Client) -> None:
    out = one.ok("fill", one.ref('textbox "Name"'), "Grace")
    assert '"" -> "Grace"' in out
    assert prop(qt, "nameEdit", "text") == "Grace"


def test_type_and_key(one: Cli, qt: Client) -> None:
    email = one.ref('textbox "Email"')
    one.ok("type", "ada@example.com", "--ref", email)
    assert prop(qt, "emailEdit", "text") == "ada@example.com"
    one.ok("key", "ctrl+a Delete")
    assert prop(qt, "emailEdit", "text") == ""
    one.ok("type", "x")  # where the focus is: still the e-mail field
    assert prop(qt, "emailEdit", "text") == "x"


def test_navigate(one: Cli, qt: Client) -> None:
    out = one.ok("navigate", "Data")
    assert "changes:" in out and prop(qt, "tabs", "currentIndex") == 1


def test_screenshot_writes_the_picture(one: Cli, tmp_path: Path) -> None:
    target = tmp_path / "shot.png"
    assert one.ok("screenshot", str(target)).strip() == str(target)
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and target.stat().st_size > 5000
    default = Path(one.ok("screenshot").strip())  # a new file in ./qtmcp-output
    try:
        assert default.parent.name == "qtmcp-output" and default.stat().st_size > 5000
    finally:
        default.unlink()


def test_text_console_tabs_problems(one: Cli, demo: DemoApp) -> None:
    assert "Subscribe to the newsletter" in one.ok("text")
    demo.command("log warning cli-console-marker")
    assert "cli-console-marker" in one.ok("console", "cli-console")
    assert '"title":"qtmcp demo"' in one.ok("tabs")
    assert '"problems":' in one.ok("problems")


def test_wait(one: Cli) -> None:
    assert '"ok":true' in one.ok("wait", "--text", "Subscribe")
    assert '"ok":true' in one.ok("wait", "--gone", "no such text anywhere")
    assert '"waited"' in one.ok("wait", "--ms", "20")


def test_upload_answers_the_file_dialog(two: Cli, dialogs: DemoApp, files: Path) -> None:
    pid = str(dialogs.pid)
    opened = two.ok("navigate", "File > Open…", "--pid", pid)
    assert "+ dialog" in opened and "(Escape cancels). file_upload answers it with paths." in opened
    two.ok("upload", str(files / "beta.txt"), "--pid", pid)
    client = dialogs.client()
    wait_until(lambda: prop(client, "statusLabel", "text") == f"Opened: {files / 'beta.txt'}",
               what="the app's own code after the dialog")


# ------------------------------------------------------- errors, for each command

#: Each command with an element it names: (arguments with {ref} or {tab} in them).
WITH_ELEMENT = {
    "page": ("page", "--ref", "{ref}"),
    "click": ("click", "{ref}"),
    "fill": ("fill", "{ref}", "x"),
    "fill --json": ("fill", "--json", '[{{"ref": "{ref}", "value": "x"}}]'),
    "type": ("type", "x", "--ref", "{ref}"),
    "find": ("find", "ok", "--tab", "{tab}"),
    "navigate": ("navigate", "Form", "--tab", "{tab}"),
    "text": ("text", "--tab", "{tab}"),
    "wait": ("wait", "--text", "x", "--timeout", "0.2", "--tab", "{tab}"),
}
#: Commands that name no element, with a bad argument instead: (args, how the error
#: starts).
BAD_ARGUMENT = {
    "key": (("key", "ctrl+nosuchkey"), "INVALID_KEY: unknown key"),
    "console": (("console", "(unclosed"), "INVALID_PARAMS: invalid regular expression"),
    "upload": (("upload", "/tmp/nothing.txt"), "WINDOW_NOT_FOUND: no file dialog is open"),
    "tabs": (("tabs", "--app", "no-such-app"), "NO_APP: no running app with the probe for"),
    "problems": (("problems", "--kind", "no_such_kind"), "INVALID_PARAMS: "),
    "screenshot": (("screenshot", "/no/such/folder/shot.png"), "WRITE_FAILED: "),
}
#: A call of every command; those marked True work on the demo as it is between tests
#: (the others need a ref of the session, or a file dialog open).
PLAIN = {
    "page": (("page",), True), "find": (("find", "name"), True),
    "click": (("click", "ref_1"), False), "fill": (("fill", "ref_1", "x"), False),
    "type": (("type", "z"), True), "key": (("key", "Tab"), True),
    "navigate": (("navigate", "Form"), True), "screenshot": (("screenshot",), False),
    "text": (("text",), True), "console": (("console", "x"), True),
    "wait": (("wait", "--ms", "1"), True), "upload": (("upload", "/tmp/x.txt"), False),
    "tabs": (("tabs",), True), "problems": (("problems",), True),
}


def _fill_in(args: tuple[str, ...], ref: str = BAD, tab: str = "#99999") -> list[str]:
    return [a.format(ref=ref, tab=tab) for a in args]


@pytest.mark.parametrize("command", WITH_ELEMENT)
def test_a_bad_ref_or_tab_is_an_error_answer(command: str, one: Cli) -> None:
    err = one.fails(*_fill_in(WITH_ELEMENT[command]))
    if any("{ref}" in a for a in WITH_ELEMENT[command]):
        assert err.startswith("REF_NOT_FOUND: ") and f"{BAD} names nothing" in err, err
    else:
        assert err.startswith("OBJECT_NOT_FOUND: #99999 was never given out"), err
    assert "\nhint: " in err, err


def test_a_word_that_is_no_ref_is_told_what_a_ref_is(one: Cli) -> None:
    err = one.fails("click", "Submit")
    assert err.startswith("REF_NOT_FOUND: 'Submit' is not a ref (refs look like ref_12)")
    assert "gone" not in err and "read_page" in err.split("\nhint: ")[1], err


@pytest.mark.parametrize("command", WITH_ELEMENT)
def test_a_stale_ref_or_tab_is_an_error_answer(command: str, one: Cli,
                                               stale: dict[str, str]) -> None:
    args = WITH_ELEMENT[command]
    err = one.fails(*_fill_in(args, stale["ref"], stale["tab"]))
    if any("{ref}" in a for a in args):
        assert err.startswith("REF_NOT_FOUND: "), err
        assert f'{stale["ref"]} (button "OK") was deleted' in err, err
    else:
        assert err.startswith(f"OBJECT_STALE: {stale['tab']} was deleted"), err
    assert "\nhint: " in err, err


@pytest.mark.parametrize("command", BAD_ARGUMENT)
def test_a_bad_argument_is_an_error_answer(command: str, one: Cli) -> None:
    args, start = BAD_ARGUMENT[command]
    err = one.fails(*args)
    assert err.startswith(start) and "\nhint: " in err, err


@pytest.mark.parametrize("command", PLAIN)
def test_no_app_running(command: str, none: Cli) -> None:
    err = none.fails(*PLAIN[command][0])
    assert err.startswith("NO_APP: no running app with the probe"), err
    assert "qtmcp launch" in err


@pytest.mark.parametrize("command", PLAIN)
def test_two_apps_running(command: str, two: Cli, demo: DemoApp) -> None:
    """Without --pid/--app the call names both apps and changes nothing; with one it runs
    (commands that need a ref or a dialog run theirs in the tests above)."""
    args, runs = PLAIN[command]
    err = two.fails(*args)
    assert err.startswith("NO_APP: 2 apps run with the probe") and str(demo.pid) in err
    assert "--pid" in err
    if runs:
        two.ok(*args, "--pid", str(demo.pid))


def test_usage_errors_exit_2(one: Cli) -> None:
    assert one.run("fill", "ref_1").code == 2  # no value
    assert one.run("fill", "--json", "not json").code == 2
    assert one.run("wait").code == 2
    assert one.run("wait", "--gone", "ref_7").code == 2  # a text, never shown: would pass
    assert one.run("click").code == 2
    assert one.run("page", "--filter", "some").code == 2
    assert one.run("page", "-s", "bad name!").code == 2


def test_the_app_by_url_or_name(none: Cli, two: Cli, demo: DemoApp, tmp_path: Path) -> None:
    """--url (with a token from a file: on the command line every user would see it)
    needs no discovery file; --app picks one of two by name."""
    assert demo.token is not None
    good, wrong = tmp_path / "good", tmp_path / "wrong"
    for path, token in ((good, demo.token), (wrong, "wrong")):
        path.write_text(token + "\n", encoding="utf-8")
        path.chmod(0o600)
    by_url = none.ok("tabs", "--url", demo.url, "--token-file", str(good))
    assert f'"pid":{demo.pid}' in by_url
    assert f'"pid":{demo.pid}' in two.ok("tabs", "--app", "qtmcp-demo")
    err = none.fails("tabs", "--url", demo.url, "--token-file", str(wrong))
    assert err.startswith("CONNECT_FAILED: Probe at ") and "refused the connection" in err, err
