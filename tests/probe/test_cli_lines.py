"""``qtmcp call --lines``: several calls in one session from a file or stdin, from the shell."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from probe.client import Client
from tests.support.app import ROOT, DemoApp
from tests.support.chrome import ref_of


def _cli(demo: DemoApp, *args: str) -> list[str]:
    return [sys.executable, "-m", "probe.cli", "call", *args, "--url", demo.url,
            "--token", demo.token or ""]


def _name(qt: Client) -> str:
    return qt.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})["value"]


def test_refs_of_one_answer_work_in_the_next_line(demo: DemoApp, qt: Client) -> None:
    qt.call("chr.navigate", {"url": "Form"})
    qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    proc = subprocess.Popen(_cli(demo, "--lines", "-"), cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write('{"method": "chr.readPage", "params": {"filter": "interactive"}}\n')
        proc.stdin.flush()
        first = json.loads(proc.stdout.readline())  # answered before the next line is sent
        assert first["line"] == 1 and first["method"] == "chr.readPage"
        ref = ref_of(first["result"], "Name", "textbox")
        proc.stdin.write("# a comment, then the short form\n\n")
        proc.stdin.write(f'chr.formInput {{"ref": "{ref}", "value": "From the shell"}}\n')
        proc.stdin.close()
        second = json.loads(proc.stdout.readline())
        assert proc.wait(30) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
    assert second["line"] == 4 and second["result"]["value"] == "From the shell"
    assert second["result"]["changes"] == f'~ textbox "Name" [{ref}]: value "" -> ' \
                                          '"From the shell"'
    assert _name(qt) == "From the shell"
    # the same ref in a call of its own is another session's: it names nothing there
    alone = subprocess.run(_cli(demo, "chr.formInput", json.dumps({"ref": ref, "value": "x"})),
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert alone.returncode == 1 and "REF_NOT_FOUND" in alone.stderr
    assert _name(qt) == "From the shell"


def test_a_failing_call_stops_the_run_unless_told_to_go_on(demo: DemoApp, qt: Client,
                                                           tmp_path: Path) -> None:
    script = tmp_path / "calls.jsonl"
    script.write_text('{"method": "qt.ping"}\n'
                      '{"method": "qt.properties.get", "params": {"objectId": "nope", '
                      '"name": "text"}}\n'
                      '{"method": "qt.version"}\n', encoding="utf-8")
    stopped = subprocess.run(_cli(demo, "--lines", str(script)), cwd=ROOT, capture_output=True,
                             text=True, timeout=60)
    answers = [json.loads(line) for line in stopped.stdout.splitlines()]
    assert stopped.returncode == 1 and [a["line"] for a in answers] == [1, 2]
    assert answers[0]["result"]["pong"] is True
    assert answers[1]["error"]["name"] == "OBJECT_NOT_FOUND" and answers[1]["error"]["hint"]
    on = subprocess.run(_cli(demo, "--lines", str(script), "--keep-going", "--envelope"),
                        cwd=ROOT, capture_output=True, text=True, timeout=60)
    answers = [json.loads(line) for line in on.stdout.splitlines()]
    assert on.returncode == 1 and [a["line"] for a in answers] == [1, 2, 3]
    assert "durationMs" in answers[2]["meta"] and answers[2]["result"]["pid"] == demo.pid


def test_a_line_that_is_no_call_is_refused(demo: DemoApp, tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text('{"method": "qt.ping"}\n{"method": 5}\n', encoding="utf-8")
    bad = subprocess.run(_cli(demo, "--lines", str(script)), cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "line 2" in bad.stderr and "chr.click" in bad.stderr
    missing = subprocess.run(_cli(demo, "--lines", str(tmp_path / "none.jsonl")), cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    neither = subprocess.run(_cli(demo), cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert neither.returncode == 2 and "--lines" in neither.stderr
