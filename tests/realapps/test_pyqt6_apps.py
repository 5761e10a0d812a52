"""Third-party apps from PyPI on PyQt6, unmodified: git-cola and the Jupyter console
(qtconsole), both through qtpy with QT_API=pyqt6. ``qtmcp launch`` starts the probe on
PyQt6's Qt (6.11.2) with the prepared PySide6 of that release; the probe holds the
wrappers of what PyQt made (without that, git-cola's first readPage failed OBJECT_STALE).
The same tasks as on PySide6, checked in the app's own state, then a monkey.
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.bootstrap import runtime
from tests.support import qtkinds, side_by_side
from tests.support.prereq import need
from tests.support.realapp import RealApp, start, wait_for_window

from . import tasks

pytestmark = pytest.mark.timeout(900)  # PyQt6 and its PySide6 may download here


@pytest.fixture(scope="module")
def pyqt6() -> dict[str, str]:
    for module in ("cola", "qtconsole"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed (pip install -e '.[realapps]')")
    try:
        folder = qtkinds.pyqt6_dir()
        runtime.prepare(qtkinds.PYQT6_QT)
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        need(f"PyQt6 and its PySide6 from PyPI: {exc}")
    return {"QT_API": "pyqt6", "PYTHONPATH": str(folder)}


@pytest.fixture(scope="module")
def repo() -> Iterator[Path]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    with tempfile.TemporaryDirectory(prefix="qtmcp-cola-pyqt6-") as tmp:
        yield tasks.make_repo(Path(tmp) / "project")


@pytest.fixture(scope="module")
def cola(pyqt6: dict[str, str], repo: Path) -> Iterator[RealApp]:
    yield from start("-m", "cola", "--repo", str(repo), cwd=repo, env=pyqt6)


@pytest.fixture(scope="module")
def console(pyqt6: dict[str, str]) -> Iterator[RealApp]:
    yield from start("-m", "qtconsole", env=pyqt6)


def test_git_cola_on_pyqt6_stages_and_commits(cola: RealApp, repo: Path) -> None:
    qt = cola.client()
    version = qt.call("qt.version")
    assert version["qt"] == qtkinds.PYQT6_QT and version["pyside"].startswith(qtkinds.PYQT6_QT)
    wait_for_window(qt, 60)
    counting = tasks.Counting(qt)
    assert tasks.git_task(counting, repo) == "Add the second line"
    assert counting.calls == 5


def test_connections_of_a_pyqt6_app_are_counted_not_named(cola: RealApp) -> None:
    """PyQt6 connects where no PySide6 wrapper sees it: every receiver is counted, as
    unseen, and the answer says the probe does not watch this app's connects."""
    qt = cola.client()
    wait_for_window(qt, 60)
    buttons = qt.call("qt.objects.query", {"className": "QPushButton"})["objects"]
    counted = 0
    for button in buttons:
        got = qt.call("qt.signals.connections", {"objectId": button["id"]})
        assert got["watching"] is False and got["outbound"] == [] and got["inbound"] == []
        counted += sum(s["unseen"] for s in got["signals"] if s["signal"] == "clicked(bool)")
    assert counted >= 1, buttons


def test_actions_of_a_pyqt6_app_are_listed(cola: RealApp) -> None:
    """PyQt6 made git-cola's QActions: each is read through the probe's PySide6 of the same
    Qt, with its keys and the menus that show it."""
    qt = cola.client()
    wait_for_window(qt, 60)
    found = qt.call("qt.actions.list", {})["actions"]
    keyed = [a for a in found if a["shortcuts"] and a["shownIn"]]
    assert len(keyed) >= 5, [a["text"] for a in found][:20]
    assert any(s["kind"] == "menu" for a in keyed for s in a["shownIn"])


def test_console_on_pyqt6_runs_code(console: RealApp) -> None:
    qt = console.client()
    wait_for_window(qt, 60)
    text = tasks.console_task(tasks.Counting(qt))
    assert "42" in text


@pytest.fixture(scope="module")
def monkeys(request: pytest.FixtureRequest) -> Iterator[side_by_side.Runs[dict[str, int]]]:
    """Both apps' random runs of 150 actions, side by side (tests.support.side_by_side)."""
    def run(_name: str, app: RealApp) -> dict[str, int]:
        qt = app.client()
        wait_for_window(qt, 60)
        return tasks.random_run(qt, seed=18, actions=150)  # and no probe fault

    yield from side_by_side.start(request, test_monkey_on_pyqt6, "name", run)


#: Actions that must have acted, of the 150 (the console's were never counted).
LEAST_OK = {"cola": 75, "console": 0}


@pytest.mark.parametrize("name", ["cola", "console"])
def test_monkey_on_pyqt6(name: str, monkeys: side_by_side.Runs[dict[str, int]]) -> None:
    app, outcomes = monkeys.outcome(name)
    assert app.alive(), app.output()
    assert outcomes.get("ok", 0) >= LEAST_OK[name], outcomes
