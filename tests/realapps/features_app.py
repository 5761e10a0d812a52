"""A PySide6 app written with ``__feature__``: snake_case names and true properties.

PySide6 switches Qt's names per module: this module and the helper it imports only at the
first click (after the probe has started, as an app's plugin or lazily loaded page does)
call Qt as ``self.status.text = …`` and ``self.name_edit.set_text(…)``; the probe's own
modules call Qt by Qt's names in the same process. For tests/realapps/test_features.py.

Run it with the probe: ``qtmcp launch tests/realapps/features_app.py``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableView,
    QWidget,
)

# isort: split
# after PySide6: importing PySide6 makes __feature__
from __feature__ import snake_case, true_property  # noqa: F401

Index = QModelIndex | QPersistentModelIndex

PEOPLE = [("Ada", "London"), ("Grace", "New York"), ("Linus", "Helsinki")]


class People(QAbstractTableModel):
    """A model whose overrides are spelt snake_case: Qt finds them under that selection."""

    def row_count(self, parent: Index = QModelIndex()) -> int:  # noqa: B008 - Qt's default
        return 0 if parent.is_valid() else len(PEOPLE)

    def column_count(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.is_valid() else 2

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and index.is_valid():
            return PEOPLE[index.row()][index.column()]
        return None

    def header_data(self, section: int, orientation: Qt.Orientation,
                    role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return ("Name", "City")[section]
        return None


class Window(QWidget):
    """A small form whose every line is snake_case with true properties."""

    def __init__(self) -> None:
        super().__init__()
        self.object_name = "featuresWindow"
        self.window_title = "Features"
        form = QFormLayout(self)
        self.name_edit = QLineEdit()
        self.name_edit.object_name = "nameEdit"
        self.count = QSpinBox()
        self.count.object_name = "countSpin"
        self.count.maximum = 50
        self.agree = QCheckBox("Agree")
        self.agree.object_name = "agreeBox"
        self.colour = QComboBox()
        self.colour.object_name = "colourCombo"
        self.colour.add_items(["Red", "Green", "Blue"])
        self.save = QPushButton("Save")
        self.save.object_name = "saveButton"
        self.status = QLabel("not saved")
        self.status.object_name = "statusLabel"
        form.add_row("Name", self.name_edit)
        form.add_row("Count", self.count)
        form.add_row(self.agree)
        form.add_row("Colour", self.colour)
        form.add_row(self.save)
        form.add_row("Status", self.status)
        self.people = QTableView()
        self.people.object_name = "peopleView"
        self.people.set_model(People(self.people))
        form.add_row(self.people)
        self.save.clicked.connect(self.on_save)

    def on_save(self) -> None:
        """Snake_case code running after the probe started, and a module imported now."""
        helper = importlib.import_module("features_helper")
        self.status.text = helper.summary(self)


def main() -> int:
    sys.path.insert(0, str(Path(__file__).parent))
    app = QApplication(sys.argv)
    window = Window()
    window.resize(420, 420)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
