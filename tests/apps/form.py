"""The C++ form app (tests/apps/cppform) in Python, on PyQt6 (default) or PySide6
(``FORM_BINDING=PySide6``): fields, a button whose slot fills a label and a table model,
and a signal of its own.

``--install`` calls ``probe.install()`` inside the app, from a PyQt slot once the event
loop runs (where an exception would make PyQt abort the app). Prints ``ready``, and
``probe: <url or refused>`` after an in-app install.
"""

import importlib
import os
import sys

BINDING = os.environ.get("FORM_BINDING", "PyQt6")
QtCore = importlib.import_module(f"{BINDING}.QtCore")
QtGui = importlib.import_module(f"{BINDING}.QtGui")
QtWidgets = importlib.import_module(f"{BINDING}.QtWidgets")
QTimer = QtCore.QTimer
Signal = getattr(QtCore, "pyqtSignal", None) or QtCore.Signal
QStandardItem, QStandardItemModel = QtGui.QStandardItem, QtGui.QStandardItemModel
QApplication, QCheckBox, QComboBox = (QtWidgets.QApplication, QtWidgets.QCheckBox,
                                      QtWidgets.QComboBox)
QFormLayout, QLabel, QLineEdit = QtWidgets.QFormLayout, QtWidgets.QLabel, QtWidgets.QLineEdit
QPushButton, QTableView = QtWidgets.QPushButton, QtWidgets.QTableView
QVBoxLayout, QWidget = QtWidgets.QVBoxLayout, QtWidgets.QWidget


class Form(QWidget):
    submitted = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("form")
        self.setWindowTitle(f"{BINDING} form")
        layout = QVBoxLayout(self)
        fields = QFormLayout()
        self.name = QLineEdit(objectName="nameEdit")
        self.city = QComboBox(objectName="cityCombo")
        self.city.addItems(["Paris", "Oslo", "Lima"])
        self.agree = QCheckBox("I agree", objectName="agreeBox")
        fields.addRow("Name", self.name)
        fields.addRow("City", self.city)
        fields.addRow(self.agree)
        layout.addLayout(fields)
        submit = QPushButton("Submit", objectName="submitButton")
        submit.clicked.connect(self.on_submit)
        layout.addWidget(submit)
        self.result = QLabel("", objectName="resultLabel")
        layout.addWidget(self.result)
        self.model = QStandardItemModel(0, 2, self)
        self.model.setObjectName("peopleModel")
        self.model.setHorizontalHeaderLabels(["Name", "City"])
        table = QTableView(objectName="table")
        table.setModel(self.model)
        layout.addWidget(table)

    def on_submit(self) -> None:
        agree = "yes" if self.agree.isChecked() else "no"
        text = f"{self.name.text()} from {self.city.currentText()} agree={agree}"
        self.result.setText(text)
        self.model.appendRow([QStandardItem(self.name.text()),
                              QStandardItem(self.city.currentText())])
        self.submitted.emit(text)


def install_probe() -> None:
    import probe

    installed = probe.install()
    print(f"probe: {installed.url if installed else 'refused'}", flush=True)


app = QApplication(sys.argv)
app.setApplicationName(f"{BINDING.lower()}form")
form = Form()
form.show()
if "--install" in sys.argv:
    QTimer.singleShot(0, install_probe)
QTimer.singleShot(0, lambda: print("ready", flush=True))
sys.exit(app.exec())
