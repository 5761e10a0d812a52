"""The demo target application every qtmcp test and benchmark drives.

It is a small but realistic PySide6 main window: menus, a toolbar, a status bar, a form
with validation, item models, a custom-painted widget, a timer, a non-widget settings
object and a few deliberate misbehaviours (warnings, an exception in a slot, a frozen
GUI thread). Everything a test may address has a stable camelCase objectName.

``QTMCP_DEMO_BROKEN=1`` in the environment changes one behaviour on purpose: a submitted
form sets the status text to ``Sent: NAME`` instead of ``Submitted: NAME``, so a test
recorded against the normal demo can be seen to fail (tests/probe/replay/test_session_export.py).

Run it with ``python -m resources.demo_app`` (``--help`` lists the flags). Tests that own
a QApplication build the windows in-process with :func:`build_main_window`,
:func:`build_bench_objects` and :func:`build_bench_form`.
"""

from __future__ import annotations

import argparse
import json
import linecache
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    Property,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QResource,
    QSize,
    QSocketNotifier,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
    Slot,
    qDebug,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QIcon,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSlider,
    QSpinBox,
    QSplitter,
    QStatusBar,
    QTableView,
    QTabWidget,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

RESOURCES_DIR = Path(__file__).resolve().parent
ICONS_DIR = RESOURCES_DIR / "icons"
STYLE_SHEET = RESOURCES_DIR / "demo.qss"
#: The demo's Qt resources (:/demo/…: a picture, a font, JSON, QML, a style sheet, a
#: binary blob), compiled from demo.qrc.
RESOURCE_FILE = RESOURCES_DIR / "demo.rcc"

APP_NAME = "qtmcp-demo"
BENCH_APP_NAME = "qtmcp-bench"
WINDOW_TITLE = "qtmcp demo"
DEFAULT_SIZE = QSize(1000, 700)

COUNTRIES = ["France", "Germany", "Italy", "Japan", "Spain", "United Kingdom", "United States"]

log = logging.getLogger("demo")


def icon(name: str) -> QIcon:
    """Load an icon from ``resources/icons`` by path, so a non-editable install finds it."""
    return QIcon(str(ICONS_DIR / f"{name}.svg"))


def _style_sheet() -> str:
    """Read the demo style sheet; a missing file only costs the styling, not the app."""
    try:
        return STYLE_SHEET.read_text(encoding="utf-8")
    except OSError:
        return ""


# --------------------------------------------------------------------------- data tab


class PeopleModel(QAbstractTableModel):
    """An editable table of 100 people: a hand-written model, unlike the tree's standard one."""

    HEADERS = ("Name", "Age", "City")
    FIRST_NAMES = (
        "Ada", "Alan", "Barbara", "Claude", "Dennis", "Donald", "Edsger", "Frances",
        "Grace", "Guido", "Hedy", "John", "Ken", "Linus", "Margaret", "Niklaus",
        "Radia", "Sophie", "Tim", "Yukihiro",
    )  # fmt: skip
    LAST_NAMES = ("Adams", "Baker", "Chen", "Dubois", "Evans")
    CITIES = ("Berlin", "Lisbon", "London", "Madrid", "Osaka", "Paris", "Rome", "Toronto")

    def __init__(self, parent: QObject | None = None, rows: int = 100) -> None:
        super().__init__(parent)
        self.setObjectName("peopleModel")
        # Deterministic rows so tests can assert on exact cells.
        self.people: list[list[Any]] = [
            [
                f"{self.FIRST_NAMES[i % 20]} {self.LAST_NAMES[(i // 20) % 5]}",
                18 + (i * 37) % 60,
                self.CITIES[(i * 7) % len(self.CITIES)],
            ]
            for i in range(rows)
        ]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.people)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if not index.isValid():
            return None
        value = self.people[index.row()][index.column()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return value  # ages stay ints so the proxy sorts them numerically
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == 1:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section] if 0 <= section < len(self.HEADERS) else None
        return section + 1

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return super().flags(index) | Qt.ItemFlag.ItemIsEditable

    def setData(
        self,
        index: QModelIndex | QPersistentModelIndex,
        value: Any,
        role: int = Qt.ItemDataRole.EditRole,
    ) -> bool:
        """Accept edits; an age must be an integer in 0..150, a name or city must not be blank."""
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        if index.column() == 1:
            try:
                value = int(value)
            except (TypeError, ValueError):
                return False
            if not 0 <= value <= 150:
                return False
        else:
            value = str(value).strip()
            if not value:
                return False
        self.people[index.row()][index.column()] = value
        self.dataChanged.emit(index, index, [Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole])
        return True


def _departments_model(parent: QObject) -> QStandardItemModel:
    """A small hierarchy (departments > teams > people) for tree-walking tests."""
    model = QStandardItemModel(parent)
    model.setObjectName("departmentsModel")
    model.setHorizontalHeaderLabels(["Name", "Role"])
    departments: dict[str, list[tuple[str, str] | tuple[str, list[tuple[str, str]]]]] = {
        "Engineering": [
            ("Ada Lovelace", "Head of engineering"),
            ("Platform", [("Alan Turing", "Engineer"), ("Grace Hopper", "Engineer")]),
            ("Applications", [("Margaret Hamilton", "Lead"), ("Ken Thompson", "Engineer")]),
        ],
        "Design": [("Susan Kare", "Lead designer"), ("Dieter Rams", "Designer")],
        "Sales": [("Don Draper", "Account manager"), ("Peggy Olson", "Sales rep")],
        "Support": [("Roy Trenneman", "Technician"), ("Maurice Moss", "Technician")],
    }
    for department, members in departments.items():
        dept_item = QStandardItem(department)
        dept_item.setEditable(False)
        role_item = QStandardItem("Department")
        role_item.setEditable(False)
        for name, detail in members:
            if isinstance(detail, list):  # a team with its own members
                team = QStandardItem(name)
                for person, role in detail:
                    team.appendRow([QStandardItem(person), QStandardItem(role)])
                dept_item.appendRow([team, QStandardItem("Team")])
            else:
                dept_item.appendRow([QStandardItem(name), QStandardItem(detail)])
        model.appendRow([dept_item, role_item])
    return model


# ------------------------------------------------------------------------- canvas tab


class ClickCanvas(QWidget):
    """A custom-painted widget with no accessible name: only pixels and coordinates reach it."""

    clickCountChanged = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("canvas")
        self.setMinimumSize(300, 200)
        self.setToolTip("Click to add a dot")
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self._click_count = 0
        self.dots: list[QPoint] = []

    def _get_click_count(self) -> int:
        return self._click_count

    def _set_click_count(self, value: int) -> None:
        if value != self._click_count:
            self._click_count = value
            self.clickCountChanged.emit(value)

    clickCount = Property(int, _get_click_count, _set_click_count, notify=clickCountChanged)

    @Slot()
    def clear(self) -> None:
        """Remove every dot and reset the count (a second way to change the property)."""
        self.dots.clear()
        self.clickCount = 0
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.dots.append(event.position().toPoint())
        self.clickCount = self._click_count + 1
        self.update()
        event.accept()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#ffffff"))
        painter.setPen(QPen(QColor("#9e9e9e"), 1))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        if not self.dots:
            painter.setPen(QColor("#757575"))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "Click to add a dot")
        painter.setPen(QPen(QColor("#0d47a1"), 1))
        painter.setBrush(QColor("#1e88e5"))
        for dot in self.dots:
            painter.drawEllipse(dot, 6, 6)
        painter.end()


# --------------------------------------------------------------------------- dialogs


class AboutDialog(QDialog):
    """A modeless dialog: a second top-level window that tests can find and close."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("aboutDialog")
        self.setWindowTitle("About qtmcp demo")
        self.setModal(False)
        layout = QVBoxLayout(self)
        label = QLabel(
            "<b>qtmcp demo</b><br>The target application of the qtmcp tests.<br>"
            "Agents see and drive it through the probe.",
            self,
        )
        label.setObjectName("aboutLabel")
        layout.addWidget(label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok, self)
        buttons.setObjectName("aboutButtons")
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setObjectName("aboutOkButton")
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)


# ----------------------------------------------------------------------- main window


class MainWindow(QMainWindow):
    """The demo window: one of each kind of thing an agent has to find, read and drive."""

    formSubmitted = Signal(dict)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.setWindowTitle(WINDOW_TITLE)
        self.setWindowIcon(icon("qtmcp"))
        self.setStyleSheet(_style_sheet())
        self.resize(DEFAULT_SIZE)

        self.submissions: list[dict[str, Any]] = []
        self.heartbeatCount = 0
        self.aboutDialog: AboutDialog | None = None

        self._create_actions()
        self._create_menus()
        self._create_toolbar()
        self._create_status_bar()

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("tabs")
        self.tabs.addTab(self._create_form_tab(), "Form")
        self.tabs.addTab(self._create_data_tab(), "Data")
        self.tabs.addTab(self._create_canvas_tab(), "Canvas")
        self.setCentralWidget(self.tabs)

        # A non-widget QObject with dynamic properties (set at run time, not declared).
        self.settingsStore = QObject(self)
        self.settingsStore.setObjectName("settingsStore")
        self.settingsStore.setProperty("theme", "light")
        self.settingsStore.setProperty("autosave", True)
        self.settingsStore.setProperty("fontSize", 11)

        # A repeating timer that wakes the app but never repaints: the picture stays still.
        self.heartbeat = QTimer(self)
        self.heartbeat.setObjectName("heartbeat")
        self.heartbeat.setInterval(50)
        self.heartbeat.setSingleShot(False)
        self.heartbeat.timeout.connect(self._on_heartbeat)
        self.heartbeat.start()

    # -- construction

    def _action(
        self, name: str, text: str, slot: Any, *, icon_name: str = "", shortcut: Any = None
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if icon_name:
            action.setIcon(icon(icon_name))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _create_actions(self) -> None:
        std = QKeySequence.StandardKey
        self.actionOpen = self._action(
            "actionOpen", "&Open…", self.openFile, icon_name="open", shortcut=std.Open
        )
        self.actionSave = self._action(
            "actionSave", "&Save", self.saveFile, icon_name="save", shortcut=std.Save
        )
        self.actionQuit = self._action(
            "actionQuit", "&Quit", self.close, icon_name="quit", shortcut="Ctrl+Q"
        )
        self.actionClearForm = self._action(
            "actionClearForm",
            "&Clear form",
            self.resetForm,
            icon_name="clear",
            shortcut="Ctrl+Shift+R",
        )
        self.actionLogWarning = self._action("actionLogWarning", "Log &warning", self.logWarning)
        self.actionQDebug = self._action("actionQDebug", "Emit q&Debug message", self.emitQDebug)
        self.actionRaiseInSlot = self._action(
            "actionRaiseInSlot", "&Raise in slot", self.raiseInSlot
        )
        self.actionAbout = self._action("actionAbout", "&About…", self.showAbout, icon_name="about")

    def _create_menus(self) -> None:
        bar = self.menuBar()
        bar.setObjectName("menuBar")
        self.fileMenu = bar.addMenu("&File")
        self.fileMenu.setObjectName("fileMenu")
        self.fileMenu.addActions([self.actionOpen, self.actionSave])
        self.fileMenu.addSeparator()
        self.fileMenu.addAction(self.actionQuit)
        self.editMenu = bar.addMenu("&Edit")
        self.editMenu.setObjectName("editMenu")
        self.editMenu.addAction(self.actionClearForm)
        self.debugMenu = bar.addMenu("&Debug")
        self.debugMenu.setObjectName("debugMenu")
        self.debugMenu.addActions(
            [self.actionLogWarning, self.actionQDebug, self.actionRaiseInSlot]
        )
        self.helpMenu = bar.addMenu("&Help")
        self.helpMenu.setObjectName("helpMenu")
        self.helpMenu.addAction(self.actionAbout)

    def _create_toolbar(self) -> None:
        self.mainToolBar = QToolBar("Main toolbar", self)
        self.mainToolBar.setObjectName("mainToolBar")
        self.mainToolBar.setMovable(False)
        self.mainToolBar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.mainToolBar.addActions([self.actionOpen, self.actionSave])
        self.mainToolBar.addSeparator()
        self.mainToolBar.addActions([self.actionClearForm, self.actionAbout])
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.mainToolBar)

    def _create_status_bar(self) -> None:
        status = QStatusBar(self)
        status.setObjectName("statusBar")
        self.statusLabel = QLabel("Ready", status)
        self.statusLabel.setObjectName("statusLabel")
        status.addPermanentWidget(self.statusLabel, 1)
        self.setStatusBar(status)

    def _labelled(self, form: QFormLayout, text: str, field: QWidget, name: str) -> QLabel:
        """Add a form row whose label is the field's buddy: its accessible name comes from it."""
        label = QLabel(text)
        label.setObjectName(name)
        label.setBuddy(field)
        form.addRow(label, field)
        return label

    def _create_form_tab(self) -> QWidget:
        page = QWidget()
        page.setObjectName("formTab")
        panel = QWidget(page)
        panel.setObjectName("formPanel")
        panel.setMaximumWidth(640)
        outer = QHBoxLayout(page)
        outer.addWidget(panel, 3)
        outer.addStretch(1)

        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        form.setObjectName("formLayout")
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        column.addLayout(form)

        self.nameEdit = QLineEdit()
        self.nameEdit.setObjectName("nameEdit")
        self._labelled(form, "&Name:", self.nameEdit, "nameLabel")

        self.emailEdit = QLineEdit()
        self.emailEdit.setObjectName("emailEdit")
        self.emailEdit.setPlaceholderText("name@example.com")
        self._labelled(form, "E&mail:", self.emailEdit, "emailLabel")

        self.ageSpin = QSpinBox()
        self.ageSpin.setObjectName("ageSpin")
        self.ageSpin.setRange(0, 150)
        self.ageSpin.setValue(30)
        self._labelled(form, "&Age:", self.ageSpin, "ageLabel")

        self.heightSpin = QDoubleSpinBox()
        self.heightSpin.setObjectName("heightSpin")
        self.heightSpin.setRange(0.5, 2.5)
        self.heightSpin.setDecimals(2)
        self.heightSpin.setSingleStep(0.01)
        self.heightSpin.setSuffix(" m")
        self.heightSpin.setValue(1.70)
        self._labelled(form, "Hei&ght:", self.heightSpin, "heightLabel")

        self.countryCombo = QComboBox()
        self.countryCombo.setObjectName("countryCombo")
        self.countryCombo.addItems(COUNTRIES)
        self._labelled(form, "&Country:", self.countryCombo, "countryLabel")

        options = QWidget()
        options.setObjectName("optionsBox")
        options_layout = QVBoxLayout(options)
        options_layout.setContentsMargins(0, 0, 0, 0)
        self.newsletterCheck = QCheckBox("Subscribe to the newsletter")
        self.newsletterCheck.setObjectName("newsletterCheck")
        self.termsCheck = QCheckBox("I accept the terms and conditions")
        self.termsCheck.setObjectName("termsCheck")
        options_layout.addWidget(self.newsletterCheck)
        options_layout.addWidget(self.termsCheck)
        options_label = QLabel("Options:")
        options_label.setObjectName("optionsLabel")
        form.addRow(options_label, options)

        self.planGroup = QGroupBox("Plan")
        self.planGroup.setObjectName("planGroup")
        plan_layout = QHBoxLayout(self.planGroup)
        self.planBasicRadio = QRadioButton("Basic")
        self.planBasicRadio.setObjectName("planBasicRadio")
        self.planBasicRadio.setChecked(True)
        self.planProRadio = QRadioButton("Pro")
        self.planProRadio.setObjectName("planProRadio")
        self.planEnterpriseRadio = QRadioButton("Enterprise")
        self.planEnterpriseRadio.setObjectName("planEnterpriseRadio")
        for radio in (self.planBasicRadio, self.planProRadio, self.planEnterpriseRadio):
            plan_layout.addWidget(radio)
        plan_layout.addStretch(1)
        form.addRow(self.planGroup)

        # A layout, not a wrapper widget: Qt finds a buddy label only among its buddy's siblings.
        volume_layout = QHBoxLayout()
        volume_layout.setObjectName("volumeLayout")
        self.volumeSlider = QSlider(Qt.Orientation.Horizontal)
        self.volumeSlider.setObjectName("volumeSlider")
        self.volumeSlider.setRange(0, 100)
        self.volumeSlider.setValue(50)
        self.volumeSlider.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.volumeSlider.setTickInterval(10)
        self.volumeValueLabel = QLabel("50")
        self.volumeValueLabel.setObjectName("volumeValueLabel")
        self.volumeSlider.valueChanged.connect(lambda value: self.volumeValueLabel.setNum(value))
        volume_layout.addWidget(self.volumeSlider, 1)
        volume_layout.addWidget(self.volumeValueLabel)
        volume_label = QLabel("&Volume:")
        volume_label.setObjectName("volumeLabel")
        volume_label.setBuddy(self.volumeSlider)
        form.addRow(volume_label, volume_layout)

        self.notesEdit = QPlainTextEdit()
        self.notesEdit.setObjectName("notesEdit")
        self.notesEdit.setPlaceholderText("Anything else we should know?")
        self.notesEdit.setFixedHeight(90)
        self._labelled(form, "N&otes:", self.notesEdit, "notesLabel")

        self.errorLabel = QLabel("")
        self.errorLabel.setObjectName("errorLabel")
        self.errorLabel.setWordWrap(True)
        column.addWidget(self.errorLabel)

        buttons = QHBoxLayout()
        buttons.setObjectName("formButtons")
        buttons.addStretch(1)
        self.resetButton = QPushButton("Reset")
        self.resetButton.setObjectName("resetButton")
        self.resetButton.clicked.connect(self.resetForm)
        self.submitButton = QPushButton("Submit")
        self.submitButton.setObjectName("submitButton")
        self.submitButton.setDefault(True)
        self.submitButton.clicked.connect(self.submitForm)
        buttons.addWidget(self.resetButton)
        buttons.addWidget(self.submitButton)
        column.addLayout(buttons)
        column.addStretch(1)
        return page

    def _create_data_tab(self) -> QWidget:
        page = QWidget()
        page.setObjectName("dataTab")
        layout = QVBoxLayout(page)
        splitter = QSplitter(Qt.Orientation.Horizontal, page)
        splitter.setObjectName("dataSplitter")
        layout.addWidget(splitter)

        self.departmentsModel = _departments_model(self)
        self.treeView = QTreeView(splitter)
        self.treeView.setObjectName("treeView")
        self.treeView.setModel(self.departmentsModel)
        self.treeView.expandAll()
        self.treeView.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)

        table_panel = QWidget(splitter)
        table_panel.setObjectName("tablePanel")
        table_layout = QVBoxLayout(table_panel)
        table_layout.setContentsMargins(0, 0, 0, 0)
        self.tableFilter = QLineEdit(table_panel)
        self.tableFilter.setObjectName("tableFilter")
        self.tableFilter.setPlaceholderText("Filter people…")
        self.tableFilter.setClearButtonEnabled(True)
        self.tableFilter.setAccessibleName("Filter people")

        self.peopleModel = PeopleModel(self)
        self.peopleProxy = QSortFilterProxyModel(self)
        self.peopleProxy.setObjectName("peopleProxy")
        self.peopleProxy.setSourceModel(self.peopleModel)
        self.peopleProxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.peopleProxy.setFilterKeyColumn(-1)  # match any column
        self.tableFilter.textChanged.connect(self.peopleProxy.setFilterFixedString)

        self.tableView = QTableView(table_panel)
        self.tableView.setObjectName("tableView")
        self.tableView.setModel(self.peopleProxy)
        self.tableView.setSortingEnabled(True)
        self.tableView.sortByColumn(
            -1, Qt.SortOrder.AscendingOrder
        )  # keep source order until asked
        self.tableView.setAlternatingRowColors(True)
        self.tableView.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tableView.horizontalHeader().setStretchLastSection(True)
        self.tableView.setColumnWidth(0, 180)
        self.tableView.setColumnWidth(1, 60)
        table_layout.addWidget(self.tableFilter)
        table_layout.addWidget(self.tableView)

        splitter.addWidget(self.treeView)
        splitter.addWidget(table_panel)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([380, 580])
        return page

    def _create_canvas_tab(self) -> QWidget:
        page = QWidget()
        page.setObjectName("canvasTab")
        layout = QVBoxLayout(page)
        top = QHBoxLayout()
        self.clickCountLabel = QLabel("Clicks: 0")
        self.clickCountLabel.setObjectName("clickCountLabel")
        self.clearCanvasButton = QPushButton("Clear dots")
        self.clearCanvasButton.setObjectName("clearCanvasButton")
        top.addWidget(self.clickCountLabel)
        top.addStretch(1)
        top.addWidget(self.clearCanvasButton)
        layout.addLayout(top)

        self.canvas = ClickCanvas(page)
        self.canvas.clickCountChanged.connect(
            lambda n: self.clickCountLabel.setText(f"Clicks: {n}")
        )
        self.clearCanvasButton.clicked.connect(self.canvas.clear)
        layout.addWidget(self.canvas, 1)
        return page

    # -- behaviour

    def formData(self) -> dict[str, Any]:
        """The form's current values, as stored in ``submissions`` and sent by ``formSubmitted``."""
        plan = next(
            radio.text()
            for radio in (self.planBasicRadio, self.planProRadio, self.planEnterpriseRadio)
            if radio.isChecked()
        )
        return {
            "name": self.nameEdit.text().strip(),
            "email": self.emailEdit.text().strip(),
            "age": self.ageSpin.value(),
            "height": round(self.heightSpin.value(), 2),
            "country": self.countryCombo.currentText(),
            "newsletter": self.newsletterCheck.isChecked(),
            "terms": self.termsCheck.isChecked(),
            "plan": plan,
            "volume": self.volumeSlider.value(),
            "notes": self.notesEdit.toPlainText(),
        }

    @Slot()
    def submitForm(self) -> None:
        """Validate; then record the submission, log it (Qt and Python), emit ``formSubmitted``."""
        data = self.formData()
        errors = []
        if not data["name"]:
            errors.append("Name is required.")
        if not data["terms"]:
            errors.append("You must accept the terms.")
        if errors:
            self.errorLabel.setText(" ".join(errors))
            return
        self.errorLabel.clear()
        self.submissions.append(data)
        verb = "Sent" if os.environ.get("QTMCP_DEMO_BROKEN") == "1" else "Submitted"
        self.statusLabel.setText(f"{verb}: {data['name']}")
        qDebug(f"demo: form submitted by {data['name']}")
        log.info("form submitted: %s", data["name"])
        self.formSubmitted.emit(data)

    @Slot()
    def resetForm(self) -> None:
        """Put every form field back to its initial value."""
        self.nameEdit.clear()
        self.emailEdit.clear()
        self.ageSpin.setValue(30)
        self.heightSpin.setValue(1.70)
        self.countryCombo.setCurrentIndex(0)
        self.newsletterCheck.setChecked(False)
        self.termsCheck.setChecked(False)
        self.planBasicRadio.setChecked(True)
        self.volumeSlider.setValue(50)
        self.notesEdit.clear()
        self.errorLabel.clear()
        self.statusLabel.setText("Form reset")

    @Slot(str, int, result=str)
    def greet(self, name: str, times: int) -> str:
        """An invokable slot with arguments and a return value (for method-invocation tests)."""
        text = " ".join([f"Hello, {name}!"] * max(times, 0))
        self.statusLabel.setText(text)
        return text

    @Slot()
    def openFile(self) -> None:
        """A stand-in: a real file dialog would block tests on a platform without a display."""
        self.statusLabel.setText("Open is not available in the demo")

    @Slot()
    def saveFile(self) -> None:
        self.statusLabel.setText(f"Saved {len(self.submissions)} submission(s)")

    @Slot()
    def showAbout(self) -> None:
        """Show the modeless About dialog, created on first use like in most apps."""
        if self.aboutDialog is None:
            self.aboutDialog = AboutDialog(self)
        self.aboutDialog.show()
        self.aboutDialog.raise_()
        self.aboutDialog.activateWindow()

    @Slot()
    def logWarning(self) -> None:
        logging.warning("demo warning")

    @Slot()
    def emitQDebug(self) -> None:
        qDebug("demo qDebug message")

    @Slot()
    def raiseInSlot(self) -> None:
        """Misbehave on purpose: PySide prints the traceback to stderr and the app lives on."""
        raise RuntimeError("demo error in slot")

    @Slot()
    def _on_heartbeat(self) -> None:
        self.heartbeatCount += 1

    def closeEvent(self, event: QCloseEvent) -> None:
        # Close the modeless dialog too, so closing the main window ends the app.
        if self.aboutDialog is not None:
            self.aboutDialog.close()
        super().closeEvent(event)


def build_main_window() -> MainWindow:
    """Build (but do not show) the demo window; a QApplication must already exist."""
    return MainWindow()


# ------------------------------------------------------------------- bench windows


def _bench_window(title: str) -> tuple[QMainWindow, QWidget]:
    """A main window with a scrollable content widget: the shell of both bench windows."""
    window = QMainWindow()
    window.setObjectName("mainWindow")
    window.setWindowTitle(title)
    window.resize(DEFAULT_SIZE)
    scroll = QScrollArea(window)
    scroll.setObjectName("benchScroll")
    scroll.setWidgetResizable(True)
    content = QWidget()
    content.setObjectName("benchContent")
    scroll.setWidget(content)
    window.setCentralWidget(scroll)
    return window, content


def _bench_section(parent: QWidget, layout: QVBoxLayout, index: int) -> None:
    """One panel of a typical app: a group box of label rows, nested rows and helper QObjects."""
    group = QGroupBox(f"Section {index}", parent)
    group.setObjectName(f"section{index}")
    grid = QGridLayout(group)
    header = QLabel(f"Details of item {index}", group)
    header.setObjectName(f"header{index}")
    grid.addWidget(header, 0, 0, 1, 3)
    for row in range(1, 5):
        key = QLabel(f"Field {row}", group)
        value = QLabel(f"value {index}.{row}", group)
        detail = QWidget(group)
        detail_layout = QHBoxLayout(detail)
        detail_layout.setContentsMargins(0, 0, 0, 0)
        detail_layout.addWidget(QLabel("unit", detail))
        grid.addWidget(key, row, 0)
        grid.addWidget(value, row, 1)
        grid.addWidget(detail, row, 2)
    controller = QObject(group)  # non-widget helpers: controllers, models, undo stacks
    controller.setObjectName(f"controller{index}")
    for k in range(3):
        QObject(controller).setObjectName(f"helper{index}_{k}")
    layout.addWidget(group)


def build_bench_objects(n: int) -> QMainWindow:
    """A window holding ``n`` QObjects in total (``len(window.findChildren(QObject))``).

    Mixes nested widgets, labels, layouts and plain QObjects like a real application, for
    benchmarking an object-tree walk.
    """
    window, content = _bench_window(f"qtmcp bench: {n} objects")
    layout = QVBoxLayout(content)
    count = len(window.findChildren(QObject))
    index = 0
    section_size = 0  # measured on the first section
    while count + max(section_size, 1) < n:
        _bench_section(content, layout, index)
        index += 1
        if section_size == 0:
            section_size = len(window.findChildren(QObject)) - count
        count += section_size
    layout.addStretch(1)  # a layout item, not a QObject
    # Top up with plain QObjects so the total is exact (n below the empty shell cannot be met).
    store = QObject(content)
    store.setObjectName("benchStore")
    count = len(window.findChildren(QObject))
    for k in range(max(n - count, 0)):
        QObject(store).setObjectName(f"item{k}")
    return window


BENCH_FIELDS: tuple[tuple[str, str], ...] = (
    ("lineEdit", "First name"),
    ("lineEdit", "Last name"),
    ("lineEdit", "Email"),
    ("comboBox", "Country"),
    ("spinBox", "Quantity"),
    ("checkBox", "Subscribe to newsletter"),
    ("lineEdit", "City"),
    ("spinBox", "Age"),
    ("checkBox", "Gift wrap"),
    ("pushButton", "Save"),
)


def build_bench_form(n: int) -> QMainWindow:
    """A scrollable window with exactly ``n`` labelled form controls in groups of ten.

    Line edits, combo boxes and spin boxes get a buddy QLabel (their accessible name),
    check boxes and buttons carry their own text. ``window.controls`` lists them in order.
    """
    window, content = _bench_window(f"qtmcp bench: {n} form controls")
    layout = QVBoxLayout(content)
    controls: list[QWidget] = []
    group_index = 0
    form: QFormLayout | None = None
    group: QGroupBox | None = None
    for i in range(n):
        kind, text = BENCH_FIELDS[i % len(BENCH_FIELDS)]
        if form is None or group is None or i % len(BENCH_FIELDS) == 0:
            group_index += 1
            group = QGroupBox(f"Customer {group_index}", content)
            group.setObjectName(f"group{group_index}")
            form = QFormLayout(group)
            layout.addWidget(group)
        control: QWidget
        name = f"{kind}{i}"
        if kind == "checkBox":
            control = QCheckBox(text, group)
            form.addRow(control)
        elif kind == "pushButton":
            control = QPushButton(text, group)
            form.addRow(control)
        else:
            if kind == "lineEdit":
                control = QLineEdit(group)
            elif kind == "comboBox":
                combo = QComboBox(group)
                combo.addItems(COUNTRIES[:4])
                control = combo
            else:
                spin = QSpinBox(group)
                spin.setRange(0, 999)
                control = spin
            label = QLabel(f"{text}:", group)
            label.setObjectName(f"label{i}")
            label.setBuddy(control)
            form.addRow(label, control)
        control.setObjectName(name)
        controls.append(control)
    layout.addStretch(1)
    window.controls = controls  # type: ignore[attr-defined]
    return window


# ------------------------------------------------------------------ control channel


class ControlChannel(QObject):
    """Test remote control: commands on stdin, run on the GUI thread, replies on stdout.

    Lines are read through a QSocketNotifier on fd 0, so the event loop is never blocked
    waiting for input (POSIX only). Each command answers ``ok <cmd>`` or
    ``error <cmd>: <reason>``.
    """

    raiseRequested = Signal(str)

    def __init__(self, window: QWidget, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("controlChannel")
        self.window = window
        self._buffer = b""
        self._stopped = False
        self.raiseRequested.connect(self._raise_error)
        self.notifier = QSocketNotifier(0, QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(self._on_readable)

    @staticmethod
    def write(line: str) -> None:
        """Write one reply line and flush: the reader waits for it line by line."""
        try:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
        except (OSError, ValueError):  # the reader went away; nothing to report to
            pass

    @Slot()
    def _on_readable(self) -> None:
        try:
            chunk = os.read(0, 65536)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:  # EOF: whoever drove this app (a test run) is gone; so is the app
            self.notifier.setEnabled(False)
            QCoreApplication.exit(0)  # every loop, a dialog's too: no orphan outlives its run
            return
        self._buffer += chunk
        while b"\n" in self._buffer and not self._stopped:
            raw, self._buffer = self._buffer.split(b"\n", 1)
            line = raw.decode("utf-8", "replace").strip()
            if line:
                self.execute(line)

    def execute(self, line: str) -> None:
        """Run one command line and write its reply."""
        verb, _, arg = line.partition(" ")
        handler = getattr(self, "_cmd_" + verb.replace("-", "_"), None)
        if handler is None:
            self.write(f"error {line}: unknown command")
            return
        try:
            handler(arg.strip())
        except Exception as exc:  # noqa: BLE001 - every failure becomes a reply
            self.write(f"error {line}: {exc}")
            return
        self.write(f"ok {line}")
        if verb == "quit":
            self._stopped = True
            self.notifier.setEnabled(False)
            QTimer.singleShot(0, QApplication.quit)

    def _cmd_ping(self, arg: str) -> None:
        """Answer without doing anything: lets a test check the event loop turns."""

    def _cmd_freeze(self, arg: str) -> None:
        """Block the GUI thread, like a slow synchronous call in a real app."""
        seconds = float(arg)
        if seconds < 0:
            raise ValueError("SECONDS must be >= 0")
        time.sleep(seconds)

    def _cmd_imported(self, arg: str) -> None:
        """``imported MODULE`` answers ok when the module is imported in this process, an
        error when not: what the probe loads at start, and what only at a first call."""
        if arg not in sys.modules:
            raise LookupError(f"{arg} is not imported")

    def _cmd_source_held(self, arg: str) -> None:
        """``source-held MODULE`` answers ok when this process holds the module's source
        lines (``linecache``; PySide6 reads the source of each module imported after it,
        #41), an error when not."""
        module = sys.modules.get(arg)
        if module is None:
            raise LookupError(f"{arg} is not imported")
        if getattr(module, "__file__", None) not in linecache.cache:
            raise LookupError(f"the source of {arg} is not held")

    def _cmd_delete(self, arg: str) -> None:
        if not arg:
            raise ValueError("usage: delete OBJECTNAME")
        obj = self.window.findChild(QObject, arg)
        if obj is None:
            raise LookupError(f"no object named {arg!r}")
        obj.deleteLater()

    def _cmd_emit_submit(self, arg: str) -> None:
        button = self.window.findChild(QPushButton, "submitButton")
        if button is None:
            raise LookupError("no submitButton in this window")
        button.click()

    def _cmd_log(self, arg: str) -> None:
        level_name, _, text = arg.partition(" ")
        level = logging.getLevelName(level_name.upper())
        if not isinstance(level, int):
            raise ValueError(f"unknown level {level_name!r}")
        log.log(level, text)

    def _cmd_qdebug(self, arg: str) -> None:
        qDebug(arg)

    def _cmd_raise(self, arg: str) -> None:
        # Emitted, not raised here: the exception happens inside a slot, where PySide
        # prints it to stderr and carries on, exactly like an app bug would.
        self.raiseRequested.emit(arg or "demo error in slot")

    def _cmd_layout_truth(self, arg: str) -> None:
        """``layout-truth NAME``: the layout named NAME (or the layout of the widget named
        NAME) as Qt's own items place it (each
        ``itemAt(i).geometry()`` in window coordinates, the margins, the spacing), one
        JSON line ``layout-truth {...}``: what a test checks qt.layout against."""
        lay = self.window.findChild(QLayout, arg)
        if lay is None and (holder := self.window.findChild(QWidget, arg)) is not None:
            lay = holder.layout()
        if lay is None:
            raise LookupError(f"no layout named {arg!r}")
        owner = lay.parentWidget()
        assert owner is not None

        def placed(r: QRect) -> list[int]:
            top = owner.mapTo(self.window, r.topLeft())
            return [top.x(), top.y(), r.width(), r.height()]

        items = []
        for i in range(lay.count()):
            item = lay.itemAt(i)
            assert item is not None
            kind = "widget" if item.widget() else "layout" if item.layout() else "spacer"
            items.append({"kind": kind, "rect": placed(item.geometry()),
                          "name": item.widget().objectName() if item.widget() else ""})
        m = lay.contentsMargins()
        self.write("layout-truth " + json.dumps({
            "geometry": placed(lay.geometry()), "items": items,
            "margins": [m.left(), m.top(), m.right(), m.bottom()]}))

    def _cmd_set_title(self, arg: str) -> None:
        self.window.setWindowTitle(arg)

    def _cmd_quit(self, arg: str) -> None:
        """Quitting happens after the reply is written (see execute)."""

    def _cmd_animate(self, arg: str) -> None:
        """``animate FPS`` changes the status label FPS times a second (0 stops): a moving
        picture for live-view benchmarks."""
        fps = float(arg or "0")
        timer = getattr(self, "_anim_timer", None)
        if timer is None:
            timer = self._anim_timer = QTimer(self)
            timer.timeout.connect(self._animate_step)
            self._anim_count = 0
        timer.stop()
        if fps > 0:
            timer.start(max(1, round(1000 / fps)))

    @Slot()
    def _animate_step(self) -> None:
        self._anim_count += 1
        label = self.window.findChild(QLabel, "statusLabel")
        if label is not None:
            label.setText(f"frame {self._anim_count}")

    @Slot(str)
    def _raise_error(self, text: str) -> None:
        raise RuntimeError(text)


# ---------------------------------------------------------------------- entry point


def _parse_size(text: str) -> QSize:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected WIDTHxHEIGHT, e.g. 1280x800, not {text!r}"
        ) from None
    if width <= 0 or height <= 0:
        raise argparse.ArgumentTypeError("width and height must be positive")
    return QSize(width, height)


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError("must be a positive integer")
    return value


def parse_args(argv: list[str] | None = None) -> tuple[argparse.Namespace, list[str]]:
    """Parse our flags; unknown ones (e.g. ``-platform offscreen``) are left for Qt."""
    parser = argparse.ArgumentParser(
        prog="demo_app", description="The qtmcp demo target application."
    )
    parser.add_argument(
        "--probe", action="store_true", help="install the qtmcp probe before creating the window"
    )
    parser.add_argument(
        "--control-stdin",
        action="store_true",
        help="read test commands from stdin, reply on stdout",
    )
    bench = parser.add_mutually_exclusive_group()
    bench.add_argument(
        "--bench-objects", type=_positive, metavar="N", help="a window of N QObjects instead"
    )
    bench.add_argument(
        "--bench-form", type=_positive, metavar="N", help="a window of N form controls instead"
    )
    parser.add_argument(
        "--size", type=_parse_size, metavar="WxH", help="window size, e.g. 1280x800"
    )
    parser.add_argument("--title", help="window title")
    parser.add_argument("--place", choices=("left", "right"),
                        help="take this side of the screen, frame included (qtmcp demo)")
    return parser.parse_known_args(argv)


def _install_probe() -> bool:
    """``import probe; probe.install()``, also from a source checkout run as a plain script."""
    root = str(RESOURCES_DIR.parent)
    if root not in sys.path:
        sys.path.append(root)  # appended: an installed qtmcp still wins
    try:
        import probe
    except ImportError as exc:
        print(
            f"demo_app: --probe needs the qtmcp probe package, which cannot be imported: {exc}",
            file=sys.stderr,
        )
        return False
    try:
        probe.install()
    except ValueError as exc:  # a refused option (a non-loopback host): say it plainly
        print(f"demo_app: {exc}", file=sys.stderr)
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    """Run the demo (or a bench window) until it is closed; returns the exit code."""
    args, qt_args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    bench_mode = args.bench_objects is not None or args.bench_form is not None
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *qt_args])
    app.setApplicationName(BENCH_APP_NAME if bench_mode else APP_NAME)
    app.setWindowIcon(icon("qtmcp"))
    QResource.registerResource(str(RESOURCE_FILE))

    if args.probe and not _install_probe():
        return 2

    window: QMainWindow
    if args.bench_objects is not None:
        window = build_bench_objects(args.bench_objects)
    elif args.bench_form is not None:
        window = build_bench_form(args.bench_form)
    else:
        window = build_main_window()
    if args.size is not None:
        window.resize(args.size)
    if args.title:
        window.setWindowTitle(args.title)

    if args.place:  # qtmcp demo: qtmcp is importable (it started us)
        from probe.launcher.placement import place

        place(window, args.place)
    channel = ControlChannel(window, app) if args.control_stdin else None
    window.show()
    if channel is not None:
        QTimer.singleShot(0, lambda: channel.write("ready"))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
