"""The type checker (basedpyright, run by .ci/run over probe/ and inspector/) holds the code
to PySide6's own stubs: a call to a Qt API that does not exist fails it, and every
suppression names its rule and, on its line, its reason.

links.py once called ``QtCore.Qt.mightBeRichText`` (PySide6 has it on ``QtGui.Qt`` only):
the AttributeError cost a window its whole readPage. These tests keep that class of
defect a CI failure.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.support.app import ROOT

BASEDPYRIGHT = Path(sys.executable).with_name("basedpyright")
#: ``# pyright: ignore[rule, ...]`` followed by ``  # the reason``.
SUPPRESSION = re.compile(r"# pyright: ignore\[[A-Za-z, ]+\]  # \S")


def test_a_qt_api_that_does_not_exist_fails_the_check(tmp_path: Path) -> None:
    code = tmp_path / "qt_calls.py"
    code.write_text(
        "from PySide6 import QtCore, QtGui\n"
        "from PySide6.QtWidgets import QLabel\n"
        "\n"
        "QtGui.Qt.mightBeRichText('x')  # where PySide6 has it\n"
        "QtCore.Qt.mightBeRichText('x')  # line 5: not on QtCore's Qt\n"
        "QLabel.setTextFormat(QLabel(), QtCore.Qt.TextFormat.Rich)  # line 6: no such member\n"
        "QLabel.text(QLabel(), 1)  # line 7: too many arguments\n",
        encoding="utf-8")
    # run in the project: pyproject.toml's settings (Python 3.10, the venv) apply
    out = subprocess.run([str(BASEDPYRIGHT), "-p", str(ROOT), "--outputjson", str(code)], cwd=ROOT,
                         capture_output=True, text=True, timeout=300, check=False)
    report = json.loads(out.stdout)
    errors = [(d["range"]["start"]["line"] + 1, d.get("rule"))
              for d in report["generalDiagnostics"] if d["severity"] == "error"]
    assert errors == [(5, "reportAttributeAccessIssue"), (6, "reportAttributeAccessIssue"),
                      (7, "reportCallIssue")], out.stdout
    assert out.returncode == 1


def test_every_suppression_names_its_rule_and_its_reason() -> None:
    bare = []
    for folder in ("probe", "inspector"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines, 1):
                if "pyright:" not in line or SUPPRESSION.search(line):
                    continue
                # a file-level setting (``# pyright: basic``) cannot carry text after it:
                # its reason is the comment right above it
                above = lines[number - 2].strip() if number > 1 else ""
                if line.startswith("# pyright: ") and above.startswith("#") and len(above) > 12:
                    continue
                bare.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not bare, "a suppression without its rule or reason:\n" + "\n".join(bare)
