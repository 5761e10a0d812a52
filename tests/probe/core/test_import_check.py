"""PySide6's per-import check answered without reading sources (#41): the standard
library never takes part in ``__feature__`` switching, qtmcp's modules always do (they are
in PySide6's table before they are imported, as install() puts them), and every other
module is checked as PySide6 checks it (by its source). In a fresh
interpreter, so the modules are imported for the first time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
import json, linecache, sys
import PySide6
from probe.core.import_check import answer_without_sources
answer_without_sources()
answer_without_sources()  # a second call changes nothing
from probe.core.objects.spellings import keep_qt_names
keep_qt_names()
import colorsys, qtmcp_check_plain, qtmcp_check_uses, this
from probe.core.a11y import roles  # the hook sees the module __import__ returns
features = sys.modules["shibokensupport.feature"].pyside_feature_dict
names = ("colorsys", "probe.core.a11y", "qtmcp_check_plain", "qtmcp_check_uses", "this")
print(json.dumps({n: [features.get(n), sys.modules[n].__file__ in linecache.cache]
                  for n in names}))
"""


def test_known_answers_read_no_source_and_others_are_checked(tmp_path: Path) -> None:
    (tmp_path / "qtmcp_check_uses.py").write_text("from PySide6 import QtCore\n")
    (tmp_path / "qtmcp_check_plain.py").write_text("VALUE = 1\n")
    (tmp_path / "this.py").write_text("from PySide6 import QtCore\n")  # a standard name
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(ROOT), str(tmp_path)))}
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.splitlines()[-1])
    assert got == {
        "colorsys": [-1, False],  # the standard library: what the check finds, unread
        "probe.core.a11y": [0, False],  # qtmcp: Qt's names, never checked, unread
        "qtmcp_check_plain": [-1, True],  # the others: read and checked, as before
        "qtmcp_check_uses": [0, True],
        "this": [0, True],  # an app's module named like a standard one: checked
    }
