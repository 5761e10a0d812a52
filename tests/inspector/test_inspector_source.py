"""The inspector shows where an object was made and opens the line in the user's editor;
its problems pane lists what tests/apps/problems_app.py plants (#31).

The editor is a real process: ``QTMCP_EDITOR`` runs a Python one-liner that writes the
arguments it got to a file, so the test reads the command the inspector really ran.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.panes.objects import ObjectsPane
from inspector.panes.problems import ProblemsPane
from inspector.panes.properties import PropertiesPane
from inspector.widgets.source_link import SourceLink, editor_command, open_source
from inspector.window.main_window import MainWindow
from tests.support.app import ARTIFACTS, ROOT, DemoApp, start_demo
from tests.support.inspector import connect, qwait, run

#: Names a fake or remote probe may send as a source file: options to vim, emacs, nano…
HOSTILE = ["-c:!touch PWNED", "--help", "+cmd", "-", "a b.py", "new\nline.py",
           "x;touch PWNED.py", "--cmd=!touch PWNED", "$(touch PWNED).py"]

APP_PY = str(ROOT / "tests" / "apps" / "problems_app.py")


def line_of(needle: str) -> int:
    with open(APP_PY, encoding="utf-8") as fh:
        return next(n for n, line in enumerate(fh, start=1) if needle in line)


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoApp]:
    app = start_demo(module="tests.apps.problems_app")
    yield app
    app.stop()


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)


@pytest.fixture
def editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """QTMCP_EDITOR records its arguments in the returned file."""
    out = tmp_path / "editor-args.txt"
    script = "import sys; open(sys.argv[1], 'w').write(' '.join(sys.argv[2:]))"
    monkeypatch.setenv("QTMCP_EDITOR", f'{sys.executable} -c "{script}" {out} '
                                       "{file}:{line}")
    return out


def written(path: Path) -> str:
    """What the editor wrote, once it did (its file exists empty for a moment first)."""
    return path.read_text() if path.exists() else ""


def select(window: MainWindow, name: str) -> str:
    node = run(window.pane(ObjectsPane).reveal(name))
    assert node is not None, f"{name} not in the tree"
    return node.id


def test_properties_pane_shows_the_line_and_a_click_opens_it(window: MainWindow,
                                                             editor: Path) -> None:
    select(window, "nameEdit")
    pane = window.pane(PropertiesPane)
    line = line_of('QLineEdit(objectName="nameEdit")')
    qwait(lambda: f"problems_app.py:{line}" in pane.source.text(), what="the source link")
    assert "in build()" in pane.source.text()
    pane.source.linkActivated.emit("open")  # what QLabel does when the link is clicked
    qwait(lambda: written(editor), what="the editor to write its arguments")
    assert editor.read_text() == f"{APP_PY}:{line}"
    pane.grab().save(str(ARTIFACTS / "inspector-properties-source.png"))


def test_an_object_qt_made_says_why_and_opens_its_parent(window: MainWindow,
                                                         editor: Path) -> None:
    select(window, "nameEdit")
    props = window.pane(PropertiesPane)
    qwait(lambda: "problems_app.py" in props.source.text(), what="nameEdit's source")
    kids = run(window.probe.object_children(select(window, "nameEdit")))
    assert kids
    window.broker.choose(kids[0]["id"], kids[0]["className"])
    qwait(lambda: "Source unknown" in props.source.text(), what="the unknown source")
    assert "C++" in props.source.text()
    props.source.linkActivated.emit("open")
    qwait(lambda: written(editor), what="the editor to write its arguments")
    line = line_of('QLineEdit(objectName="nameEdit")')
    assert editor.read_text() == f"{APP_PY}:{line}"


def test_the_pane_says_when_the_editor_cannot_open_the_line(
        window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A click whose editor cannot start says so in the pane (it went unsaid before)."""
    select(window, "nameEdit")
    pane = window.pane(PropertiesPane)
    qwait(lambda: "problems_app.py" in pane.source.text(), what="the source link")
    missing = tmp_path / "no-such-editor"
    monkeypatch.setenv("QTMCP_EDITOR", f"{missing} {{file}}:{{line}}")
    pane.source.linkActivated.emit("open")
    assert pane.status.isVisibleTo(pane), "the failure went unsaid"
    assert pane.status.text().startswith(f"Source: {missing}:"), pane.status.text()
    pane.grab().save(str(ARTIFACTS / "inspector-source-refused.png"))
    monkeypatch.setenv("QTMCP_EDITOR", f"{sys.executable} -c pass {{file}}")
    pane.source.linkActivated.emit("open")
    assert pane.status.text() == f"Opened in {sys.executable}"


def test_problems_pane_lists_the_planted_problems(window: MainWindow, editor: Path) -> None:
    pane = window.pane(ProblemsPane)
    report = run(pane.load())
    assert report is not None and pane.model.rowCount() == len(report["problems"])
    kinds = set(report["counts"])
    assert {"unnamed_control", "text_cut", "covered", "fast_timer", "binding_loop"} <= kinds
    assert "problems" in pane.summary.text()
    row = next(r for r in range(pane.proxy.rowCount())
               if pane.proxy.index(r, 0).data() == "disabled without reason")
    pane.view.selectRow(row)
    chosen = pane.model.problem(pane.proxy.mapToSource(pane.proxy.index(row, 0)))
    assert chosen is not None
    qwait(lambda: window.broker.chosen == chosen.get("objectId"), what="the element chosen")
    line = line_of('objectName="disabled_without_reason"')
    assert f"problems_app.py:{line}" in pane.source.text()
    pane.view.doubleClicked.emit(pane.proxy.index(row, 2))
    qwait(lambda: written(editor), what="the editor to write its arguments")
    assert editor.read_text() == f"{APP_PY}:{line}"
    pane.resize(1100, 420)
    pane.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    pane.grab().save(str(ARTIFACTS / "inspector-problems.png"))


def test_the_editor_command_follows_qtmcp_editor_then_visual_then_editor() -> None:
    assert editor_command("/a/f.py", 12, 3, {"QTMCP_EDITOR": "code -g {file}:{line}:{column}",
                                             "EDITOR": "vim"}) == ["code", "-g", "/a/f.py:12:3"]
    assert editor_command("/a/f.py", 12, env={"VISUAL": "emacsclient -n",
                                              "EDITOR": "vim"}) == [
        "emacsclient", "-n", "+12", "--", "/a/f.py"]
    assert editor_command("/a f.py", 12, env={"EDITOR": "vim"}) == ["vim", "+12", "--",
                                                                  "/a f.py"]
    assert editor_command("/a/f.py", 12, env={}) is None


@pytest.fixture
def recorder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """$EDITOR is a real process that appends the argv it got (JSON, one line a run)."""
    out = tmp_path / "argv.jsonl"
    script = tmp_path / "editor.py"
    script.write_text("import json, sys\n"
                      "with open(sys.argv[1], 'a') as fh:\n"
                      "    fh.write(json.dumps(sys.argv[2:]) + '\\n')\n")
    monkeypatch.delenv("QTMCP_EDITOR", raising=False)
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {script} {out}")
    return out


def runs(out: Path, count: int) -> list[list[str]]:
    qwait(lambda: out.exists() and len(out.read_text().splitlines()) >= count,
          what=f"{count} editor runs")
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_a_name_a_probe_sends_is_never_an_option(recorder: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative and missing names are refused; a hostile name that is a real file reaches
    the editor only as an absolute path after ``--`` (or inside a template's argument)."""
    monkeypatch.chdir(tmp_path)
    link = SourceLink()
    said: list[object] = []
    link.opened.connect(said.append)
    for name in [*HOSTILE, str(tmp_path / "missing.py"), str(tmp_path)]:
        link.show_source({"kind": "python", "file": name, "line": 3})
        result = link.open()
        assert isinstance(result, str) and result.startswith("not opened: "), (name, result)
    assert len(said) == len(HOSTILE) + 2 and all(isinstance(s, str) for s in said)
    folder = tmp_path / "src"
    folder.mkdir()
    for name in HOSTILE:
        (folder / name).write_text("x = 1\n")
        assert isinstance(open_source(str(folder / name), 7), list)
    seen = runs(recorder, len(HOSTILE))  # the editors ran at once: in any order
    assert sorted(seen) == sorted(["+7", "--", str(folder / name)] for name in HOSTILE)
    monkeypatch.setenv("QTMCP_EDITOR", f"{sys.executable} {tmp_path / 'editor.py'} "
                                       f"{recorder} -g {{file}}:{{line}}")
    for name in HOSTILE:
        open_source(str(folder / name), 9)
    templated = [argv for argv in runs(recorder, 2 * len(HOSTILE)) if argv[0] == "-g"]
    assert sorted(templated) == sorted(["-g", f"{folder / name}:9"] for name in HOSTILE)
    assert not list(tmp_path.rglob("PWNED*")) and not list(folder.glob("PWNED*"))


def test_the_desktop_is_never_handed_a_file_it_would_run(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    for name in ("QTMCP_EDITOR", "VISUAL", "EDITOR"):
        monkeypatch.delenv(name, raising=False)
    launcher = tmp_path / "evil.desktop"
    launcher.write_text("[Desktop Entry]\nType=Application\nExec=touch PWNED\n")
    script = tmp_path / "run.py"
    script.write_text("print(1)\n")
    os.chmod(script, 0o755)
    for path in (launcher, script):
        result = open_source(str(path), 1)
        assert isinstance(result, str) and "not handed to the desktop" in result, result
