"""Three third-party apps from PyPI, unmodified, driven through the probe as an agent does:
a Jupyter console (qtconsole, through qtpy), a git GUI (git-cola) and a QML task list
(progress-list: QApplication + QQmlApplicationEngine, no QtQuick import).

Each does a real task by chr.* refs, checked in the app's own state (the console
widget's text, the git repository, the app's task model), then takes 300 random chr.*
actions (closing and quitting left out): no INTERNAL_ERROR, and the app lives on.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support import side_by_side
from tests.support.realapp import RealApp, skip_if_star_import_crashes, start, wait_for_window

from . import tasks


def _needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install -e '.[realapps]')")


@pytest.fixture(scope="module")
def console() -> Iterator[RealApp]:
    _needs("qtconsole")
    yield from start("-m", "qtconsole")


@pytest.fixture(scope="module")
def repo() -> Iterator[Path]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    with tempfile.TemporaryDirectory(prefix="qtmcp-cola-") as tmp:
        yield tasks.make_repo(Path(tmp) / "project")


@pytest.fixture(scope="module")
def cola(repo: Path) -> Iterator[RealApp]:
    _needs("cola")
    skip_if_star_import_crashes()
    yield from start("-m", "cola", "--repo", str(repo), cwd=repo)


@pytest.fixture(scope="module")
def tasklist() -> Iterator[RealApp]:
    _needs("progress_list")
    yield from start("--allow-eval", "-m", "progress_list")


def _agent(app: RealApp) -> Client:
    qt = app.client()
    wait_for_window(qt, 60)
    return qt


def test_console_runs_code_and_shows_the_answer(console: RealApp) -> None:
    qt = tasks.Counting(_agent(console))
    text = tasks.console_task(qt)
    assert "print(6 * 7)\n42\n" in text
    assert qt.calls == 4  # find, type, key, getPageText
    page = qt.raw.call("chr.getPageText", {"max_chars": 100_000})
    assert "42" in page["text"] and not page["truncated"]


def test_git_gui_stages_and_commits(cola: RealApp, repo: Path) -> None:
    qt = tasks.Counting(_agent(cola))
    tasks.wait_until(lambda: "notes.txt" in qt.raw.call("chr.getPageText")["text"], 30,
                     "git-cola to list the modified file")
    page = qt.raw.call("chr.readPage")
    unnamed = [r for r in tasks.refs_of(page["text"]) if not r[2]
               and r[1] not in ("tree", "tablist", "menubar", "textbox")]
    assert not unnamed, f"unnamed refs:\n{page['text']}"
    assert "Submodules" not in [r[2] for r in tasks.refs_of(page["text"])
                                if r[1] == "button"]
    assert tasks.git_task(qt, repo) == "Add the second line"
    assert qt.calls == 5  # readPage, click, navigate, formInput, click
    assert tasks._git(repo, "status", "--short") == "?? draft.txt"
    # the app clears and refills its status tree: the read shows it as it is now
    def refreshed() -> str | None:
        text = qt.raw.call("chr.readPage")["text"]
        return text if "notes.txt" not in text else None

    after = tasks.wait_until(refreshed, 30, "the status tree without the committed file")
    assert 'treeitem "draft.txt"' in after


def test_qml_task_list_adds_and_completes_a_task(tasklist: RealApp) -> None:
    qt = tasks.Counting(_agent(tasklist))
    figures = tasks.tasklist_task(qt)
    assert figures == {"rows": 1, "percent": 100.0}
    assert qt.calls == 5  # readPage, formInput, click, readPage, formInput


#: Elements whose names do not say that they close the app: progress-list's "Complete"
#: button runs ``root.close()``.
AVOID = {"console": "", "cola": "", "tasklist": "^Complete$", "quirks": "",
         "parametertree": ""}


@pytest.fixture(scope="module")
def monkeys(request: pytest.FixtureRequest) -> Iterator[side_by_side.Runs[dict[str, int]]]:
    """The five apps' random runs, side by side (tests.support.side_by_side: ~5 s to 50 s
    each, mostly waiting on the app); each case's test checks its own."""
    def run(name: str, app: RealApp) -> dict[str, int]:
        return tasks.random_run(_agent(app), seed=18, avoid=AVOID[name])  # no probe fault

    yield from side_by_side.start(request, test_monkey_300_random_actions, "name", run)


@pytest.mark.parametrize("name", ["console", "cola", "tasklist", "quirks", "parametertree"])
def test_monkey_300_random_actions(name: str,
                                   monkeys: side_by_side.Runs[dict[str, int]]) -> None:
    app, outcomes = monkeys.outcome(name)
    assert app.alive(), app.output()
    assert outcomes.get("ok", 0) >= 150, outcomes  # most actions really acted


@pytest.fixture(scope="module")
def parametertree() -> Iterator[RealApp]:
    _needs("pyqtgraph.examples.parametertree")
    yield from start("-m", "pyqtgraph.examples.parametertree")


def test_screenshots_never_take_the_app_down(parametertree: RealApp) -> None:
    """pyqtgraph's parametertree example segfaults on every QWidget.grab() (with or
    without the probe); screenshots of it and of its widgets must leave it running."""
    qt = _agent(parametertree)

    def shot_taken() -> dict[str, Any] | None:
        try:
            return qt.call("cu.screenshot", {})
        except RemoteError as exc:  # shown but not painted yet: said, and retried
            assert exc.name == "SCREENSHOT_FAILED" and "retry" in (exc.hint or "")
            return None

    shot = tasks.wait_until(shot_taken, 30, "the window's first picture")
    assert shot["width"] > 100 and shot["data"]

    def same_window_pictured() -> bool:
        """The active window's close-up is as wide as the screenshot (asked again until
        they agree: the example sizes its window once shown, and the active window may
        not be the first one listed)."""
        tabs = qt.call("chr.tabsContext")["tabs"]
        tab = next((t for t in tabs if t["active"]), tabs[0])["tabId"]
        close_up = qt.call("qt.ui.screenshot", {"target": tab})["width"]
        return close_up == tasks.wait_until(shot_taken, 30, "a picture")["width"]

    tasks.wait_until(same_window_pictured, 30, "the window pictured alike both ways")
    tree = tasks.first(qt, "tree")
    assert qt.call("qt.ui.screenshot", {"target": tree["id"]})["width"] > 0
    assert parametertree.alive() and qt.call("qt.ping")["pong"] is True
