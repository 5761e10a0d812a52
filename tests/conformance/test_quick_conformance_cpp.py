"""The Qt Quick conformance suite (test_quick_conformance.py) against a C++ app: the same
window (quick_app.qml) loaded by C++ (tests/apps/cppquick, QQmlApplicationEngine on
QGuiApplication: no Qt Widgets in the process) on the system's Qt (Debian 12: 6.4.2),
driven through ``qtmcp launch``. C++ objects reach PySide6 as their base classes, and
before Qt 6.10 the controls have no accessible role until an assistive technology starts.

The rows are the suite's own, run under one configuration (the app's default style,
Basic); the window is the suite's, less what its Qt release lacks: QML has no tree model
type before 6.10 (``TreeModel``), so the TreeView shows the C++ tree model the app
provides. Rows this release cannot run are listed in :data:`NOT_ON_RELEASE` with the reason.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.bootstrap import runtime
from tests.support import qtkinds
from tests.support.app import ARTIFACTS
from tests.support.prereq import need
from tests.support.realapp import RealApp, wait_for_window

from .matrix import Suite
from .test_quick_conformance import SUITE, Conf

HERE = Path(__file__).resolve().parent
#: row -> why the system's Qt (6.4) cannot run it.
NOT_ON_RELEASE: dict[str, str] = {
    "FileDialog (open)": "Qt 6.4's own FileDialog has no side bar of places, and the row "
                         "reads its 'Home' place (its chooser is answered in the rows "
                         "FileDialog (several), FileDialog (save) and FolderDialog)",
}
#: The suite's rows, under the one configuration the C++ app runs in.
CPP = Suite("Qt Quick conformance, C++ app on the system's Qt", ("Basic",),
            rows={name: row for name, row in SUITE.rows.items()
                  if row.configs is None or "Basic" in row.configs})


def _window_for_release(folder: Path) -> Path:
    """quick_app.qml with its TreeModel replaced by the app's C++ ``treeModel``."""
    text = (HERE / "quick_app.qml").read_text(encoding="utf-8")
    start = text.index("model: TreeModel {")
    depth, end = 0, start
    for end in range(text.index("{", start), len(text)):
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        if depth == 0:
            break
    text = text[:start] + "model: treeModel" + text[end + 1:]
    text = re.sub(r"(?m)^import Qt\.labs\.qmlmodels$", "import Qt.labs.qmlmodels", text)
    out = folder / "quick_app.qml"
    out.write_text(text, encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def conf(request: pytest.FixtureRequest) -> Iterator[Conf]:
    try:
        binary = qtkinds.cpp_quick_apps()["gui"]
        release = qtkinds.cpp_release(binary)
        runtime.prepare(release)
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        need(f"Qt Quick's development packages: {exc}")
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-quick-conf-cpp-"))
    for name in ("a.txt", "b.txt"):
        (folder / name).write_text(name, encoding="utf-8")
    (folder / "sub").mkdir()
    qml = _window_for_release(Path(tempfile.mkdtemp(prefix="qtmcp-quick-qml-")))
    app = RealApp([str(binary), str(qml), str(folder)])
    try:
        qt = app.client()
        wait_for_window(qt)
        yield Conf(qt, str(folder))
    finally:
        app.stop()
        CPP.title = f"Qt Quick conformance, C++ app on Qt {release}"
        text = CPP.render()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "quick_conformance_cpp.txt").write_text(text + "\n", encoding="utf-8")
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        if reporter is not None and capture is not None:
            with capture.global_and_fixture_disabled():  # printed, not captured
                reporter.write_line(text)


@pytest.mark.parametrize("control", list(CPP.rows))
def test_control(conf: Conf, control: str) -> None:
    if control in NOT_ON_RELEASE:
        pytest.skip(NOT_ON_RELEASE[control])
    try:
        cells = CPP.run("Basic", control, conf)
    finally:
        conf.reset()  # every popup and dialog closed, the stack at its root
    failed = cells.failed()
    assert not failed, f"{control}: " + "; ".join(f"{c}: {d}" for c, d in failed.items())
