"""A small PySide6 app with the actions an Actions tool must show and drive: a menu and a
toolbar sharing actions, a checkable one (its state shown in a label by its own
``toggled`` slot), one whose slot refuses to be checked, a disabled one, two actions and a
QShortcut whose keys collide, a widget-context action, and one added to no widget.
``--probe`` installs the probe. Prints ``ready``.
"""

import os
import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMainWindow, QToolBar

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


class Window(QMainWindow):
    def __init__(self) -> None:
        super().__init__(objectName="actionsWindow")
        self.setWindowTitle("actions")
        self.state = QLabel("wrap off", self, objectName="state")
        self.edit = QLineEdit(self, objectName="field")
        self.setCentralWidget(self.state)
        self.count = 0

        self.save = self._action("actionSave", "&Save", "Ctrl+S")
        self.save.triggered.connect(self.on_save)
        self.wrap = self._action("actionWrap", "&Word wrap", "Ctrl+W")
        self.wrap.setCheckable(True)
        self.wrap.toggled.connect(lambda on: self.state.setText(f"wrap {'on' if on else 'off'}"))
        self.locked = self._action("actionLocked", "&Locked")
        self.locked.setCheckable(True)
        self.locked.toggled.connect(lambda on: on and self.locked.setChecked(False))
        self.print_ = self._action("actionPrint", "&Print", "Ctrl+P")
        self.print_.setEnabled(False)
        self.find = self._action("actionFind", "&Find", "Ctrl+F")
        self.search = self._action("actionSearch", "Sea&rch", "Ctrl+F")
        self.clear = self._action("actionClearField", "Clear field", "Ctrl+L")
        self.clear.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.edit.addAction(self.clear)
        QAction("Orphan", self, objectName="actionOrphan")  # added to no widget

        menu = self.menuBar().addMenu("&File")
        menu.setObjectName("fileMenu")
        menu.addActions([self.save, self.print_, self.find, self.search])
        view = self.menuBar().addMenu("&View")
        view.setObjectName("viewMenu")
        view.addActions([self.wrap, self.locked])
        bar = QToolBar("Main toolbar", self, objectName="mainToolBar")
        bar.addActions([self.save, self.wrap])
        self.addToolBar(bar)
        self.shortcut = QShortcut(QKeySequence("Ctrl+S"), self, objectName="saveShortcut")

    def _action(self, name: str, text: str, keys: str = "") -> QAction:
        action = QAction(text, self, objectName=name)
        if keys:
            action.setShortcut(QKeySequence(keys))
        return action

    def on_save(self) -> None:
        self.count += 1
        self.state.setText(f"saved {self.count}")


def main() -> None:
    app = QApplication(sys.argv)
    if "--probe" in sys.argv:
        import probe

        probe.install()
    window = Window()
    window.show()
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    app.exec()


if __name__ == "__main__":
    main()
