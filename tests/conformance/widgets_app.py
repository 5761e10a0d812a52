"""Every standard Qt Widgets control in one window, for the conformance suite.

``qtmcp launch tests/conformance/widgets_app.py [CONFIGURATION]`` (started by
``test_widgets_conformance.py``). The window's tabs group the controls (Text, Choices,
Numbers, Views, Containers, Dialogs, Models, Editor); two docks hold more. The window is
built under a configuration (``CONFIGS``: as written, no object names/buddies/text formats,
labels above or before their fields, the Windows style, every control a Python subclass);
``harness.configure(name)`` (an object outside the window) builds it again in the same
process. Every signal a user's input makes that an app commits on (``editingFinished``,
``returnPressed``, ``textEdited``, ``activated``, ``linkActivated``, ``accepted`` …) is
written to the harness's signal log, the dynamic property ``signalLog`` (a JSON list of
``"key.signal args"``), and each control is reached by its key (``harness.control(key)``),
so a test sees what the app itself saw without the window's object names. The Models page
shows one view over one model at a time (``harness.showModel``).
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QDate,
    QDateTime,
    QIdentityProxyModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QSortFilterProxyModel,
    QStringListModel,
    Qt,
    QTime,
    QTimer,
    Slot,
)
from PySide6.QtGui import (
    QIntValidator,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QStandardItem,
    QStandardItemModel,
    QValidator,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QBoxLayout,
    QButtonGroup,
    QCalendarWidget,
    QCheckBox,
    QColorDialog,
    QColumnView,
    QComboBox,
    QCommandLinkButton,
    QCompleter,
    QDateEdit,
    QDateTimeEdit,
    QDial,
    QDialogButtonBox,
    QDockWidget,
    QDoubleSpinBox,
    QFileDialog,
    QFileSystemModel,
    QFontComboBox,
    QFontDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QKeySequenceEdit,
    QLabel,
    QLayout,
    QLCDNumber,
    QLineEdit,
    QListView,
    QListWidget,
    QMainWindow,
    QMdiArea,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QProgressDialog,
    QPushButton,
    QRadioButton,
    QScrollBar,
    QSlider,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QTextEdit,
    QTimeEdit,
    QToolBox,
    QToolButton,
    QTreeView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

APP_NAME = "qtmcp-conformance"
FRUITS = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape"]
PEOPLE = [("Ada", "Research"), ("Grace", "Navy"), ("Linus", "Kernel")]


@dataclass(frozen=True)
class Config:
    """How the window is built: the settings an app may or may not make."""

    #: no object names, no buddies, default text formats (as most apps leave controls)
    bare: bool = False
    #: where a form's labels sit: beside the field, above it, or before it in a row
    labels: str = "beside"
    style: str = "Fusion"
    #: every control a Python subclass overriding the Qt methods the probe reads
    subclassed: bool = False

    @property
    def buddies(self) -> bool:
        return not self.bare and self.labels == "beside"


CONFIGS = {
    "default": Config(),
    "bare": Config(bare=True),
    "labels-above": Config(labels="above"),
    "labels-before": Config(labels="before"),
    "windows": Config(style="Windows"),
    "subclassed": Config(subclassed=True),
    "models": Config(),
}

# ------------------------------------------------------------------ subclassed controls

#: The controls the subclassed configuration replaces with Python subclasses.
SUBCLASSED = (
    "QLineEdit", "QTextEdit", "QPlainTextEdit", "QTextBrowser", "QPushButton", "QToolButton",
    "QCommandLinkButton", "QCheckBox", "QRadioButton", "QComboBox", "QFontComboBox",
    "QSpinBox", "QDoubleSpinBox", "QDateEdit", "QTimeEdit", "QDateTimeEdit", "QSlider",
    "QDial", "QScrollBar", "QProgressBar", "QKeySequenceEdit", "QCalendarWidget",
    "QListWidget", "QTreeWidget", "QTableWidget", "QListView", "QTableView", "QTreeView",
    "QColumnView", "QDialogButtonBox", "QToolBox", "QGroupBox", "QTabWidget",
)
_VIEW_METHODS = ("visualRect", "indexAt")
_EVENT_METHODS = ("event", "mousePressEvent", "mouseReleaseEvent", "mouseDoubleClickEvent",
                  "keyPressEvent", "focusInEvent", "focusOutEvent", "sizeHint")


def _subclass(cls: type) -> type:
    """A Python subclass of ``cls`` overriding the handlers and the virtuals the probe
    reads (each calls Qt's), as app classes do."""
    names = _EVENT_METHODS + (_VIEW_METHODS if issubclass(cls, QAbstractItemView) else ())
    body: dict[str, Any] = {}
    for name in names:
        def method(self: Any, *args: Any, _name: str = name) -> Any:
            return getattr(super(sub, self), _name)(*args)
        method.__name__ = name
        body[name] = method
    sub = type(f"App{cls.__name__[1:]}", (cls,), body)
    return sub


@contextmanager
def _classes(subclassed: bool) -> Iterator[None]:
    """While the window is built, its controls' classes are the app's own subclasses."""
    if not subclassed:
        yield
        return
    module = globals()
    saved = {name: module[name] for name in SUBCLASSED}
    module.update({name: _subclass(cls) for name, cls in saved.items()})
    try:
        yield
    finally:
        module.update(saved)


# ---------------------------------------------------------------- models in views

#: The rows each model of the Models page holds (a tree model: two below the first).
ROWS = ["Alpha", "Beta", "Gamma", "Delta"]
CHILDREN = ["Alpha one", "Alpha two"]
_TOP = QModelIndex()
Index = QModelIndex | QPersistentModelIndex


class ListModel(QAbstractListModel):
    def rowCount(self, parent: Index = _TOP) -> int:
        return 0 if parent.isValid() else len(ROWS)

    def data(self, index: Index, role: int = 0) -> Any:
        return ROWS[index.row()] if role == Qt.ItemDataRole.DisplayRole else None


class TableModel(QAbstractTableModel):
    def rowCount(self, parent: Index = _TOP) -> int:
        return 0 if parent.isValid() else len(ROWS)

    def columnCount(self, parent: Index = _TOP) -> int:
        return 0 if parent.isValid() else 2

    def data(self, index: Index, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return ROWS[index.row()] if index.column() == 0 else str(index.row() + 1)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return ("Name", "Rank")[section]
        return None


class TreeModel(QAbstractItemModel):
    """Four rows, the first with two children (internal id: 0 top level, 1 below Alpha)."""

    def index(self, row: int, column: int, parent: Index = _TOP) -> QModelIndex:
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        return self.createIndex(row, column, 1 if parent.isValid() else 0)

    def parent(self, index: Index = _TOP) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(0, 0, 0)

    def rowCount(self, parent: Index = _TOP) -> int:
        if not parent.isValid():
            return len(ROWS)
        if parent.internalId() == 0 and parent.row() == 0 and parent.column() == 0:
            return len(CHILDREN)
        return 0

    def columnCount(self, parent: Index = _TOP) -> int:
        return 2

    def data(self, index: Index, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if index.column() == 1:
            return str(index.row() + 1)
        return (CHILDREN if index.internalId() else ROWS)[index.row()]


#: Whether the raising models raise now (armed by the suite for one row at a time: a view
#: whose model raises while Qt itself lays it out or deletes it can take Qt down).
ARMED = {"on": False}


class RaisingData(TableModel):
    """Its data for Gamma raises for the roles a screen reader asks (AccessibleText,
    ToolTip): a role table with no entry for them."""

    def data(self, index: Index, role: int = 0) -> Any:
        if ARMED["on"] and index.row() == 2 and role in (
                Qt.ItemDataRole.AccessibleTextRole, Qt.ItemDataRole.ToolTipRole):
            raise KeyError(f"no role {role} for Gamma")
        return super().data(index, role)


class RaisingIndex(TableModel):
    """index() raises for Gamma's row (looked up in a list that is being reloaded)."""

    def index(self, row: int, column: int, parent: Index = _TOP) -> QModelIndex:
        if ARMED["on"] and row == 2:
            raise IndexError("row 2 is being reloaded")
        return super().index(row, column, parent)


class RaisingCount(TableModel):
    """rowCount() raises (its data source closed)."""

    def rowCount(self, parent: Index = _TOP) -> int:
        if ARMED["on"]:
            raise ConnectionError("the data source is closed")
        return super().rowCount(parent)


def _standard() -> QStandardItemModel:
    model = QStandardItemModel(0, 2)
    model.setHorizontalHeaderLabels(["Name", "Rank"])
    for i, name in enumerate(ROWS):
        row = [QStandardItem(name), QStandardItem(str(i + 1))]
        if i == 0:
            for child in CHILDREN:
                row[0].appendRow([QStandardItem(child), QStandardItem("")])
        model.appendRow(row)
    return model


def _files(folder: str) -> QFileSystemModel:
    """A file system model whose names can be edited, as a file dialog's are (an edit
    renames the file on disk)."""
    model = QFileSystemModel()
    model.setReadOnly(False)
    model.setRootPath(folder)
    return model


#: Model kind -> (a maker given the files' folder, whether it holds rows below Alpha).
MODELS: dict[str, tuple[Any, bool]] = {
    "QStringListModel": (lambda folder: QStringListModel(ROWS), False),
    "QStandardItemModel": (lambda folder: _standard(), True),
    "QFileSystemModel": (_files, False),
    "QAbstractListModel": (lambda folder: ListModel(), False),
    "QAbstractTableModel": (lambda folder: TableModel(), False),
    "QAbstractItemModel": (lambda folder: TreeModel(), True),
}
#: Models that raise where a read asks them.
RAISING: dict[str, Any] = {"data": RaisingData, "index": RaisingIndex,
                           "rowCount": RaisingCount}
VIEWS: dict[str, type] = {"QListView": QListView, "QTreeView": QTreeView,
                          "QTableView": QTableView}


class LevelSpin(QAbstractSpinBox):
    """A custom QAbstractSpinBox (no QSpinBox): one of a few words, stepped with the arrows."""

    LEVELS = ("low", "medium", "high")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.lineEdit().setText("low")

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        return (QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
                | QAbstractSpinBox.StepEnabledFlag.StepDownEnabled)

    def stepBy(self, steps: int) -> None:
        text = self.lineEdit().text()
        i = self.LEVELS.index(text) if text in self.LEVELS else 0
        self.lineEdit().setText(self.LEVELS[max(0, min(len(self.LEVELS) - 1, i + steps))])

    def validate(self, text: str, pos: int) -> object:
        if text in self.LEVELS:
            return QValidator.State.Acceptable, text, pos
        if any(level.startswith(text) for level in self.LEVELS):
            return QValidator.State.Intermediate, text, pos
        return QValidator.State.Invalid, text, pos


class Sketch(QWidget):
    """A custom-drawn canvas: each click adds a dot; nothing of it is accessible text."""

    def __init__(self) -> None:
        super().__init__()
        self.dots: list[QPoint] = []
        self.setFixedHeight(60)
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.dots.append(event.position().toPoint())
        self.setProperty("dots", len(self.dots))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        for dot in self.dots:
            painter.drawEllipse(dot, 3, 3)


class DrawnList(QAbstractScrollArea):
    """A list the app draws itself in a scroll area (no item views, nothing accessible):
    a click on a line says which one it hit."""

    ITEMS = ("first.txt", "second.txt", "third.txt")

    def __init__(self, log: Any) -> None:
        super().__init__()
        self.log = log
        self.setFixedHeight(70)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        for i, text in enumerate(self.ITEMS):
            painter.drawText(4, 16 + 20 * i, text)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        line = min(int(event.position().y()) // 20, len(self.ITEMS) - 1)
        self.log(f"drawnList.clicked {self.ITEMS[line]}")


class Window(QMainWindow):
    def __init__(self, harness: Harness, config: Config) -> None:
        super().__init__()
        self.harness = harness
        self.config = config
        #: key -> the control the suite reads by it, and back (id(control) -> key)
        self.controls: dict[str, Any] = {}
        self.keys: dict[int, str] = {}
        self._name(self, "conformance")
        self.setWindowTitle("Conformance")
        self.pages = QTabWidget()
        self._name(self.pages, "pages")
        self.setCentralWidget(self.pages)
        for title, build in (("Text", self._text), ("Choices", self._choices),
                             ("Numbers", self._numbers), ("Views", self._views),
                             ("Containers", self._containers), ("Dialogs", self._dialogs),
                             ("Models", self._models)):
            page = QWidget()
            self._name(page, f"{title.lower()}Page")
            build(page)
            self.pages.addTab(page, title)
        self.editor_page = QPlainTextEdit()  # a tab page that is itself an editor
        self._name(self.editor_page, "editorPage")
        self.editor_page.textChanged.connect(lambda: self.log("editorPage.textChanged"))
        self.pages.addTab(self.editor_page, "Editor")
        self._docks()
        self.resize(1100, 820)

    # ------------------------------------------------------------------------ the log

    def log(self, entry: str) -> None:
        self.harness.log(entry)

    def _name(self, obj: Any, key: str) -> Any:
        """Register ``obj`` as ``key`` (the suite reads and logs it by this key); it gets
        the key as its objectName unless the configuration leaves names unset."""
        self.controls[key] = obj
        self.keys[id(obj)] = key
        if not self.config.bare:
            obj.setObjectName(key)
        return obj

    def hook(self, obj: Any, *signals: str) -> None:
        """Write each of ``obj``'s ``signals`` to the log with its arguments."""
        name = self.keys.get(id(obj), "")
        for sig in signals:
            def slot(*args: Any, _sig: str = sig) -> None:
                shown = " ".join(_plain(a) for a in args)
                self.log(f"{name}.{_sig}{' ' + shown if shown else ''}")
            getattr(obj, sig).connect(slot)

    def _named(self, w: Any, name: str, *signals: str) -> Any:
        self._name(w, name)
        self.hook(w, *signals)
        return w

    def _field(self, form: QFormLayout, text: str, field: QWidget | QLayout) -> None:
        """A labelled form row, the label placed as the configuration says: beside the
        field (its buddy, as QFormLayout.addRow(text, field) makes it; or a plain label
        with no buddy), above it, or before it in a row of its own."""
        place = self.config.labels
        if place == "beside" and not self.config.bare:
            form.addRow(text, field)  # a widget: the label's buddy (a layout: none)
        elif place == "beside":
            form.addRow(QLabel(text), field)
        elif place == "above":
            form.addRow(QLabel(text))
            form.addRow(field)
        else:
            row = QHBoxLayout()
            row.addWidget(QLabel(text))
            if isinstance(field, QLayout):
                row.addLayout(field, 1)
            else:
                row.addWidget(field, 1)
            form.addRow(row)

    def _above(self, lay: QBoxLayout, text: str, field: QWidget) -> None:
        """A label over a field (a view, a field in a column): its buddy unless the
        configuration leaves buddies unset, or before it in a row of its own."""
        if self.config.labels == "before":
            row = QHBoxLayout()
            row.addWidget(QLabel(text))
            row.addWidget(field, 1)
            lay.addLayout(row)
            return
        label = QLabel(text)
        if self.config.buddies:
            label.setBuddy(field)
        lay.addWidget(label)
        lay.addWidget(field)

    # ---------------------------------------------------------------------- the pages

    def _text(self, page: QWidget) -> None:
        form = QFormLayout(page)
        self._field(form, "Name", self._named(QLineEdit(), "nameEdit", "textEdited",
                                        "editingFinished", "returnPressed"))
        password = self._named(QLineEdit(), "passwordEdit", "editingFinished")
        password.setEchoMode(QLineEdit.EchoMode.Password)
        self._field(form, "Password", password)
        quantity = self._named(QLineEdit(), "quantityEdit", "editingFinished")
        quantity.setValidator(QIntValidator(0, 999, quantity))
        self._field(form, "Quantity", quantity)
        city = self._named(QLineEdit(), "cityEdit", "returnPressed", "editingFinished")
        city.setCompleter(QCompleter(["Berlin", "Bern", "Boston"], city))
        self._field(form, "City", city)
        notes = self._named(QTextEdit(), "notesEdit", "textChanged")
        notes.setFixedHeight(60)
        self._field(form, "Notes", notes)
        plain = self._named(QPlainTextEdit(), "plainEdit", "textChanged")
        plain.setFixedHeight(60)
        self._field(form, "Journal", plain)
        browser = self._named(QTextBrowser(), "helpBrowser", "anchorClicked")
        browser.setOpenLinks(False)
        browser.setHtml('<p>See the <a href="#intro">introduction</a> first.</p>')
        browser.setFixedHeight(50)
        self._field(form, "Help", browser)
        links = self._named(QLabel('Read the <a href="https://example.org/docs">docs</a> or '
                                   'the <a href="https://example.org/faq">FAQ</a>.'),
                            "linkLabel", "linkActivated")
        if not self.config.bare:  # left bare: the default format (Qt.AutoText)
            links.setTextFormat(Qt.TextFormat.RichText)
        form.addRow(links)
        # a composite field: a line edit and its Browse button, labelled as one row
        file_row = QWidget()
        self._name(file_row, "fileRow")
        box = QHBoxLayout(file_row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self._named(QLineEdit(), "fileEdit", "editingFinished"))
        browse = self._named(QPushButton("Browse…"), "browseButton", "clicked")
        box.addWidget(browse)
        self._field(form, "File", file_row)
        shortcut = self._named(QKeySequenceEdit(), "shortcutEdit", "keySequenceChanged")
        self._field(form, "Shortcut", shortcut)
        # two fields after one label: a scope box, then the field that takes the text
        search = QWidget()
        self._name(search, "searchRow")
        line = QHBoxLayout(search)
        line.setContentsMargins(0, 0, 0, 0)
        scope = self._named(QComboBox(), "scopeCombo", "activated")
        scope.addItems(["Everywhere", "Titles"])
        scope.setToolTip("Scope")
        line.addWidget(scope)
        line.addWidget(self._named(QLineEdit(), "searchEdit", "editingFinished"))
        self._field(form, "Search", search)
        # the same as a row of the form's own (a layout, no container widget)
        find = QHBoxLayout()
        unit = self._named(QComboBox(), "unitCombo", "activated")
        unit.addItems(["cm", "in"])
        unit.setToolTip("Unit")
        find.addWidget(unit)
        find.addWidget(self._named(QSpinBox(), "lengthSpin", "editingFinished"))
        self._field(form, "Length", find)

    def _choices(self, page: QWidget) -> None:
        form = QFormLayout(page)
        buttons = QWidget()
        row = QHBoxLayout(buttons)
        row.addWidget(self._named(QPushButton("Save"), "saveButton", "clicked"))
        tool = self._named(QToolButton(), "actionsButton", "triggered")
        tool.setText("Actions")
        menu = QMenu(tool)
        self._name(menu, "actionsMenu")
        for text in ("Cut", "Copy"):
            menu.addAction(text).triggered.connect(lambda _=False, t=text: self.log(
                f"actionsMenu.triggered {t}"))
        tool.setMenu(menu)
        tool.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        row.addWidget(tool)
        row.addWidget(self._named(QCommandLinkButton("Continue", "to the next step"),
                                  "continueLink", "clicked"))
        form.addRow(buttons)
        form.addRow(self._named(QCheckBox("Subscribe"), "subscribeCheck", "toggled"))
        tri = self._named(QCheckBox("Partial"), "partialCheck", "stateChanged")
        tri.setTristate(True)
        form.addRow(tri)
        sizes = QGroupBox("Size")
        self._name(sizes, "sizeBox")
        group = QButtonGroup(sizes)
        self._name(group, "sizeGroup")
        line = QHBoxLayout(sizes)
        for i, text in enumerate(("Small", "Medium", "Large")):
            radio = self._named(QRadioButton(text), f"size{text}", "toggled")
            group.addButton(radio, i)
            line.addWidget(radio)
            radio.setChecked(i == 0)
        self.hook(group, "idClicked")
        form.addRow(sizes)
        colour = self._named(QComboBox(), "colourCombo", "activated", "currentTextChanged")
        colour.addItems(["Red", "Green", "Blue"])
        self._field(form, "Colour", colour)
        tag = self._named(QComboBox(), "tagCombo", "editTextChanged", "activated")
        tag.setEditable(True)
        tag.addItems(["urgent", "later"])
        self._field(form, "Tag", tag)
        font = self._named(QFontComboBox(), "fontCombo", "currentFontChanged")
        self._field(form, "Font", font)
        zoom = self._named(QComboBox(), "zoomCombo", "activated")
        zoom.addItems(["5", "10", "25"])
        zoom.setToolTip("Zoom level")
        form.addRow(zoom)  # no label: its tool tip names it
        box = self._named(QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                           | QDialogButtonBox.StandardButton.Cancel),
                          "buttonBox", "accepted", "rejected")
        form.addRow(box)

    def _numbers(self, page: QWidget) -> None:
        form = QFormLayout(page)
        count = self._named(QSpinBox(), "countSpin", "valueChanged", "editingFinished")
        count.setRange(0, 100)
        count.setValue(3)
        self._field(form, "Count", count)
        price = self._named(QDoubleSpinBox(), "priceSpin", "valueChanged", "editingFinished")
        price.setRange(0, 1000)
        price.setDecimals(2)
        price.setValue(43.5)
        self._field(form, "Price", price)
        date = self._named(QDateEdit(), "dateEdit", "dateChanged", "editingFinished")
        date.setDisplayFormat("dd.MM.yyyy")
        date.setDate(QDate(2023, 1, 15))
        self._field(form, "Birthday", date)
        time = self._named(QTimeEdit(), "timeEdit", "timeChanged", "editingFinished")
        time.setDisplayFormat("HH:mm")
        time.setTime(QTime(7, 30))
        self._field(form, "Alarm", time)
        when = self._named(QDateTimeEdit(), "meetingEdit", "dateTimeChanged", "editingFinished")
        when.setDisplayFormat("yyyy-MM-dd HH:mm")
        when.setDateTime(QDateTime(QDate(2023, 1, 15), QTime(9, 0)))
        self._field(form, "Meeting", when)
        level = self._named(LevelSpin(), "levelSpin", "editingFinished")
        self._field(form, "Level", level)
        limit = self._named(QSpinBox(), "limitSpin", "editingFinished")
        limit.setRange(0, 100)
        limit.valueChanged.connect(lambda v: limit.setValue(50) if v > 50 else None)
        self._field(form, "Limit", limit)  # the app caps it at 50: more is not taken
        volume = self._named(QSlider(Qt.Orientation.Horizontal), "volumeSlider", "valueChanged")
        volume.setRange(0, 100)
        self._field(form, "Volume", volume)
        # a float slider built on a scaled QSlider, its value shown by a read-out beside it
        gain_row = QWidget()
        self._name(gain_row, "gainRow")
        line = QHBoxLayout(gain_row)
        line.setContentsMargins(0, 0, 0, 0)
        gain = self._named(QSlider(Qt.Orientation.Horizontal), "gainSlider", "valueChanged")
        gain.setRange(0, 10000)
        readout = QLabel()
        self._name(readout, "gainReadout")
        gain.valueChanged.connect(lambda v: readout.setText(f"{v / 100:.2f}"))
        gain.setValue(4350)
        line.addWidget(gain)
        line.addWidget(readout)
        self._field(form, "Gain", gain_row)
        self._field(form, "Balance", self._named(QDial(), "balanceDial", "valueChanged"))
        bar = self._named(QScrollBar(Qt.Orientation.Horizontal), "offsetBar", "valueChanged")
        bar.setRange(0, 50)
        self._field(form, "Offset", bar)
        progress = QProgressBar()
        self._name(progress, "progressBar")
        progress.setValue(40)
        self._field(form, "Progress", progress)
        lcd = QLCDNumber()
        self._name(lcd, "scoreLcd")
        lcd.display(42)
        self._field(form, "Score", lcd)
        calendar = self._named(QCalendarWidget(), "calendar", "clicked", "activated")
        calendar.setSelectedDate(QDate(2024, 3, 1))
        self._field(form, "Calendar", calendar)

    def _views(self, page: QWidget) -> None:
        grid = QHBoxLayout(page)
        left = QVBoxLayout()
        grid.addLayout(left)
        fruits = self._named(QListWidget(), "fruitList", "itemDoubleClicked",
                             "currentTextChanged")
        fruits.addItems(FRUITS)
        fruits.setFixedHeight(120)
        self._above(left, "Fruits", fruits)
        tree = self._named(QTreeWidget(), "fileTree", "itemExpanded")
        tree.setHeaderLabels(["File", "Size"])
        src = QTreeWidgetItem(tree, ["src", ""])
        for name, size in (("main.py", "2 KB"), ("util.py", "1 KB")):
            QTreeWidgetItem(src, [name, size])
        QTreeWidgetItem(tree, ["README", "3 KB"])
        tree.setFixedHeight(120)
        self._above(left, "Files", tree)
        long_list = QListView()
        self._name(long_list, "longList")
        self.long_model = QStandardItemModel(200, 1, long_list)
        for r in range(200):
            self.long_model.setItem(r, QStandardItem(f"Line {r + 1:03d}"))
        long_list.setModel(self.long_model)
        long_list.setFixedHeight(120)
        self._above(left, "Lines", long_list)
        column = QColumnView()
        self._name(column, "columnView")
        column.setModel(tree.model())
        column.setFixedHeight(100)
        self._above(left, "Columns", column)
        right = QVBoxLayout()
        grid.addLayout(right)
        people = self._named(QTableWidget(len(PEOPLE), 3), "peopleTable", "itemChanged")
        people.setHorizontalHeaderLabels(["Name", "Department", "Active"])
        people.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                               | QAbstractItemView.EditTrigger.AnyKeyPressed)
        for r, (name, dept) in enumerate(PEOPLE):
            people.setItem(r, 0, QTableWidgetItem(name))
            people.setItem(r, 1, QTableWidgetItem(dept))
            check = self._named(QCheckBox(), f"active{name}", "toggled")
            people.setCellWidget(r, 2, check)
        people.setFixedHeight(140)
        self._above(right, "People", people)
        filter_edit = self._named(QLineEdit(), "filterEdit", "textChanged")
        self._above(right, "Filter", filter_edit)
        self.catalog = QStandardItemModel(0, 2)
        for i, name in enumerate(["Bolt", "Nut", "Screw", "Washer", "Rivet", "Nail"]):
            self.catalog.appendRow([QStandardItem(name), QStandardItem(str((i + 1) * 10))])
        self.catalog.setHorizontalHeaderLabels(["Part", "Stock"])
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.catalog)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        catalog = self._named(QTableView(), "catalogView", "doubleClicked", "clicked")
        catalog.setModel(self.proxy)
        catalog.setSortingEnabled(True)
        catalog.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self._name(catalog.horizontalHeader(), "catalogHeader")
        self.hook(catalog.horizontalHeader(), "sectionClicked")
        catalog.setFixedHeight(200)
        self._above(right, "Catalog", catalog)

    def _containers(self, page: QWidget) -> None:
        lay = QVBoxLayout(page)
        toolbox = self._named(QToolBox(), "toolBox", "currentChanged")
        toolbox.addItem(QLabel("General settings"), "General")
        toolbox.addItem(QLabel("Expert settings"), "Expert")
        lay.addWidget(toolbox)
        chooser = self._named(QComboBox(), "stackChooser", "activated")
        chooser.addItems(["First page", "Second page"])
        stack = QStackedWidget()
        self._name(stack, "stack")
        for text in ("First page body", "Second page body"):
            stack.addWidget(QLabel(text))
        chooser.activated.connect(stack.setCurrentIndex)
        self._above(lay, "Page", chooser)
        lay.addWidget(stack)
        advanced = self._named(QGroupBox("Advanced"), "advancedBox", "toggled")
        advanced.setCheckable(True)
        advanced.setChecked(False)
        QVBoxLayout(advanced).addWidget(QLabel("Advanced options"))
        lay.addWidget(advanced)
        splitter = QSplitter()
        self._name(splitter, "splitter")
        splitter.addWidget(QLabel("Left pane"))
        splitter.addWidget(QLabel("Right pane"))
        lay.addWidget(splitter)
        mdi = QMdiArea()
        self._name(mdi, "mdiArea")
        for title in ("Sheet 1", "Sheet 2"):
            sub = mdi.addSubWindow(QLabel(f"{title} body"))
            sub.setWindowTitle(title)
        mdi.tileSubWindows()
        lay.addWidget(mdi)
        lay.addWidget(DrawnList(self.log))  # no label, no tip: nothing names it
        sketch = Sketch()
        self._name(sketch, "sketch")
        sketch.setToolTip("Sketch")
        lay.addWidget(sketch)

    def _models(self, page: QWidget) -> None:
        """One view over one model at a time (Harness.showModel picks them)."""
        self.model_page = QVBoxLayout(page)
        self.model_view: QAbstractItemView = QListView()
        self._above(self.model_page, "Model view", self.model_view)
        self.model_page.addStretch()

    def show_model(self, kind: str, view_kind: str, proxies: int) -> None:
        """Replace the model view: a ``view_kind`` over ``kind`` behind ``proxies``
        proxies (a sort/filter proxy, then an identity proxy)."""
        old = self.model_view
        if kind in RAISING:
            model: Any = RAISING[kind]()
        else:
            model = MODELS[kind][0](self.harness.folder)
        chain = [model]
        for i in range(proxies):
            proxy: Any = QSortFilterProxyModel() if i == 0 else QIdentityProxyModel()
            proxy.setSourceModel(chain[-1])
            chain.append(proxy)
        view = VIEWS[view_kind]()
        for m in chain:
            m.setParent(view)  # the models go with their view, never before it
        view.setModel(chain[-1])
        if isinstance(model, QFileSystemModel):
            root = model.index(self.harness.folder)
            for proxy in chain[1:]:
                root = proxy.mapFromSource(root)
            view.setRootIndex(root)
        self.model_view = view
        self._named(view, "modelView", "clicked")
        self.model_page.replaceWidget(old, view)
        label = next((w for w in old.parentWidget().findChildren(QLabel)
                      if w.text() == "Model view"), None) if old.parentWidget() else None
        if label is not None and self.config.buddies:
            label.setBuddy(view)
        old.deleteLater()

    def _dialogs(self, page: QWidget) -> None:
        lay = QVBoxLayout(page)
        for text, slot in (("Ask question", self._question), ("Enter text", self._input),
                           ("Pick colour", self._colour), ("Pick font", self._font),
                           ("Open file", self._file), ("Long task", self._progress),
                           ("Run wizard", self._wizard)):
            button = QPushButton(text)
            self._name(button, text.replace(" ", "").lower() + "Button")
            button.clicked.connect(slot)
            lay.addWidget(button)
        lay.addStretch()

    def _question(self) -> None:
        answer = QMessageBox.question(self, "Question", "Delete everything?")
        self.log(f"question.answer {answer.name}")

    def _input(self) -> None:
        text, ok = QInputDialog.getText(self, "Input", "Your name:")
        self.log(f"input.answer {ok} {text}")

    def _colour(self) -> None:
        colour = QColorDialog.getColor(Qt.GlobalColor.red, self, "Colour",
                                       QColorDialog.ColorDialogOption.DontUseNativeDialog)
        self.log(f"colour.answer {colour.isValid()} {colour.name()}")

    def _font(self) -> None:
        ok, _font = QFontDialog.getFont(self.font(), self, "Font",
                                       QFontDialog.FontDialogOption.DontUseNativeDialog)
        self.log(f"font.answer {ok}")

    def _file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open", "", "",
                                              options=QFileDialog.Option.DontUseNativeDialog)
        self.log(f"file.answer {path}")

    def _progress(self) -> None:
        dialog = QProgressDialog("Working…", "Stop", 0, 100, self)
        self._name(dialog, "progressDialog")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setValue(30)
        dialog.canceled.connect(lambda: self.log("progressDialog.canceled"))
        dialog.show()

    def _wizard(self) -> None:
        wizard = QWizard(self)
        self._name(wizard, "wizard")
        wizard.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        for title in ("Welcome", "Finish"):
            p = QWizardPage()
            p.setTitle(title)
            QVBoxLayout(p).addWidget(QLabel(f"{title} page"))
            wizard.addPage(p)
        self.hook(wizard, "accepted", "rejected", "currentIdChanged")
        wizard.exec()

    def _docks(self) -> None:
        props = QDockWidget("Properties", self)
        self._name(props, "propertiesDock")
        holder = QWidget()
        form = QFormLayout(holder)
        self._field(form, "Title", self._named(QLineEdit(), "titleEdit", "editingFinished"))
        props.setWidget(holder)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, props)
        output = QDockWidget("Output", self)
        self._name(output, "outputDock")
        output.setWidget(QLabel("Build finished"))
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, output)


def _plain(value: Any) -> str:
    if isinstance(value, (QDate, QTime, QDateTime)):
        return str(value.toString(Qt.DateFormat.ISODate))
    if isinstance(value, QModelIndex):
        return str(value.data())
    if hasattr(value, "toString"):
        return str(value.toString())
    if hasattr(value, "text") and callable(value.text):
        return str(value.text(0) if isinstance(value, QTreeWidgetItem) else value.text())
    return str(value)


class Harness(QObject):
    """What the suite drives the app with, outside its window (so it needs none of the
    window's object names): the signal log, each control by key, and the configuration the
    window is built under (a new window for each)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.setObjectName("harness")
        self.entries: list[str] = []
        self.setProperty("signalLog", "[]")
        self.window: Window | None = None
        self.folder = tempfile.mkdtemp(prefix="qtmcp-conformance-models-")
        for name in ROWS:
            Path(self.folder, name).write_text(name, encoding="utf-8")

    def log(self, entry: str) -> None:
        self.entries.append(entry)
        self.setProperty("signalLog", json.dumps(self.entries))

    @Slot(str, result=bool)
    def configure(self, name: str) -> bool:
        """Build the window anew under configuration ``name`` (the old one goes), from
        the event loop (a build takes a while): ``configuration`` says when it is there."""
        self.setProperty("configuration", "")
        QTimer.singleShot(0, lambda: self.build(name))
        return True

    def build(self, name: str) -> None:
        config = CONFIGS[name]
        old = self.window
        if old is not None:
            old.close()
            old.deleteLater()
        for w in QApplication.topLevelWidgets():  # a stray dialog of the last row
            if w is not old and w.isVisible():
                w.close()
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.setStyle(config.style)
        with _classes(config.subclassed):
            self.window = Window(self, config)
        self.entries.clear()  # what construction emitted is no user's doing
        self.setProperty("signalLog", "[]")
        self.window.show()
        self.setProperty("configuration", name)

    @Slot(str, result=QObject)
    def control(self, key: str) -> QObject:
        """The control registered as ``key`` (the suite reads and drives it by its id)."""
        assert self.window is not None
        return self.window.controls[key]

    @Slot(str, str, int, result=bool)
    def showModel(self, model: str, view: str, proxies: int) -> bool:
        """Show ``model`` (a MODELS or RAISING key) in a ``view`` (a VIEWS key) behind
        ``proxies`` proxy models on the Models page; the log says ``models.shown …`` when
        it is there."""
        window = self.window
        assert window is not None

        def build() -> None:  # from the event loop: a model that raises only prints there
            window.show_model(model, view, proxies)
            self.log(f"models.shown {model} {view} {proxies}")
        QTimer.singleShot(0, build)
        return True

    @Slot(bool, result=bool)
    def arm(self, on: bool) -> bool:
        """The raising models raise (True) or behave (False) from now on."""
        ARMED["on"] = on
        return on

    @Slot(result=str)
    def modelCurrent(self) -> str:
        """The display text of the model view's current item."""
        assert self.window is not None
        return str(self.window.model_view.currentIndex().data() or "")


def main() -> int:
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    harness = Harness(app)
    harness.build(sys.argv[1] if len(sys.argv) > 1 else "default")
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
