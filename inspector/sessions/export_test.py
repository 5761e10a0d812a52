"""“Export as test…”: recorded calls as a pytest file and a JSON script for ``qtmcp replay``.

The agent log (its calls, or the selected rows) and the session player (a saved session,
or the selected calls) both offer it. ``probe.replay.export`` does the conversion;
this module only asks where to write and, for an app qtmcp does not know, how to start it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QFileDialog,
    QInputDialog,
    QMenu,
    QMessageBox,
    QToolButton,
    QWidget,
)

from probe.replay.export import (
    ExportError,
    build_script,
    guess_command,
    render_pytest,
    summary,
    write_script,
)

TITLE = "Export as test"
Records = Callable[[bool], list[dict[str, Any]]]


def write(records: list[dict[str, Any]], app: dict[str, Any], py_path: str | Path,
          command: str | None = None, source: str | None = None,
          rows: list[int] | None = None) -> dict[str, Any]:
    """Write ``py_path`` (pytest) and the JSON script beside it; return the script.
    ``rows``: indices of ``records`` to export (default all), kept as call numbers."""
    py_path = Path(py_path)
    if py_path.suffix != ".py":
        py_path = py_path.with_name(py_path.name + ".py")
    script = build_script(records, app, rows=rows, command=command, source=source)
    text = render_pytest(script)  # ExportError (no command) before any file is written
    py_path.write_text(text, encoding="utf-8")
    write_script(script, py_path.with_suffix(".json"))
    script["written"] = [str(py_path), str(py_path.with_suffix(".json"))]
    return script


def ask_and_write(parent: QWidget, records: list[dict[str, Any]], app: dict[str, Any],
                  source: str | None = None, rows: list[int] | None = None
                  ) -> dict[str, Any] | None:
    """Ask for the file (and the app's command when unknown), then :func:`write`."""
    if not records or rows == []:
        QMessageBox.information(parent, TITLE, "There are no calls to export.")
        return None
    path, _ = QFileDialog.getSaveFileName(parent, TITLE, "test_agent_session.py",
                                          "pytest files (*.py);;All files (*)")
    if not path:
        return None
    command = None
    if guess_command(app) is None:
        command, ok = QInputDialog.getText(
            parent, TITLE, f"How does the test start {app.get('app') or 'the app'}?\n"
            "(a Python command line, e.g. python app.py or python -m package.app)")
        if not ok or not command.strip():
            return None
    try:
        return write(records, app, path, command, source, rows)
    except (ExportError, OSError) as exc:
        QMessageBox.warning(parent, TITLE, str(exc))
        return None


def export_button(parent: QWidget, records: Records, run: Callable[[bool], Any]) -> QToolButton:
    """A tool button with "Whole session" / "Selected rows"; ``run(selected_only)``."""
    button = QToolButton(parent)
    button.setObjectName("exportAsTest")
    button.setText("Export as test…")
    button.setToolTip("Write the agent's calls as a pytest file (and a JSON script for "
                      "qtmcp replay) that replays them by stable selectors and checks the "
                      "values the agent saw")
    button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
    menu = QMenu(button)
    whole = menu.addAction("Whole session…")
    whole.triggered.connect(lambda: run(False))
    selected = menu.addAction("Selected rows…")
    selected.triggered.connect(lambda: run(True))
    menu.aboutToShow.connect(lambda: selected.setEnabled(bool(records(True))))
    button.setMenu(menu)
    return button


def done_message(script: dict[str, Any]) -> str:
    files = " and ".join(Path(p).name for p in script.get("written", []))
    return f"exported {files}: {summary(script)}"
