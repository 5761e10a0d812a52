"""Nothing written where the user did not ask: a headless inspector leaves the user's
settings file as it was, and the test suite keeps its own settings folder.

(``conftest._user_settings_untouched`` checks the whole run: the user's file is
byte-identical after it.)
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.support.app import ROOT

#: An inspector window opened and closed offscreen, as `qtmcp demo` without a display or
#: a test would: the close is where the layout is saved.
OPEN_AND_CLOSE = textwrap.dedent("""
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from inspector.window.main_window import MainWindow
    w = MainWindow()
    w.show()
    app.processEvents()
    w.resize(640, 400)
    w.close()
    print(w.settings.fileName())
""")

USER_LAYOUT = b"[General]\ntheme=dark\n\n[window]\ngeometry=@ByteArray(user's own)\n"


def _run(home: Path, **env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if k != "QTMCP_SETTINGS_DIR"}
    out = subprocess.run([sys.executable, "-c", OPEN_AND_CLOSE], cwd=ROOT, timeout=60,
                         env={**clean, "XDG_CONFIG_HOME": str(home),
                              "QT_QPA_PLATFORM": "offscreen", **env},
                         capture_output=True, text=True, check=True)
    return out.stdout.strip().splitlines()[-1]


def test_a_headless_inspector_leaves_the_users_layout_alone(tmp_path: Path) -> None:
    user_file = tmp_path / "qtmcp" / "inspector.conf"
    user_file.parent.mkdir()
    user_file.write_bytes(USER_LAYOUT)
    used = _run(tmp_path)
    assert user_file.read_bytes() == USER_LAYOUT
    assert Path(used) != user_file  # it worked on a scratch copy


def test_a_settings_folder_of_its_own_takes_the_writes(tmp_path: Path) -> None:
    (tmp_path / "qtmcp").mkdir()
    own = tmp_path / "own"
    used = _run(tmp_path, QTMCP_SETTINGS_DIR=str(own))
    assert Path(used) == own / "inspector.ini" and b"geometry" in Path(used).read_bytes()
    assert not (tmp_path / "qtmcp" / "inspector.conf").exists()
