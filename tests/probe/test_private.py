"""The user's private qtmcp folder against another local user (probe/private.py,
probe/discovery.py): a planted link, a planted 0666 file, a planted fake probe and a
folder made by the other user give that user no token, no write and no listed probe; a
client with a clean environment finds the apps. The two-user tests act as a second uid
(tests/support/users.py: root on CI, skipped elsewhere)."""

from __future__ import annotations

import json
import os
import queue
import socket
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import mcp_types as types
import pytest

from probe import discovery, private
from probe.exceptions import UnsafeFolder
from tests.support.app import ROOT, wait_until
from tests.support.mcp_session import McpSession
from tests.support.users import OtherUser, other_user

GATED = ROOT / "tests" / "apps" / "gated_app.py"
QTMCP = [sys.executable, "-m", "probe.cli"]


class Gated:
    """tests/apps/gated_app.py: its pid is known before the probe writes anything."""

    def __init__(self, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen([sys.executable, str(GATED)], cwd=ROOT, text=True,
                                     env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.pid = self.proc.pid
        self.lines: queue.Queue[str] = queue.Queue()
        self.err: list[str] = []
        threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines.put),
                         daemon=True).start()
        threading.Thread(target=self._pump, args=(self.proc.stderr, self.err.append),
                         daemon=True).start()

    @staticmethod
    def _pump(stream: object, put: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            put(line)  # type: ignore[operator]

    def go(self) -> dict[str, str | None]:
        """Install the probe now; what it printed (tokens, discovery file)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()
        try:
            line = self.lines.get(timeout=60)
        except queue.Empty:
            raise AssertionError(f"the app did not start: {''.join(self.err)[-2000:]}") from None
        assert line.startswith("ready "), line + "".join(self.err)[-2000:]
        return json.loads(line[len("ready "):])

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(15)


def env_for(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("QTMCP_RUNTIME_DIR", "XDG_RUNTIME_DIR")}
    return {**env, "HOME": str(home), "QT_QPA_PLATFORM": "offscreen", "QTMCP_QUIET": "1",
            **extra}


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    """The victim's home, with a file a planted link would point at."""
    folder = tmp_path / "home"
    folder.mkdir(mode=0o700)
    (folder / ".bashrc").write_text("# the victim's own\n")
    return folder


@pytest.fixture(scope="module")
def intruder() -> OtherUser:
    return other_user()


@pytest.fixture()
def intruders_folder(intruder: OtherUser) -> Iterator[Path]:
    """A folder the other user made, open to all, where the victim is told to look."""
    folder = Path(f"/tmp/qtmcp-planted-{os.getpid()}-{time.monotonic_ns()}")
    intruder.run(f"mkdir -m 0777 {folder}")
    yield folder
    subprocess.run(["rm", "-rf", str(folder)], check=False)


def test_a_folder_made_by_another_user_gives_it_no_token_no_write_no_fake_probe(
        home: Path, intruder: OtherUser, intruders_folder: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = intruders_folder
    env = env_for(home, QTMCP_RUNTIME_DIR=str(folder))
    linked, opened = Gated(env), Gated(env)
    try:
        # What the probe would write first (the old temporary name) and last (the file):
        # a link to the victim's ~/.bashrc, and an empty file all may read and write.
        for name in (f".{linked.pid}.json.tmp", f"{linked.pid}.json"):
            intruder.run(f"ln -s {home / '.bashrc'} {folder / name}")
        for name in (f".{opened.pid}.json.tmp", f"{opened.pid}.json"):
            intruder.run(f": > {folder / name} && chmod 0666 {folder / name}")
        # A fake probe that names a live process (init), listed first by age.
        fake = {"pid": 1, "app": "fake-probe", "url": "ws://127.0.0.1:9", "port": 9,
                "token": "t", "started": 1.0}
        intruder.run(f"printf '%s' '{json.dumps(fake)}' > {folder / '1.json'}")
        told = [linked.go(), opened.go()]
        assert linked.proc.poll() is None and opened.proc.poll() is None
        assert (home / ".bashrc").read_text() == "# the victim's own\n"
        seen = intruder.run(f"cat {folder}/* {folder}/.[!.]* 2>/dev/null; ls -la {folder}",
                            check=False).stdout
        for tokens in told:
            assert tokens["token"] and tokens["token"] not in seen, seen
            assert tokens["inspector_token"] and tokens["inspector_token"] not in seen, seen
            assert tokens["path"] is None  # no discovery file at all in that folder
        wait_until(lambda: any("refusing the qtmcp folder" in line for line in linked.err),
                   what="the app to say why it has no discovery file")
        listed = subprocess.run([*QTMCP, "ls", "--json"], cwd=ROOT, env=env, text=True,
                                capture_output=True, timeout=60)
        assert "fake-probe" not in listed.stdout
        assert listed.returncode == 1 and "refusing the qtmcp folder" in listed.stderr, listed
        assert "Traceback" not in listed.stderr
        monkeypatch.setenv("QTMCP_RUNTIME_DIR", str(folder))
        agent = McpSession()
        try:
            apps = agent.call("list_apps")
            text = "".join(c.text for c in apps.content if isinstance(c, types.TextContent))
            assert apps.is_error and text.startswith("UNSAFE_FOLDER: refusing"), text
        finally:
            agent.close()
    finally:
        linked.stop()
        opened.stop()


def test_a_client_with_a_clean_environment_finds_the_app(home: Path, tmp_path: Path) -> None:
    """The MCP SDK's stdio client passes only HOME, LOGNAME, PATH, SHELL, TERM and USER:
    the app (started from a desktop session with XDG_RUNTIME_DIR) must be found there."""
    xdg = tmp_path / "xdg"
    xdg.mkdir(mode=0o700)
    app = Gated(env_for(home, XDG_RUNTIME_DIR=str(xdg)))
    try:
        told = app.go()
        clean = {k: os.environ[k] for k in ("LOGNAME", "PATH", "SHELL", "TERM", "USER")
                 if k in os.environ}
        listed = subprocess.run([*QTMCP, "ls", "--json"], cwd=ROOT, text=True,
                                capture_output=True, timeout=60,
                                env={**clean, "HOME": str(home)})
        assert listed.returncode == 0, listed.stderr
        assert [p["pid"] for p in json.loads(listed.stdout)] == [app.pid]
        assert told["path"] and not Path(told["path"]).is_relative_to(xdg)
    finally:
        app.stop()


def test_readers_skip_what_another_user_could_have_planted(tmp_path: Path) -> None:
    """Only a regular file of the user's own, that no one else may write, named by the pid
    in it: a link, a FIFO, a 0666 file and a file naming another pid are not listed."""
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    me = os.getpid()
    good = discovery.write(discovery.ProbeInfo(pid=me, app="real", url="ws://x", port=1,
                                               token="t"), folder)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"pid": os.getppid(), "app": "linked", "url": "ws://x",
                                     "port": 1, "token": "t"}))
    os.symlink(elsewhere, folder / f"{os.getppid()}.json")
    os.mkfifo(folder / "4000001.json")
    loose = folder / "1.json"
    loose.write_text(json.dumps({"pid": 1, "app": "loose", "url": "ws://x", "port": 1,
                                 "token": "t"}))
    os.chmod(loose, 0o666)
    (folder / "2.json").write_text(json.dumps({"pid": me, "app": "renamed", "url": "ws://x",
                                               "port": 1, "token": "t"}))
    assert [p.app for p in discovery.list_probes(folder)] == ["real"]
    assert stat.S_IMODE(good.stat().st_mode) == 0o600


def test_readers_skip_files_of_another_user(tmp_path: Path, intruder: OtherUser) -> None:
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    theirs = folder / f"{os.getpid()}.json"
    theirs.write_text(json.dumps({"pid": os.getpid(), "app": "theirs", "url": "ws://x",
                                  "port": 1, "token": "t"}))
    os.chmod(theirs, 0o600)
    os.chown(theirs, intruder.uid, intruder.gid)
    assert discovery.list_probes(folder) == []
    assert theirs.exists(), "a file of another user is not ours to remove"


def test_a_planted_link_is_replaced_not_followed(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    target = tmp_path / "precious"
    target.write_text("keep")
    os.symlink(target, folder / "7.json")
    private.write(folder / "7.json", b"{}")
    assert target.read_text() == "keep"
    assert not (folder / "7.json").is_symlink()
    assert stat.S_IMODE((folder / "7.json").stat().st_mode) == 0o600
    assert sorted(os.listdir(folder)) == ["7.json"], "a temporary file stayed"


def _choose(monkeypatch: pytest.MonkeyPatch, home: Path, runtime_root: Path) -> Path:
    monkeypatch.delenv("QTMCP_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("XDG_RUNTIME_DIR", "/nonexistent")  # never consulted
    monkeypatch.setenv("HOME", str(home))
    return private.folder(runtime_root=runtime_root)


def test_the_runtime_folder_is_used_only_when_it_is_private(
        monkeypatch: pytest.MonkeyPatch, home: Path, tmp_path: Path) -> None:
    root = tmp_path / "run-user"
    root.mkdir()
    uid = os.geteuid()
    fallback = home / ".local" / "state" / "qtmcp" / f"run-{socket.gethostname().split('.')[0]}"
    assert _choose(monkeypatch, home, root) == fallback  # none
    runtime = root / str(uid)
    runtime.mkdir(mode=0o755)
    os.chmod(runtime, 0o755)
    assert _choose(monkeypatch, home, root) == fallback  # others may enter
    os.rmdir(runtime)
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    os.symlink(real, runtime)
    assert _choose(monkeypatch, home, root) == fallback  # a link
    runtime.unlink()
    runtime.mkdir(mode=0o700)
    chosen = _choose(monkeypatch, home, root)
    assert chosen == runtime / "qtmcp"
    assert stat.S_IMODE(chosen.stat().st_mode) == 0o700
    assert stat.S_IMODE(fallback.stat().st_mode) == 0o700


def test_a_runtime_or_home_folder_of_another_user_is_not_used(
        monkeypatch: pytest.MonkeyPatch, home: Path, tmp_path: Path,
        intruder: OtherUser) -> None:
    root = tmp_path / "run-user"
    (root / str(os.geteuid())).mkdir(parents=True, mode=0o700)
    os.chown(root / str(os.geteuid()), intruder.uid, intruder.gid)
    state = home / ".local" / "state" / "qtmcp"
    state.mkdir(parents=True)
    theirs = state / f"run-{socket.gethostname().split('.')[0]}"
    theirs.mkdir(mode=0o700)
    os.chown(theirs, intruder.uid, intruder.gid)
    with pytest.raises(UnsafeFolder, match="belongs to uid"):
        _choose(monkeypatch, home, root)


def test_a_folder_of_ours_that_others_may_enter_is_closed(tmp_path: Path) -> None:
    folder = tmp_path / "loose"
    folder.mkdir()
    os.chmod(folder, 0o777)
    discovery.list_probes(folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
