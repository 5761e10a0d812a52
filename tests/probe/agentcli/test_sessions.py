"""The CLI's sessions: refs that last between invocations, and only for their session;
an app restarted is a new app; a session is the user's alone, lists and closes, ends by
itself when idle, starts once when two commands race; the inspector sees its calls."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.support.agentcli import Cli, runtime_with
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.chrome import ref_in


@pytest.fixture
def cli(demo: DemoApp) -> Iterator[Cli]:
    """A folder with the demo, and a session of this test's own."""
    runner = Cli(runtime_with(demo.info), session="s1")
    yield runner
    runner.close()


def _socket(cli: Cli, name: str | None = None) -> str:
    return str(cli.runtime / f"cli-{name or cli.session}.sock")


def test_a_ref_means_nothing_in_another_session(cli: Cli) -> None:
    submit = ref_in(cli.ok("page", "--filter", "interactive"), 'button "Submit"')
    err = cli.fails("click", submit, "-s", "other")
    assert err.startswith(f"REF_NOT_FOUND: {submit} names nothing: it was never issued in "
                          "this session"), err
    other = Cli(cli.runtime, session="other")
    assert ref_in(other.ok("page", "--filter", "interactive"), 'button "Submit"') == submit
    assert '"name":"Submit"' in other.ok("click", submit)  # its own read, its own ref


def test_an_app_restarted_is_a_new_app(cli: Cli) -> None:
    before = start_demo()
    try:
        runner = Cli(runtime_with(before.info), session="restart")
        submit = ref_in(runner.ok("page", "--filter", "interactive"), 'button "Submit"')
    finally:
        before.stop()
    after = start_demo()
    try:
        (runner.runtime / f"{before.pid}.json").unlink(missing_ok=True)
        runner.runtime.joinpath(f"{after.pid}.json").write_bytes(
            open(after.info.path, "rb").read())
        err = runner.fails("click", submit)
        assert err.startswith(f"REF_NOT_FOUND: {submit} names nothing: it was never issued"), err
        assert '"name":"Submit"' in runner.ok("click", ref_in(
            runner.ok("page", "--filter", "interactive"), 'button "Submit"'))
        # the session now holds the new app only
        assert [a["pid"] for a in _status(runner)["apps"]] == [after.pid]
    finally:
        runner.close()
        after.stop()


def _status(cli: Cli) -> dict[str, object]:
    import json

    out = cli.ok("session", "list")
    rows = [line.split() for line in out.splitlines()[1:]]
    row = next(r for r in rows if r[0] == cli.session)
    return {"session": row[0], "pid": int(row[1]),
            "apps": [{"pid": int(w)} for w in row[4:] if w.isdigit()], "raw": json.dumps(row)}


def test_the_session_is_the_users_alone(cli: Cli) -> None:
    cli.ok("tabs")
    folder = os.stat(cli.runtime)
    sock = os.stat(_socket(cli))
    assert stat.S_IMODE(folder.st_mode) == 0o700 and folder.st_uid == os.getuid()
    assert stat.S_ISSOCK(sock.st_mode) and stat.S_IMODE(sock.st_mode) == 0o600
    if os.getuid() != 0:
        return  # the rest needs another user: only root can become one
    # open the way (as a careless umask or a shared folder would) and knock as nobody:
    # the session hangs up without an answer, and is still there for its user
    os.chmod(cli.runtime, 0o755)
    os.chmod(_socket(cli), 0o666)
    try:
        knock = ("import socket, sys\n"
                 "s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])\n"
                 "try:\n"
                 "    s.sendall(b'{\"op\": \"status\"}\\n')\n"
                 "    print(repr(s.recv(100)))\n"
                 "except (ConnectionResetError, BrokenPipeError):\n"
                 "    print('reset')")  # hung up on before or after it spoke
        # a Python nobody may run (this one may live in root's home)
        python = shutil.which("python3", path="/usr/bin:/usr/local/bin") or sys.executable
        done = subprocess.run([python, "-c", knock, _socket(cli)], user="nobody",
                              capture_output=True, text=True, timeout=30)
    finally:
        os.chmod(cli.runtime, 0o700)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() in ("b''", "reset")  # connected, then hung up on: no answer
    log = (cli.runtime / f"cli-{cli.session}.log").read_text()
    assert "refused a caller of uid" in log
    assert '"title":"qtmcp demo"' in cli.ok("tabs")


def test_list_and_close(cli: Cli, demo: DemoApp) -> None:
    cli.ok("tabs")
    listed = cli.ok("session", "list")
    assert f"{demo.pid} (" in listed and listed.splitlines()[1].startswith("s1 ")
    assert cli.ok("session", "close") == "closed s1\n"
    assert cli.ok("session", "list") == "no sessions\n"
    assert not os.path.exists(_socket(cli))
    assert "no session 's1' is running" in cli.fails("session", "close")


def test_a_session_ends_itself_when_idle(demo: DemoApp) -> None:
    cli = Cli(runtime_with(demo.info), session="brief")
    cli.env["QTMCP_SESSION_IDLE"] = "1"
    cli.ok("tabs")
    wait_until(lambda: not os.path.exists(_socket(cli)), 30, "the idle session to end")
    assert cli.ok("session", "list") == "no sessions\n"


def test_two_commands_starting_one_session_share_it(cli: Cli) -> None:
    with ThreadPoolExecutor(4) as pool:
        runs = list(pool.map(lambda _: cli.run("tabs"), range(4)))
    assert all(r.code == 0 for r in runs), [str(r) for r in runs if r.code]
    assert len(cli.ok("session", "list").splitlines()) == 2  # the header and one session


def test_the_inspector_sees_the_cli_calls_as_a_clients(cli: Cli, demo: DemoApp) -> None:
    watcher = demo.client(name="inspector", role="inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    cli.ok("find", "newsletter")
    note = watcher.wait_notification(
        "probe.traffic", lambda p: p.get("method") == "chr.find"
        and p.get("client", {}).get("role") == "cli", timeout=30)
    assert note["client"]["name"] == "qtmcp-cli:s1"
    watcher.close()


def test_a_runtime_folder_too_deep_for_a_socket_says_so(demo: DemoApp) -> None:
    deep = runtime_with(demo.info) / ("d" * 100)
    deep.mkdir(mode=0o700)
    shutil.copyfile(demo.info.path, deep / f"{demo.pid}.json")
    err = Cli(deep, session="deep").fails("tabs")
    assert err.startswith("SESSION_FAILED: the session's socket path ") and \
        "too long for a Unix socket; set QTMCP_RUNTIME_DIR to a shorter folder" in err
