"""A non-editable install must ship every runtime resource (demo app, icons, styles);
the desktop integration (session files open in the inspector) must hold together."""

from __future__ import annotations

import base64
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKIP = {"__pycache__"}


def runtime_files() -> set[str]:
    """Every file under the shipped packages that the code may load at run time."""
    found: set[str] = set()
    for package in ("probe", "inspector", "resources"):
        base = ROOT / package
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            if path.is_file() and not SKIP & set(path.parts) and path.suffix != ".pyc":
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_wheel_contains_every_runtime_file(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    (wheel,) = tmp_path.glob("qtmcp-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = runtime_files() - names
    assert not missing, f"not in the wheel: {sorted(missing)}"
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    scripts = zipfile.ZipFile(wheel).read(entry).decode()
    assert "qtmcp = probe.cli:main" in scripts


def sample_session(folder: Path) -> Path:
    """A small saved session: one call and the picture after it (no app needed)."""
    from PySide6.QtCore import QBuffer, QIODevice, Qt
    from PySide6.QtGui import QColor, QImage, QPainter

    from inspector.sessions import session_file

    image = QImage(320, 200, QImage.Format.Format_RGB32)
    image.fill(QColor("#1e88e5"))
    painter = QPainter(image)
    painter.fillRect(40, 60, 240, 80, Qt.GlobalColor.white)
    painter.end()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    data = base64.b64encode(bytes(buffer.data().data())).decode("ascii")
    call = {"seq": 7, "ts": 1.0, "method": "qt.ui.type", "ok": True,
            "params": {"target": "nameEdit", "text": "Ada"}, "result": {"result": {}},
            "client": {"id": 2, "name": "agent", "role": "agent"}}
    session = session_file.Session(app={"app": "sample", "pid": 1}, calls=[call],
                                   frames=[session_file.Frame(7, 1.0, "png", 320, 200, data)])
    return session_file.save(session, folder / "sample")


def test_inspector_opens_a_session_file_argument_offline(tmp_path: Path) -> None:
    """`qtmcp-inspector FILE` (the desktop entry's %U) shows the session in the player."""
    session = sample_session(tmp_path)
    out = tmp_path / "player.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "inspector", "--snapshot", str(out),
                           session.as_uri()], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "session 1 calls, 1 frames" in done.stderr
    from PySide6.QtGui import QColor, QImage

    picture = QImage(str(out))
    assert picture.width() > 600
    blue = QColor("#1e88e5").rgb()
    assert sum(picture.pixel(x, y) == blue for x in range(0, picture.width(), 8)
               for y in range(0, picture.height(), 8)) > 50, "the session's frame is shown"


def test_desktop_entry_and_mime_type_agree() -> None:
    """The desktop entry's MimeType is declared by the shipped shared-mime-info file."""
    desktop = (ROOT / "packaging" / "qtmcp-inspector.desktop").read_text()
    mime = ET.parse(ROOT / "packaging" / "qtmcp-session.xml").getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    (entry,) = mime.findall("m:mime-type", ns)
    assert f"MimeType={entry.get('type')};" in desktop
    assert "Exec=qtmcp-inspector %U" in desktop
    from inspector.sessions import session_file

    assert [g.get("pattern") for g in entry.findall("m:glob", ns)] == [
        "*" + session_file.SUFFIX]


def test_frozen_inspector_launches_apps_with_a_real_python(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """In a PyInstaller build sys.executable is the inspector itself: `Launch app…` must
    pick a Python that has the probe (QTMCP_PYTHON, the script's #!, PATH) or say why."""
    from probe.launcher import launch

    script = tmp_path / "app.py"
    script.write_text(f"#!{sys.executable}\nprint('hi')\n")
    assert launch.interpreter_for(str(script)) == sys.executable  # not frozen: this one
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delenv("QTMCP_PYTHON", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))  # no python3 on PATH
    assert launch.interpreter_for(str(script)) == sys.executable  # the app's own #!
    plain = tmp_path / "plain.py"
    plain.write_text("print('hi')\n")
    with pytest.raises(launch.LaunchError, match="QTMCP_PYTHON"):
        launch.interpreter_for(str(plain))
    monkeypatch.setenv("QTMCP_PYTHON", sys.executable)
    assert launch.interpreter_for(str(plain)) == sys.executable
    assert launch.interpreter_for("resources.demo_app", module=True) == sys.executable
