"""A demo target whose work happens in popups and modal dialogs, as in real desktop apps.

Every kind of popup and nested event loop an agent meets: a context menu through
``customContextMenuRequested`` (on a list) and one through ``contextMenuEvent`` (on a
custom widget, a menu that ignores early mouse releases as git-cola's do), both run with
``QMenu.exec``; a menu bar with a nested submenu;
``QMessageBox.question``, ``QFileDialog.getOpenFileName`` / ``getSaveFileName``,
``QInputDialog.getText`` and a ``QDialog.exec`` of the app's own; a combo box popup and a
completer popup. What the user chose lands in ``statusLabel`` (and in ``history``), so a
test sees that the app's code after each ``exec()`` ran.

Takes demo_app's ``--probe`` and ``--control-stdin`` flags and prints its ``ready`` line.
``--dir PATH`` is where the file dialogs start.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a plain script: make 'resources' importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import Property, QElapsedTimer, QPoint, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QContextMenuEvent, QMouseEvent, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from resources.demo_app import ControlChannel, _install_probe, parse_args

APP_NAME = "qtmcp-dialogs"
WINDOW_TITLE = "Dialogs demo"
FILES = ["notes.txt", "todo.txt", "ideas.txt"]
CITIES = ["Berlin", "Bern", "Bergen", "Boston", "Lisbon"]


class SettingsDialog(QDialog):
    """The app's own modal dialog, run with ``exec()``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle("Settings")
        self.userEdit = QLineEdit(self)
        self.userEdit.setObjectName("userEdit")
        self.darkCheck = QCheckBox("Dark mode", self)
        self.darkCheck.setObjectName("darkCheck")
        form = QFormLayout()
        form.addRow("User name:", self.userEdit)
        form.addRow(self.darkCheck)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)


class DebouncedMenu(QMenu):
    """A menu that ignores a mouse release in its first 400 ms, as git-cola's do (so the
    release of the right click that opened it picks nothing)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.opened = QElapsedTimer()
        self.opened.start()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.opened.elapsed() > 400:
            super().mouseReleaseEvent(event)


class Canvas(QWidget):
    """A custom widget with its own ``contextMenuEvent`` (no context menu policy set)."""

    def __init__(self, window: DialogsWindow) -> None:
        super().__init__(window)
        self.setObjectName("canvas")
        self.setToolTip("Drawing canvas")
        self.setMinimumHeight(60)
        self.main = window
        self.color = "none"

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = DebouncedMenu(self)
        menu.setObjectName("canvasMenu")
        for name in ("Red", "Green"):
            menu.addAction(name)
        chosen = menu.exec(event.globalPos())
        if chosen is not None:
            self.color = chosen.text()
            self.update()
            self.main.report(f"Canvas: {chosen.text()}")

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, f"colour: {self.color}")


class DialogsWindow(QMainWindow):
    """The main window; each handler ends in :meth:`report`, after its dialog returns."""

    def __init__(self, start_dir: str = "") -> None:
        super().__init__()
        self.setObjectName("dialogsWindow")
        self.setWindowTitle(WINDOW_TITLE)
        self.resize(640, 480)
        self.start_dir = start_dir
        self.history: list[str] = []
        self._build_menus()
        central = QWidget(self)
        layout = QVBoxLayout(central)

        self.fileList = QListWidget(central)
        self.fileList.setObjectName("fileList")
        self.fileList.addItems(FILES)
        self.fileList.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.fileList.customContextMenuRequested.connect(self._file_menu)
        layout.addWidget(self.fileList)

        self.canvas = Canvas(self)
        layout.addWidget(self.canvas)

        row = QHBoxLayout()
        self.colorCombo = QComboBox(central)
        self.colorCombo.setObjectName("colorCombo")
        self.colorCombo.setAccessibleName("Colour")
        self.colorCombo.addItems(["Red", "Green", "Blue"])
        self.colorCombo.currentTextChanged.connect(lambda t: self.report(f"Color: {t}"))
        row.addWidget(self.colorCombo)
        self.cityEdit = QLineEdit(central)
        self.cityEdit.setObjectName("cityEdit")
        self.cityEdit.setAccessibleName("City")
        completer = QCompleter(CITIES, self.cityEdit)
        completer.setObjectName("cityCompleter")
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.activated.connect(lambda t: self.report(f"City: {t}"))
        self.cityEdit.setCompleter(completer)
        row.addWidget(self.cityEdit)
        layout.addLayout(row)

        buttons = QHBoxLayout()
        for name, text, slot in (("askButton", "Ask…", self.ask),
                                 ("openButton", "Open file…", self.open_file),
                                 ("nameButton", "Name…", self.ask_name),
                                 ("settingsButton", "Settings…", self.settings)):
            button = QPushButton(text, central)
            button.setObjectName(name)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        # A tool button whose menu Qt opens with QMenu::exec from C++, inside the click's
        # own delivery (nothing of the app's Python runs until an entry is chosen).
        self.sortButton = QToolButton(central)
        self.sortButton.setObjectName("sortButton")
        self.sortButton.setText("Sort")
        sort_menu = QMenu(self.sortButton)
        sort_menu.setObjectName("sortMenu")
        for key in ("By name", "By date"):
            sort_menu.addAction(key).triggered.connect(
                lambda _=False, k=key: self.report(f"Sort: {k}"))
        self.sortButton.setMenu(sort_menu)
        self.sortButton.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        buttons.addWidget(self.sortButton)
        layout.addLayout(buttons)

        self.statusLabel = QLabel("Ready", central)
        self.statusLabel.setObjectName("statusLabel")
        layout.addWidget(self.statusLabel)
        self.setCentralWidget(central)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        file_menu.setObjectName("fileMenu")
        self._action(file_menu, "&Open…", "openAction", self.open_file)
        self._action(file_menu, "Save &As…", "saveAsAction", self.save_as)
        recent = file_menu.addMenu("&Recent")
        recent.setObjectName("recentMenu")
        for name in FILES[:2]:
            self._action(recent, name, "", lambda _=False, n=name: self.report(f"Recent: {n}"))
        edit_menu = self.menuBar().addMenu("&Edit")
        edit_menu.setObjectName("editMenu")
        self._action(edit_menu, "&Rename…", "renameAction", self.ask_name)
        self._action(edit_menu, "&Delete…", "deleteAction", lambda: self.delete(FILES[0]))
        self._action(edit_menu, "&Settings…", "settingsAction", self.settings)

    def _action(self, menu: QMenu, text: str, name: str, slot: object) -> QAction:
        action = menu.addAction(text)
        if name:
            action.setObjectName(name)
        action.triggered.connect(slot)
        return action

    def report(self, text: str) -> None:
        """What the user did, once the dialog or menu returned (tests read it)."""
        self.history.append(text)
        self.statusLabel.setText(text)

    def _history_count(self) -> int:
        return len(self.history)

    #: How many outcomes were reported: each dialog's code after exec() reports once.
    reports = Property(int, _history_count)

    # ------------------------------------------------------------ nested event loops

    @Slot(QPoint)
    def _file_menu(self, pos: QPoint) -> None:
        item = self.fileList.itemAt(pos)
        name = item.text() if item is not None else "nothing"
        menu = QMenu(self)
        menu.setObjectName("fileContextMenu")
        menu.addAction("Open")
        menu.addAction("Rename…")
        menu.addAction("Delete…")
        copy = menu.addMenu("Copy as")
        copy.addAction("Path")
        copy.addAction("Name")
        chosen = menu.exec(self.fileList.viewport().mapToGlobal(pos))
        if chosen is None:
            self.report(f"Context menu closed on {name}")
        elif chosen.text() == "Delete…":
            self.delete(name)
        elif chosen.text() == "Rename…":
            self.ask_name()
        else:
            self.report(f"Context: {chosen.text()} {name}")

    def delete(self, name: str) -> None:
        answer = QMessageBox.question(self, "Delete file", f"Delete {name}?")
        yes = answer == QMessageBox.StandardButton.Yes
        self.report(f"Deleted: {name}" if yes else f"Kept: {name}")

    def ask(self) -> None:
        answer = QMessageBox.question(self, "Question", "Do you like dialogs?")
        self.report("Answer: Yes" if answer == QMessageBox.StandardButton.Yes else "Answer: No")

    def open_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open file", self.start_dir,
                                              "Text files (*.txt);;All files (*)")
        self.report(f"Opened: {path}" if path else "Open cancelled")

    def save_as(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save file", self.start_dir)
        self.report(f"Saved: {path}" if path else "Save cancelled")

    def ask_name(self) -> None:
        text, ok = QInputDialog.getText(self, "Rename", "New name:", text="notes.txt")
        self.report(f"Name: {text}" if ok else "Rename cancelled")

    def settings(self) -> None:
        dialog = SettingsDialog(self)
        accepted = dialog.exec() == QDialog.DialogCode.Accepted
        user, dark = dialog.userEdit.text(), dialog.darkCheck.isChecked()
        dialog.deleteLater()
        self.report(f"Settings: {user}, dark={dark}" if accepted else "Settings cancelled")


class DialogsControlChannel(ControlChannel):
    """demo_app's control channel, plus ``dismiss``: close every popup and dialog (tests
    start each case from the main window alone, whatever the last one left open)."""

    def _cmd_dismiss(self, arg: str) -> None:
        for _ in range(20):
            top = QApplication.activePopupWidget() or QApplication.activeModalWidget()
            if top is None:
                return
            if isinstance(top, QDialog):
                top.reject()
            else:
                top.close()
            QApplication.processEvents()


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    start_dir = ""
    if "--dir" in argv:
        at = argv.index("--dir")
        start_dir = argv[at + 1]
        del argv[at:at + 2]
    args, qt_args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *qt_args])
    app.setApplicationName(APP_NAME)
    if args.probe and not _install_probe():
        return 2
    window = DialogsWindow(start_dir)
    channel = DialogsControlChannel(window, app) if args.control_stdin else None
    window.show()
    if channel is not None:
        QTimer.singleShot(0, lambda: channel.write("ready"))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
