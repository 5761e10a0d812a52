"""Session to test: record an agent filling the demo form, export it, replay it.

The session is recorded the way the inspector records one: an inspector-role client
subscribed to the traffic mirror keeps the agent's calls, which carry the stable handles
of their targets. The export is run as a pytest file in a subprocess (against a fresh
demo app it starts itself) and as a script through ``qtmcp replay``; both pass against
the demo app and fail naming the diverging value when QTMCP_DEMO_BROKEN=1 changes it. The
recorded app is started as a user starts it (no test plumbing on its command line): the
export takes that command line from the session.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from inspector.sessions import session_file
from probe import cli
from probe.client import Client
from probe.replay import export as se
from probe.replay.replayer import Divergence, Replayer, ScriptError
from probe.testing import AppDriver, launch_app
from tests.support.app import ROOT, DemoApp, start_demo, wait_until

FORM = "mainWindow/tabs/qt_tabwidget_stackedwidget/formTab/formPanel/"


#: The demo app as a user starts it (the shared ``demo`` fixture's has test plumbing).
DEMO_COMMAND = [sys.executable, "-m", "resources.demo_app"]


def record(app: DemoApp | AppDriver, agent_calls: Any) -> list[dict[str, Any]]:
    """The traffic records of ``agent_calls(agent)``, as an inspector would keep them."""
    info = app if isinstance(app, DemoApp) else app.info
    url, token = info.url, info.token
    inspector = Client.connect(url, info.inspector_token, name="recorder", role="inspector")
    records: list[dict[str, Any]] = []
    inspector.on("probe.traffic", lambda n: records.append(n.params))
    inspector.call("probe.subscribe", {"topics": ["traffic"]})
    agent = Client.connect(url, token, name="form-agent", role="agent")
    agent_calls(agent)
    agent.call("qt.ping")  # the last call: once its record is here, all are
    wait_until(lambda: any(r["method"] == "qt.ping" and r["client"]["name"] == "form-agent"
                           for r in records), what="the agent's calls in the traffic")
    inspector.close()
    agent.close()
    return [r for r in records if r["method"] != "qt.ping"]


def fill_form(agent: Client) -> None:
    """What an agent does to submit the form: find fields, fill them, submit, read back."""
    agent.call("chr.readPage", {"filter": "interactive"})

    def ref(query: str) -> str:
        return agent.call("chr.find", {"query": query})["matches"][0]["ref"]

    agent.call("chr.formInput", {"ref": ref("name"), "value": "Ada Lovelace"})
    agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})
    agent.call("chr.formInput", {"ref": ref("terms"), "value": True})
    agent.call("chr.formInput", {"ref": ref("country"), "value": "Germany"})
    with pytest.raises(Exception, match="REF_NOT_FOUND"):
        agent.call("chr.formInput", {"ref": "ref_999", "value": "x"})
    agent.call("chr.click", {"ref": ref("submit")})
    agent.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})


@pytest.fixture(scope="module")
def plain_demo() -> Iterator[AppDriver]:
    """The demo app started as its user would start it, the probe injected."""
    with launch_app(DEMO_COMMAND, cwd=ROOT) as app:
        yield app


def save(app: AppDriver, records: list[dict[str, Any]], path: Path) -> Path:
    """A .qtmcp-session of ``records`` (inspector.sessions.session_file format)."""
    info = app.call("qt.version")
    return session_file.save(session_file.Session(app=info, calls=records,
                                                  created=time.time()), path)


@pytest.fixture(scope="module")
def session(plain_demo: AppDriver, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A saved session of the form-filling agent."""
    return save(plain_demo, record(plain_demo, fill_form),
                tmp_path_factory.mktemp("session") / "form")


def test_recorded_calls_carry_stable_targets(session: Path) -> None:
    app, records = se.load_session(session)
    assert app["app"] == "qtmcp-demo"
    by_method: dict[str, list[dict[str, Any]]] = {}
    for rec in records:
        by_method.setdefault(rec["method"], []).append(rec)
    inputs = [r for r in by_method["chr.formInput"] if r["ok"]]
    assert [r["target"]["selector"] for r in inputs] == [
        FORM + "nameEdit", FORM + "optionsBox/termsCheck", FORM + "countryCombo"]
    assert all(r["target"]["selectorKind"] == "objectName" and r["changesApp"] for r in inputs)
    assert inputs[0]["target"]["className"] == "QLineEdit"
    assert by_method["chr.click"][0]["target"]["objectName"] == "submitButton"
    gets = by_method["qt.properties.get"]
    assert gets[-1]["target"]["selector"] == "mainWindow/statusBar/statusLabel"
    assert "changesApp" not in gets[-1]
    # reads a replay does not check, failed calls and the inspector's own calls: no target
    assert all("target" not in r for r in by_method["chr.find"] + by_method["chr.readPage"])
    failed = [r for r in by_method["chr.formInput"] if not r["ok"]]
    assert len(failed) == 1 and "selector" not in failed[0]["target"]
    assert all("target" not in r for r in by_method["probe.subscribe"])


def test_script_holds_actions_checks_and_what_was_left_out(session: Path) -> None:
    app, records = se.load_session(session)
    script = se.build_script(records, app, source=str(session))
    # the command line the app was started with, from the session (not a guess)
    assert script["format"] == "qtmcp-script" and script["command"] == DEMO_COMMAND
    assert script["cwd"] == str(ROOT)
    # what the agent read (the page, each find's match) is checked as texts
    reads = [s["texts"] for s in script["steps"] if s.get("check") == "text"]
    assert reads[0] == ["France"]  # the page read first: the combo box's value
    assert ["Name"] in reads and ["Submit"] in reads  # what the finds matched
    steps = [s for s in script["steps"] if s.get("check") != "text"]
    shape = [(s.get("do") or s["check"], s["target"].rsplit("/", 1)[-1]) for s in steps]
    assert shape == [("chr.formInput", "nameEdit"), ("property", "nameEdit"),
                     ("chr.formInput", "termsCheck"), ("chr.formInput", "countryCombo"),
                     ("chr.click", "submitButton"), ("property", "statusLabel")]
    assert steps[0]["params"] == {"value": "Ada Lovelace"}
    assert steps[0]["expect"] == {"value": "Ada Lovelace"}
    assert steps[2]["expect"] == {"checked": True}
    assert steps[-1]["value"] == "Submitted: Ada Lovelace"
    assert steps[-1]["client"] == "form-agent"
    assert records[steps[-1]["call"] - 1]["method"] == "qt.properties.get"
    why = {s["method"]: s["why"] for s in script["skipped"]}
    assert "chr.find" not in why and "chr.readPage" not in why
    assert why["chr.formInput"] == "failed when recorded (REF_NOT_FOUND)"
    assert why["probe.subscribe"] == "made by the inspector"
    assert se.check_script(json.loads(json.dumps(script))) == []


def _pytest(path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           str(path)], cwd=path.parent, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env})


def test_exported_pytest_passes_on_the_demo_and_fails_when_it_changes(
        session: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "test_replayed_form.py"
    script_path = tmp_path / "form.json"
    assert cli.main(["export", str(session), "--pytest", str(out), "--script",
                     str(script_path), "--timeout", "1.5"]) == 0
    assert "11 steps (4 actions, 11 checks)" in capsys.readouterr().out
    text = out.read_text()
    assert "from probe.testing import AppDriver, launch_app" in text
    assert "sleep(" not in text and "time." not in text
    assert f'"{FORM}nameEdit",' in text and 'value="Ada Lovelace"' in text
    compile(text, str(out), "exec")

    passed = _pytest(out)
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr[-2000:]
    assert "1 passed" in passed.stdout

    broken = _pytest(out, QTMCP_DEMO_BROKEN="1")
    assert broken.returncode == 1, broken.stdout[-3000:]
    # the click's own check diverges first: the status line its report named
    assert "diverged at step 10: chr.click on submitButton" in broken.stdout
    assert 'expected: the app shows "Submitted: Ada Lovelace"' in broken.stdout
    assert "found:    no name or value containing it after 1.5 s" in broken.stdout


def act_without_reading(agent: Client) -> None:
    """Five actions and no reading back: what the agent saw is in their answers only."""
    page = agent.call("chr.readPage", {"filter": "interactive"})["text"]
    refs = {line.split('"')[1]: line.split("[")[1].split("]")[0]
            for line in page.splitlines() if '"' in line and "[ref_" in line}
    agent.call("chr.formInput", {"ref": refs["Name"], "value": "Grace Hopper"})
    agent.call("chr.formInput", {"ref": refs["Age"], "value": 45})
    agent.call("chr.formInput", {"ref": refs["I accept the terms and conditions"],
                                 "value": True})
    agent.call("chr.formInput", {"ref": refs["Country"], "value": "Japan"})
    agent.call("chr.click", {"ref": refs["Submit"]})


def test_an_export_checks_what_each_action_showed(
        plain_demo: AppDriver, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Five actions give five checks: each input's answer (the value read back) and the
    texts the click's change report named (the status line the click changed), so the
    test fails against an app that does something else; the app's command line comes
    from the session (no --command, and no guess from the app's name)."""
    plain_demo.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    records = record(plain_demo, act_without_reading)
    session = save(plain_demo, records, tmp_path / "five")
    out = tmp_path / "test_five.py"
    assert cli.main(["export", str(session), "--pytest", str(out), "--script",
                     str(tmp_path / "five.json"), "--timeout", "1.5"]) == 0
    assert "6 steps (5 actions, 6 checks)" in capsys.readouterr().out
    script = json.loads((tmp_path / "five.json").read_text())
    click = script["steps"][-1]
    assert click["do"] == "chr.click" and click["shows"] == ["Submitted: Grace Hopper"]
    assert script["command"] == DEMO_COMMAND and script["cwd"] == str(ROOT)
    text = out.read_text()
    assert 'shows=["Submitted: Grace Hopper"]' in text
    assert f"APP_CWD = {json.dumps(str(ROOT))}" in text

    passed = _pytest(out)
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr[-2000:]
    broken = _pytest(out, QTMCP_DEMO_BROKEN="1")
    assert broken.returncode == 1, broken.stdout[-3000:]
    assert "diverged at step 6: chr.click on submitButton" in broken.stdout
    assert 'expected: the app shows "Submitted: Grace Hopper"' in broken.stdout


def submit_then_read(agent: Client) -> None:
    """Fill two fields, submit through the window's slot (no change report), then read the
    page: the status line is known only from the read."""
    page = agent.call("chr.readPage", {"filter": "interactive"})["text"]
    refs = {line.split('"')[1]: line.split("[")[1].split("]")[0]
            for line in page.splitlines() if '"' in line and "[ref_" in line}
    agent.call("chr.formInput", {"ref": refs["Name"], "value": "Grace Hopper"})
    agent.call("chr.formInput", {"ref": refs["I accept the terms and conditions"],
                                 "value": True})
    agent.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "submitForm"})
    agent.call("chr.readPage", {"filter": "all"})
    agent.call("chr.getPageText")


def test_an_export_checks_the_texts_the_agent_read(
        plain_demo: AppDriver, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A read of the page becomes checks of the texts it showed (the status line, the
    fields' values): the exported test passes on the demo and fails against an app that
    no longer shows a text the agent read, naming it."""
    plain_demo.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    session = save(plain_demo, record(plain_demo, submit_then_read), tmp_path / "read")
    out = tmp_path / "test_read.py"
    assert cli.main(["export", str(session), "--pytest", str(out), "--script",
                     str(tmp_path / "read.json"), "--timeout", "1.5"]) == 0
    capsys.readouterr()
    script = json.loads((tmp_path / "read.json").read_text())
    page, text = script["steps"][-2:]
    assert page["check"] == "text" and "Submitted: Grace Hopper" in page["texts"]
    assert "Grace Hopper" in page["texts"]  # the name field's value
    assert text["check"] == "text" and {"Submitted", "Grace Hopper"} <= set(text["texts"])
    assert not any("shows" in s for s in script["steps"])  # known from the read only
    assert "app.reads([" in out.read_text()

    passed = _pytest(out)
    assert passed.returncode == 0, passed.stdout[-3000:] + passed.stderr[-2000:]
    broken = _pytest(out, QTMCP_DEMO_BROKEN="1")
    assert broken.returncode == 1, broken.stdout[-3000:]
    step = len(script["steps"]) - 1  # the page read, before the page text
    assert f"diverged at step {step}" in broken.stdout and "a text the agent read" \
        in broken.stdout
    assert 'expected: the app shows "Submitted: Grace Hopper"' in broken.stdout


def test_replay_cli_passes_live_and_reports_the_divergence(
        session: Path, demo: DemoApp, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "form.json"
    assert cli.main(["export", str(session), "--script", str(script)]) == 0
    capsys.readouterr()
    assert cli.main(["replay", str(script), "--url", demo.url, "--token",
                     demo.token or ""]) == 0
    assert "all 11 steps passed" in capsys.readouterr().out
    assert demo.client().call("qt.properties.get", {
        "objectId": "countryCombo", "name": "currentText"})["value"] == "Germany"

    monkeypatch.setenv("QTMCP_DEMO_BROKEN", "1")
    assert cli.main(["replay", str(script), "--launch", "--timeout", "1"]) == 1
    err = capsys.readouterr().err
    assert "diverged at step 10 (session call" in err
    assert "found:    no name or value containing it after 1 s" in err
    assert "(9 of 11 steps passed before it)" in err
    # the property the agent read diverges too, naming the value found
    lenient = {**json.loads(script.read_text())}
    lenient["steps"] = [{k: v for k, v in s.items() if k != "shows"}
                        for s in lenient["steps"]]
    script.write_text(json.dumps(lenient))
    assert cli.main(["replay", str(script), "--launch", "--timeout", "1"]) == 1
    err = capsys.readouterr().err
    assert "diverged at step 11 (session call" in err
    assert 'found:    text == "Sent: Ada Lovelace" (still, after 1 s)' in err


def test_bad_input_gives_clear_errors(session: Path, demo: DemoApp, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "notes.qtmcp-session"
    other.write_text('{"hello": 1}\n')
    assert cli.main(["export", str(other), "--pytest", str(tmp_path / "t.py")]) == 2
    assert "is not a qtmcp-session file" in capsys.readouterr().err
    assert cli.main(["export", str(session)]) == 2
    assert "give --pytest OUT.py and/or --script OUT.json" in capsys.readouterr().err
    assert cli.main(["export", str(session), "--script", "x.json", "--rows", "2-999"]) == 2
    assert "outside 1-" in capsys.readouterr().err
    assert cli.main(["export", str(session), "--script", "x.json", "--client", "nobody"]) == 2
    assert "form-agent" in capsys.readouterr().err  # the clients that exist

    target = ["--url", demo.url, "--token", demo.token or ""]
    junk = tmp_path / "junk.json"
    junk.write_text('{"steps": []}')
    assert cli.main(["replay", str(junk), *target]) == 2
    assert "not a qtmcp-script file" in capsys.readouterr().err

    def script(*steps: dict[str, Any]) -> str:
        path = tmp_path / "s.json"
        path.write_text(json.dumps({"format": "qtmcp-script", "version": 1, "timeout": 0.3,
                                    "steps": list(steps)}))
        return str(path)

    assert cli.main(["replay", script({"do": "chr.clik", "target": "submitButton"},
                                      {"check": "nope"}), *target]) == 2
    err = capsys.readouterr().err
    assert "step 2 is neither an action" in err
    assert cli.main(["replay", script({"do": "chr.clik", "target": "submitButton"}),
                     *target]) == 2
    assert "step 1: the probe has no method 'chr.clik' (did you mean chr.click" in \
        capsys.readouterr().err
    assert cli.main(["replay", script({"do": "chr.click", "target": "mainWindow/noSuchButton",
                                       "params": {}}), *target]) == 1
    err = capsys.readouterr().err
    assert "diverged at step 1: chr.click on noSuchButton" in err
    assert "expected: the element exists" in err
    assert "no element matches 'mainWindow/noSuchButton' after 0.3 s" in err
    assert cli.main(["replay", script({"do": "chr.formInput", "target": FORM + "ageSpin",
                                       "params": {"value": "old"}}), *target]) == 1
    err = capsys.readouterr().err
    assert "expected: the call succeeds, as it did when recorded" in err
    assert "found:    FORM_INPUT_INVALID: 'old' is not a number" in err


def test_item_refs_replay_by_role_and_name(demo: DemoApp) -> None:
    """A tab has no QObject of its own: its step names the tab bar plus role and name."""
    def open_data_tab(agent: Client) -> None:
        tab = next(m["ref"] for m in agent.call("chr.find", {"query": "Data"})["matches"]
                   if m["role"] == "tab")
        agent.call("chr.click", {"ref": tab})
        agent.call("qt.properties.get", {"objectId": "tabs", "name": "currentIndex"})

    records = record(demo, open_data_tab)
    script = se.build_script(records, {"app": "qtmcp-demo"})
    read, click, check = script["steps"]
    assert read == {**read, "check": "text", "texts": ["Data"]}  # what the find matched
    assert click["item"] == {"role": "tab", "name": "Data"}
    assert click["target"].endswith("/qt_tabwidget_tabbar")
    assert check == {**check, "check": "property", "property": "currentIndex", "value": 1}

    client = demo.client()
    client.call("qt.properties.set", {"objectId": "tabs", "name": "currentIndex", "value": 0})
    report = Replayer(client).run(script)
    assert report.ok, report.divergence
    assert client.call("qt.properties.get", {"objectId": "tabs", "name": "currentIndex"}
                       )["value"] == 1
    client.call("qt.properties.set", {"objectId": "tabs", "name": "currentIndex", "value": 0})
    missing = {**click, "item": {"role": "tab", "name": "Nowhere"}}
    with pytest.raises(Divergence, match="tab 'Nowhere' in it"):
        Replayer(client).run_step(missing)
    with pytest.raises(ScriptError, match="takes no element"):
        Replayer(client).do("qt.ping", "tabs")


def test_the_app_says_how_it_was_started(demo: DemoApp, plain_demo: AppDriver) -> None:
    """qt.version's command line starts the app again as its user did: ``python -m``
    with the app's own arguments, a script by its path; the probe's launcher and its
    options are not in it (``qtmcp launch`` leaves the app only its own argv)."""
    assert demo.client().call("qt.version")["command"] == [
        sys.executable, "-m", "resources.demo_app", "--probe", "--control-stdin"]
    assert plain_demo.call("qt.version")["command"] == DEMO_COMMAND
    launched = start_demo(launch=True)
    try:
        info = launched.client().call("qt.version")
        assert info["command"] == [sys.executable, "-m", "resources.demo_app",
                                   "--control-stdin"]
        assert info["cwd"] == str(ROOT)
    finally:
        launched.stop()
    script = ROOT / "tests" / "apps" / "problems_app.py"
    with launch_app([sys.executable, str(script)], cwd=script.parent) as app:
        info = app.call("qt.version")
        assert info["command"] == [sys.executable, str(script)]
        assert info["cwd"] == str(script.parent)


def test_converter_rules_without_an_app() -> None:
    """Pure conversion: rows, polling, targets without handles, names and ids."""
    assert se.parse_rows("3-5,1", 9) == [0, 2, 3, 4]
    assert se.parse_rows("8-", 9) == [7, 8]
    with pytest.raises(se.ExportError, match="bad rows"):
        se.parse_rows("a-b", 9)

    def get(value: str, seq: int) -> dict[str, Any]:  # as the traffic mirror records it
        return {"seq": seq, "method": "qt.properties.get", "ok": True, "client": {"name": "a"},
                "params": {"objectId": "statusLabel", "name": "text"},
                "replay": {"how": "check", "check": "property"},
                "target": {"param": "objectId", "selector": "statusLabel"},
                "result": {"result": {"value": value}, "meta": {}}}

    # a target named by a path whose handles were not taken: the path is the selector
    click = {"seq": 3, "method": "qt.ui.click", "ok": True, "changesApp": True,
             "params": {"target": "submitButton"}, "target": {"param": "target"},
             "result": {"result": {}, "meta": {}}}
    # refs and #N ids mean nothing in another session: with no handles, no step
    old = {"seq": 4, "method": "chr.click", "ok": True, "changesApp": True,
           "params": {"ref": "ref_3"}, "target": {"param": "ref"}}
    by_id = {"seq": 5, "method": "qt.properties.set", "ok": True, "changesApp": True,
             "params": {"objectId": "#12", "name": "text", "value": "x"},
             "target": {"param": "objectId"}}
    script = se.build_script([get("Ready", 1), get("Busy", 2), click, old, by_id,
                              get("Done", 6)], {})
    steps = script["steps"]
    assert [s.get("value", s.get("do")) for s in steps] == ["Busy", "qt.ui.click", "Done"]
    assert steps[1]["target"] == "submitButton" and steps[1]["params"] == {}
    assert script["command"] is None
    with pytest.raises(se.ExportError, match="does not say how to start"):
        se.render_pytest(script)
    text = se.render_pytest({**script, "command": ["python", "app.py"]})
    assert 'app.expect_property("statusLabel", "text", "Done")' in text
    why = [s["why"] for s in script["skipped"]]
    assert sum("no stable selector recorded" in w for w in why) == 2
    with pytest.raises(se.ExportError, match="nothing to replay in 2 calls"):
        se.build_script([old, by_id], {})
    assert se.condition_text(True) == "true" and se.condition_text([1, "a"]) == '[1,"a"]'


def test_slot_results_are_checked_and_clashing_names_kept(demo: DemoApp) -> None:
    """qt.methods.invoke has a param called ``method``: the step passes ``params=``."""
    records = record(demo, lambda agent: agent.call("qt.methods.invoke", {
        "objectId": "mainWindow", "method": "greet", "args": ["Ada", 2]}))
    script = se.build_script(records, {"app": "qtmcp-demo"})
    (step,) = script["steps"]
    assert step["target"] == "mainWindow"
    assert step["params"] == {"method": "greet", "args": ["Ada", 2]}
    assert step["expect"] == {"returned": "Hello, Ada! Hello, Ada!"}
    text = se.render_pytest(script)
    assert '    params={"method": "greet", "args": ["Ada", 2]},\n' in text
    client = demo.client()
    assert Replayer(client).run(script).ok
    with pytest.raises(Divergence, match='expected: returned == "Hi"\n  found:    returned'):
        Replayer(client).run_step({**step, "expect": {"returned": "Hi"}})


def test_calls_that_run_other_calls_are_replayed_by_their_steps(demo: DemoApp) -> None:
    """chr.fillForm, chr.batch and chr.computer record each call they make: a replay runs
    those once, not the outer call as well."""
    def agent_calls(agent: Client) -> None:
        agent.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
        page = agent.call("chr.readPage", {"filter": "interactive"})["text"]
        refs = {line.split('"')[1]: line.split("[")[1].split("]")[0]
                for line in page.splitlines() if '"' in line and "[ref_" in line}
        agent.call("chr.fillForm", {"fields": [{"ref": refs["Name"], "value": "Nested"}]})
        agent.call("chr.batch", {"actions": [
            {"action": "form_input", "ref": refs["I accept the terms and conditions"],
             "value": True}]})
        agent.call("chr.computer", {"action": "left_click", "ref": refs["Submit"]})

    records = record(demo, agent_calls)
    script = se.build_script(records, {"app": "qtmcp-demo"})
    assert [s["do"] for s in script["steps"] if "do" in s] == ["qt.methods.invoke", "chr.formInput",
                                                   "chr.formInput", "chr.click"]
    skipped = {s["method"] for s in script["skipped"]}
    assert {"chr.fillForm", "chr.batch", "chr.computer"} <= skipped
    client = demo.client()
    client.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    assert Replayer(client).run(script).ok
    submissions = client.call("qt.properties.get", {"objectId": "statusLabel", "name": "text"})
    assert submissions["value"] == "Submitted: Nested"
