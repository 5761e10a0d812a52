"""Popups and dialogs of an app nobody here wrote: git-cola (PyPI, through qtpy) by refs.

git-cola's status view opens its context menu with ``QMenu.exec`` in a menu that ignores
a mouse release for 400 ms after it opens (against a right click's stray release), and
its entries depend on the diff shown (so the file is clicked first, as a user does); its
File > Open… is ``QFileDialog.getExistingDirectory``. Started unmodified with
``qtmcp launch``, as a user would: the right click returns with the menu named, the
entry chosen by ref stages the file in the real repository, the file dialog is Qt's own
and is answered with a folder. Skipped where git-cola or git is not installed.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.client import Client
from probe.launcher.launch import wait_for_probe
from tests.support.app import ROOT, wait_until
from tests.support.realapp import skip_if_star_import_crashes

pytest.importorskip("cola")
pytest.importorskip("qtpy")
if shutil.which("git") is None:
    pytest.skip("git is not installed", allow_module_level=True)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cola-repo")
    _git(path, "init", "-q")
    _git(path, "config", "user.email", "agent@example.com")
    _git(path, "config", "user.name", "agent")
    (path / "one.txt").write_text("one\n")
    _git(path, "add", "one.txt")
    _git(path, "commit", "-qm", "first")
    (path / "one.txt").write_text("one\nchanged\n")
    return path


@pytest.fixture(scope="module")
def cola(repo: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Client]:
    skip_if_star_import_crashes()
    home = tmp_path_factory.mktemp("cola-home")
    env = {**os.environ, "HOME": str(home), "QT_API": "pyside6", "QT_QPA_PLATFORM": "offscreen"}
    proc = subprocess.Popen([sys.executable, "-m", "probe.cli", "launch", "-m", "cola",
                             "--repo", str(repo)], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        info = wait_for_probe(proc.pid, timeout=60, proc=proc)
        client = Client.connect(info.url, info.token, name="agent", role="agent")
        yield client
        client.close()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)


def _ref(qt: Client, name: str, role: str) -> str | None:
    for match in qt.call("chr.find", {"query": name})["matches"]:
        if match.get("name") == name and match["role"] == role and match.get("ref"):
            return match["ref"]
    return None


def test_context_menu_entry_by_ref_stages_the_file(cola: Client, repo: Path) -> None:
    assert cola.call("qt.version")["nativeDialogs"] is False  # qtmcp launch: Qt's dialogs
    item = wait_until(lambda: _ref(cola, "one.txt", "treeitem"), 30, "one.txt in the status")
    cola.call("chr.click", {"ref": item})  # as a user: look at its diff, then right click
    wait_until(lambda: "+changed" in cola.call("chr.getPageText")["text"], 30, "its diff")
    result = cola.call("chr.click", {"ref": item, "button": "right"})
    menu = result["modal"]
    assert menu["kind"] == "menu" and menu["waiting"] is True
    stage = _ref(cola, "Stage Selected", "menuitem")
    assert stage is not None, cola.call("chr.readPage", {"filter": "interactive"})["text"]
    cola.call("chr.click", {"ref": stage})
    assert all(t["kind"] != "menu" for t in cola.call("chr.tabsContext")["tabs"])
    wait_until(lambda: "one.txt" in _git(repo, "diff", "--cached", "--name-only"), 30,
               "one.txt staged in the repository")


def test_open_repository_file_dialog_is_answered_with_a_folder(cola: Client, repo: Path
                                                               ) -> None:
    menu = cola.call("chr.click", {"ref": _ref(cola, "File", "menuitem")})["modal"]
    assert menu["kind"] == "menu" and menu["title"] == "File"
    opened = cola.call("chr.click", {"ref": _ref(cola, "Open...", "menuitem")})["modal"]
    assert opened["kind"] == "dialog" and opened["fileChooser"] is True
    assert opened["className"] == "QFileDialog" and opened["waiting"] is True
    answer = cola.call("chr.fileChooser", {"paths": [str(repo)]})
    assert answer["mode"] == "folder"
    tabs = cola.call("chr.tabsContext")["tabs"]
    assert [t["kind"] for t in tabs] == ["window"], tabs
    assert cola.call("qt.ping")["busy"] is False
