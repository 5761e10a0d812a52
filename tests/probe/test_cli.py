"""The ``qtmcp`` command as a user meets it: ``demo`` and Ctrl+C, a platform plugin that
cannot load, an app that dies at start, --version, a closed pipe, a missing module, flag
names in errors and the schema summary. Real processes, real apps."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from probe import discovery
from probe.client import Client
from probe.launcher import display
from probe.launcher.launch import wait_for_probe
from tests.support.app import ROOT, DemoApp, start_demo, wait_until

QTMCP = [sys.executable, "-m", "probe.cli"]


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 60
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*QTMCP, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, **(env or {})})


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-3000:]


@pytest.fixture()
def runtime(tmp_path: Path) -> Path:
    """A discovery folder of the test's own (mode 0700, as the probe wants it)."""
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    return folder


def alive(pid: int) -> bool:
    """Alive and not a zombie (a child of ours is reaped by its own parent here)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_demo_cli(runtime: Path, *args: str) -> subprocess.Popen[str]:
    """``qtmcp demo`` in a process group of its own, as a terminal runs it."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QTMCP_RUNTIME_DIR": str(runtime)}
    return subprocess.Popen([*QTMCP, "demo", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def wait_for_demo(runtime: Path, proc: subprocess.Popen[str], inspector: bool) -> int:
    """The demo app's pid once it runs (and the inspector is connected, if asked)."""
    info = wait_until(lambda: proc.poll() is None and discovery.list_probes(runtime),
                      timeout=60, what="the demo app's discovery file")[0]
    with Client.connect(info.url, info.token, name="pytest", role="test") as c:
        wait_until(lambda: c.call("qt.ping")["busy"] is False, what="its event loop")
        if inspector:
            wait_until(lambda: any(s["role"] == "inspector"
                                   for s in c.call("probe.sessions")),
                       timeout=60, what="the inspector connected")
    return info.pid


def stop_demo(runtime: Path, proc: subprocess.Popen[str], inspector: bool, how: signal.Signals,
              group: bool) -> tuple[int, str]:
    """Send ``how`` to a running ``qtmcp demo`` (to its whole process group, as a
    terminal's Ctrl+C does, when ``group``); its demo app's pid and its stderr."""
    return signal_demo(proc, lambda: wait_for_demo(runtime, proc, inspector), how, group)


def signal_demo(proc: subprocess.Popen[str], ready: Callable[[], int], how: signal.Signals,
                group: bool = True) -> tuple[int, str]:
    """Once ``ready()`` gives the demo app's pid, send ``how`` to ``qtmcp demo`` (its whole
    group when ``group``); the app's pid and the stderr, once both have ended."""
    try:
        app_pid = ready()
        if group:
            os.killpg(proc.pid, how)
        else:
            proc.send_signal(how)
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    wait_until(lambda: not alive(app_pid), timeout=15, what="the demo app to end")
    return app_pid, err


@pytest.mark.parametrize("inspector", [True, False], ids=["with-inspector", "app-only"])
def test_ctrl_c_on_demo_stops_both_and_leaves_no_file(runtime: Path, inspector: bool) -> None:
    proc = start_demo_cli(runtime, *([] if inspector else ["--no-inspector"]))
    _pid, err = stop_demo(runtime, proc, inspector, signal.SIGINT, group=True)
    assert not list(runtime.glob("*.json")), "a discovery file stayed behind"
    no_traceback(err)
    assert proc.returncode in (0, 130), err[-2000:]


def children_of(pid: int) -> list[int]:
    """The live child processes of ``pid`` (from /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                out.append(int(entry.name))
    return out


@pytest.mark.parametrize("moment", ["app-starting", "inspector-starting"])
def test_ctrl_c_during_start_up_stops_both(runtime: Path, moment: str) -> None:
    """Ctrl+C while the demo app starts (its process exists) and while the inspector
    starts (the app's probe is up, the inspector not yet connected): neither is left
    running, no file stays, no traceback (before: the app's quit was lost while no event
    loop ran, and a Ctrl+C between spawning the app and waiting for it orphaned it)."""
    proc = start_demo_cli(runtime)

    def ready() -> int:
        if moment == "app-starting":
            return int(wait_until(lambda: children_of(proc.pid), timeout=60,
                                  what="the demo app's process")[0])
        return int(wait_until(lambda: discovery.list_probes(runtime), timeout=60,
                              what="the demo app's probe")[0].pid)

    _pid, err = signal_demo(proc, ready, signal.SIGINT)
    assert not list(runtime.glob("*.json")), "a discovery file stayed behind"
    no_traceback(err)
    assert proc.returncode in (0, 130), err[-2000:]


def test_a_signal_before_the_inspectors_handler_ends_it_at_once(tmp_path: Path) -> None:
    """A Ctrl+C that reached ``qtmcp demo`` before the inspector installed its handler
    stopped the app, and its KeyboardInterrupt can be lost in the code it interrupted (an
    import hook, a Qt virtual). A Ctrl+C 3 s into ``qtmcp demo`` left it in the inspector's
    loop with the app gone in 1 of 3 runs once (#37; the moment was not caught again): the
    inspector asks whether one came, right after installing its own handler, and ends
    (130), never showing a window or running its loop."""
    code = ("import sys\n"
            "from PySide6.QtWidgets import QApplication\n"
            "from inspector.app.start import main\n"
            "code = main(['--pid=1'], on_interrupt=lambda: print('app stopped'),\n"
            "            interrupted=lambda: True)\n"
            "print('windows', len(QApplication.topLevelWidgets()))\n"
            "sys.exit(code)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen",
                               "XDG_CONFIG_HOME": str(tmp_path)})
    assert done.returncode == 130, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["app stopped", "windows 0"], done.stdout
    no_traceback(done.stderr)


def test_sigterm_on_demo_stops_both(runtime: Path) -> None:
    proc = start_demo_cli(runtime)
    _pid, err = stop_demo(runtime, proc, True, signal.SIGTERM, group=False)
    assert not list(runtime.glob("*.json"))
    no_traceback(err)


@pytest.fixture()
def broken_xcb(tmp_path: Path) -> Iterator[Path]:
    """A copy of this PySide6's xcb plugin that needs a library no system has (one of its
    real dependencies renamed), beside Qt's own libraries as the original has them."""
    real = display.plugin_path("xcb", {})
    if real is None or shutil.which("ldd") is None:
        pytest.skip("this PySide6 has no xcb plugin, or there is no ldd")
    plugins = tmp_path / "plugins" / "platforms"
    plugins.mkdir(parents=True)
    (tmp_path / "lib").symlink_to(real.parent.parent.parent / "lib")
    data = real.read_bytes()
    assert data.count(b"libxcb-shape.so.0") == 1
    (plugins / real.name).write_bytes(data.replace(b"libxcb-shape.so.0", b"libxcb-shapx.so.0"))
    yield plugins


def test_a_plugin_that_cannot_load_names_the_missing_libraries(runtime: Path,
                                                              broken_xcb: Path) -> None:
    env = {"QT_QPA_PLATFORM": "xcb", "QT_QPA_PLATFORM_PLUGIN_PATH": str(broken_xcb),
           "DISPLAY": ":99", "QTMCP_RUNTIME_DIR": str(runtime)}
    started = time.monotonic()
    done = run_cli("demo", env=env)
    assert done.returncode == 1
    assert "libxcb-shapx.so.0" in done.stderr  # read from the plugin, not guessed
    assert "apt-get install" in done.stderr and "libxcb-shapx0" in done.stderr
    assert "dnf install" in done.stderr and "QT_QPA_PLATFORM=offscreen" in done.stderr
    assert "demo app pid" not in done.stderr  # nothing was started
    assert not list(runtime.glob("*.json"))
    assert time.monotonic() - started < 30
    no_traceback(done.stderr)
    # the inspector alone says the same instead of aborting
    alone = subprocess.run([sys.executable, "-m", "inspector"], cwd=ROOT, capture_output=True,
                           text=True, timeout=60, env={**os.environ, **env})
    assert alone.returncode == 1 and "libxcb-shapx.so.0" in alone.stderr
    no_traceback(alone.stderr)


def test_package_names_follow_the_library_names() -> None:
    assert display.debian_package("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert display.debian_package("libxcb-render-util.so.0") == "libxcb-render-util0"
    assert display.debian_package("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert display.fedora_package("libxcb-keysyms.so.1") == "xcb-util-keysyms"
    assert display.platform_name({"QT_QPA_PLATFORM": "wayland;xcb"}) == "wayland"
    assert display.plugin_problem({"QT_QPA_PLATFORM": "offscreen"}) is None


def test_an_app_that_dies_at_start_is_not_reported_as_started(runtime: Path) -> None:
    """The probe runs (and writes its discovery file) before the app's window: an app that
    then dies must not be announced as running."""
    done = run_cli("demo", "--no-inspector", env={
        "QT_QPA_PLATFORM": "no-such-platform", "QTMCP_RUNTIME_DIR": str(runtime)})
    assert done.returncode == 1
    assert "did not start" in done.stderr and "demo app pid" not in done.stderr
    assert not list(runtime.glob("*.json"))


def test_version() -> None:
    done = run_cli("--version")
    assert done.returncode == 0
    assert done.stdout.startswith("qtmcp 0.") and "PySide6 6." in done.stdout


def test_closed_pipe_and_missing_module_print_no_traceback(demo: DemoApp) -> None:
    # a reader that stops early, as `qtmcp schema --json | head -1` does
    proc = subprocess.Popen([*QTMCP, "schema", "--json", "--pid", str(demo.pid)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "{"
    proc.stdout.close()
    err = proc.stderr.read() if proc.stderr else ""
    proc.wait(30)
    no_traceback(err)
    assert "BrokenPipe" not in err
    done = run_cli("launch", "-m", "no_such_module_here")
    assert done.returncode == 1
    assert "no module named 'no_such_module_here'" in done.stderr
    no_traceback(done.stderr)


def test_errors_name_the_flags(demo: DemoApp) -> None:
    second = start_demo()
    try:
        done = run_cli("call", "qt.ping")
        assert done.returncode == 1
        assert "--pid" in done.stderr and "--app" in done.stderr
        assert "pid=" not in done.stderr  # the Python API's words, not the CLI's
        assert str(demo.pid) in done.stderr and str(second.pid) in done.stderr
        done = run_cli("call", "qt.ping", "--pid", "1")
        assert done.returncode == 1 and "--pid 1" in done.stderr
    finally:
        second.stop()


def test_schema_lists_names_with_summaries(demo: DemoApp) -> None:
    done = run_cli("schema", "--pid", str(demo.pid))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    full = json.loads(run_cli("schema", "--json", "--pid", str(demo.pid)).stdout)
    assert len(lines) == len(full["methods"])
    for line, method in zip(lines, full["methods"], strict=True):
        assert line.startswith(method["name"] + " ")
        assert line.rstrip().endswith(method["summary"])
        marked = line[len(method["name"]):].lstrip().startswith("*")
        assert marked == method["changesApp"], line
    assert "--json" in done.stderr
    only = run_cli("schema", "--prefix", "chr.", "--pid", str(demo.pid)).stdout.splitlines()
    assert only and all(x.startswith("chr.") for x in only)


def test_a_call_says_the_command_that_made_it_to_the_traffic_mirror(demo: DemoApp) -> None:
    """The inspector's request log shows the command as typed — never its token."""
    watcher = demo.client(name="watcher", role="inspector")
    watcher.call("probe.subscribe", {"topics": ["traffic"]})
    done = run_cli("call", "qt.properties.get", '{"objectId": "nameEdit", "name": "text"}',
                   "--pid", str(demo.pid), "--token", str(demo.token))
    assert done.returncode == 0, done.stderr
    record = watcher.wait_notification(
        "probe.traffic", lambda p: p["method"] == "qt.properties.get" and "via" in p)
    assert record["via"] == {"command": "qtmcp call qt.properties.get "
                                        "'{\"objectId\": \"nameEdit\", \"name\": \"text\"}'"}
    assert str(demo.token) not in json.dumps(record)


def test_a_token_that_starts_with_a_dash_is_taken_either_way() -> None:
    """argparse reads ``--token -x`` as a missing value; the CLI joins it (a user may have
    been given such a token), and the probe's own tokens never start with ``-``."""
    app = start_demo(env={"QTMCP_TOKEN": "-dash-token-0123456789"})
    try:
        url = app.info.url
        for form in (["--token", "-dash-token-0123456789"], ["--token=-dash-token-0123456789"]):
            done = run_cli("call", "qt.ping", "--url", url, *form)
            assert done.returncode == 0, (form, done.stderr)
            assert json.loads(done.stdout)["pong"] is True
        wrong = run_cli("call", "qt.ping", "--url", url, "--token", "-other")
        assert wrong.returncode == 1 and "UNAUTHORIZED" in wrong.stderr + wrong.stdout
    finally:
        app.stop()


def test_files_of_dead_apps_are_removed_by_ls_and_at_start_up(runtime: Path) -> None:
    """A crashed app's file (with its token) goes, even when its pid now belongs to another
    process (one started after it) or to a zombie; a live probe's file stays."""
    env = {"QTMCP_RUNTIME_DIR": str(runtime)}
    later = subprocess.Popen(["sleep", "60"])  # a pid reused: started after the "probe"
    zombie = subprocess.Popen(["true"])  # exits; not reaped until the end: a zombie
    wait_until(lambda: not alive(zombie.pid), timeout=10)
    try:
        for pid in (later.pid, zombie.pid, 2**22 + 7):
            discovery.write(discovery.ProbeInfo(pid=pid, app="crashed", url="ws://x",
                                                port=1, token="secret",
                                                started=time.time() - 3600), runtime)
        listed = run_cli("ls", "--json", env=env)
        assert json.loads(listed.stdout) == [] and list(runtime.glob("*.json")) == []
        stale = discovery.write(discovery.ProbeInfo(
            pid=later.pid, app="crashed", url="ws://x", port=1, token="secret",
            started=time.time() - 3600))  # in the folder the tests' apps use
        app = start_demo()  # a probe starting up cleans the folder too
        try:
            assert not stale.exists()
            assert discovery.path_for(app.pid).exists()
        finally:
            app.stop()
    finally:
        later.kill()
        later.wait()
        zombie.wait()


def test_a_token_from_a_file_stays_out_of_the_process_list(tmp_path: Path) -> None:
    """`qtmcp launch --token-file F` (or QTMCP_TOKEN): every user can read a command
    line, so the token is not on it; --token still works, with a warning saying why not;
    a token file others may read is refused."""
    secret = "file-token-7f3a9c"
    path = tmp_path / "token"
    path.write_text(secret + "\n")
    path.chmod(0o600)
    proc = subprocess.Popen([*QTMCP, "launch", "--token-file", str(path), "-m",
                             "resources.demo_app", "--control-stdin"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    app = DemoApp(proc, wait_for_probe(proc.pid, timeout=30, proc=proc))
    try:
        assert app.info.token == secret
        assert secret.encode() not in Path(f"/proc/{proc.pid}/cmdline").read_bytes()
        assert app.client().call("qt.ping")["pong"] is True
        url = app.info.url
        by_file = run_cli("call", "qt.ping", "--url", url, "--token-file", str(path))
        assert by_file.returncode == 0 and "warning" not in by_file.stderr, by_file.stderr
        by_argv = run_cli("call", "qt.ping", "--url", url, "--token", secret)
        assert by_argv.returncode == 0, by_argv.stderr
        assert "warning: --token: every user of this machine sees a command line" in \
            by_argv.stderr and "--token-file" in by_argv.stderr
        path.chmod(0o644)
        loose = run_cli("call", "qt.ping", "--url", url, "--token-file", str(path))
        assert loose.returncode == 1 and f"chmod 600 {path}" in loose.stderr, loose.stderr
        missing = run_cli("call", "qt.ping", "--url", url, "--token-file", str(tmp_path / "x"))
        assert missing.returncode == 1 and "cannot read the token file" in missing.stderr
        no_traceback(loose.stderr + missing.stderr)
    finally:
        app.stop()
