"""Every standard Qt Widgets control in one window, for the conformance suite.

``python -m tests.conformance.widgets_app --probe --control-stdin`` (started by
``test_widgets_conformance.py``). The window's tabs group the controls (Text, Choices,
Numbers, Views, Containers, Editor, Dialogs); two docks hold more. Every signal a user's
input makes that an app commits on (``editingFinished``, ``returnPressed``,
``textEdited``, ``activated``, ``linkActivated``, ``accepted`` …) is written to the
window's signal log, the dynamic property ``signalLog`` (a JSON list of
``"objectName.signal args"``), so a test sees what the app itself saw.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from PySide6.QtCore import (
    QDate,
    QDateTime,
    QModelIndex,
    QPoint,
    QSortFilterProxyModel,
    Qt,
    QTime,
    QTimer,
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
    QAbstractSpinBox,
    QApplication,
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
    QFontComboBox,
    QFontDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QKeySequenceEdit,
    QLabel,
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
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
    QWizard,
    QWizardPage,
)

import probe
from resources.demo_app import ControlChannel

APP_NAME = "qtmcp-conformance"
FRUITS = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape"]
PEOPLE = [("Ada", "Research"), ("Grace", "Navy"), ("Linus", "Kernel")]


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


class Window(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("conformance")
        self.setWindowTitle("Conformance")
        self.entries: list[str] = []
        self.setProperty("signalLog", "[]")
        self.pages = QTabWidget()
        self.pages.setObjectName("pages")
        self.setCentralWidget(self.pages)
        for title, build in (("Text", self._text), ("Choices", self._choices),
                             ("Numbers", self._numbers), ("Views", self._views),
                             ("Containers", self._containers), ("Dialogs", self._dialogs)):
            page = QWidget()
            page.setObjectName(f"{title.lower()}Page")
            build(page)
            self.pages.addTab(page, title)
        self.editor_page = QPlainTextEdit()  # a tab page that is itself an editor
        self.editor_page.setObjectName("editorPage")
        self.editor_page.textChanged.connect(lambda: self.log("editorPage.textChanged"))
        self.pages.addTab(self.editor_page, "Editor")
        self._docks()
        self.resize(1100, 820)
        self.entries.clear()  # what construction emitted is no user's doing
        self.setProperty("signalLog", "[]")

    # ------------------------------------------------------------------------ the log

    def log(self, entry: str) -> None:
        self.entries.append(entry)
        self.setProperty("signalLog", json.dumps(self.entries))

    def hook(self, obj: Any, *signals: str) -> None:
        """Write each of ``obj``'s ``signals`` to the log with its arguments."""
        name = obj.objectName()
        for sig in signals:
            def slot(*args: Any, _sig: str = sig) -> None:
                shown = " ".join(_plain(a) for a in args)
                self.log(f"{name}.{_sig}{' ' + shown if shown else ''}")
            getattr(obj, sig).connect(slot)

    def _named(self, w: Any, name: str, *signals: str) -> Any:
        w.setObjectName(name)
        self.hook(w, *signals)
        return w

    # ---------------------------------------------------------------------- the pages

    def _text(self, page: QWidget) -> None:
        form = QFormLayout(page)
        form.addRow("Name", self._named(QLineEdit(), "nameEdit", "textEdited",
                                        "editingFinished", "returnPressed"))
        password = self._named(QLineEdit(), "passwordEdit", "editingFinished")
        password.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("Password", password)
        quantity = self._named(QLineEdit(), "quantityEdit", "editingFinished")
        quantity.setValidator(QIntValidator(0, 999, quantity))
        form.addRow("Quantity", quantity)
        city = self._named(QLineEdit(), "cityEdit", "returnPressed", "editingFinished")
        city.setCompleter(QCompleter(["Berlin", "Bern", "Boston"], city))
        form.addRow("City", city)
        notes = self._named(QTextEdit(), "notesEdit", "textChanged")
        notes.setFixedHeight(60)
        form.addRow("Notes", notes)
        plain = self._named(QPlainTextEdit(), "plainEdit", "textChanged")
        plain.setFixedHeight(60)
        form.addRow("Journal", plain)
        browser = self._named(QTextBrowser(), "helpBrowser", "anchorClicked")
        browser.setOpenLinks(False)
        browser.setHtml('<p>See the <a href="#intro">introduction</a> first.</p>')
        browser.setFixedHeight(50)
        form.addRow("Help", browser)
        links = self._named(QLabel('Read the <a href="https://example.org/docs">docs</a> or '
                                   'the <a href="https://example.org/faq">FAQ</a>.'),
                            "linkLabel", "linkActivated")
        links.setTextFormat(Qt.TextFormat.RichText)
        form.addRow(links)
        # a composite field: a line edit and its Browse button, labelled as one row
        file_row = QWidget()
        file_row.setObjectName("fileRow")
        box = QHBoxLayout(file_row)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self._named(QLineEdit(), "fileEdit", "editingFinished"))
        browse = self._named(QPushButton("Browse…"), "browseButton", "clicked")
        box.addWidget(browse)
        form.addRow("File", file_row)
        shortcut = self._named(QKeySequenceEdit(), "shortcutEdit", "keySequenceChanged")
        form.addRow("Shortcut", shortcut)

    def _choices(self, page: QWidget) -> None:
        form = QFormLayout(page)
        buttons = QWidget()
        row = QHBoxLayout(buttons)
        row.addWidget(self._named(QPushButton("Save"), "saveButton", "clicked"))
        tool = self._named(QToolButton(), "actionsButton", "triggered")
        tool.setText("Actions")
        menu = QMenu(tool)
        menu.setObjectName("actionsMenu")
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
        sizes.setObjectName("sizeBox")
        group = QButtonGroup(sizes)
        group.setObjectName("sizeGroup")
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
        form.addRow("Colour", colour)
        tag = self._named(QComboBox(), "tagCombo", "editTextChanged", "activated")
        tag.setEditable(True)
        tag.addItems(["urgent", "later"])
        form.addRow("Tag", tag)
        font = self._named(QFontComboBox(), "fontCombo", "currentFontChanged")
        form.addRow("Font", font)
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
        form.addRow("Count", count)
        price = self._named(QDoubleSpinBox(), "priceSpin", "valueChanged", "editingFinished")
        price.setRange(0, 1000)
        price.setDecimals(2)
        price.setValue(43.5)
        form.addRow("Price", price)
        date = self._named(QDateEdit(), "dateEdit", "dateChanged", "editingFinished")
        date.setDisplayFormat("dd.MM.yyyy")
        date.setDate(QDate(2023, 1, 15))
        form.addRow("Birthday", date)
        time = self._named(QTimeEdit(), "timeEdit", "timeChanged", "editingFinished")
        time.setDisplayFormat("HH:mm")
        time.setTime(QTime(7, 30))
        form.addRow("Alarm", time)
        when = self._named(QDateTimeEdit(), "meetingEdit", "dateTimeChanged", "editingFinished")
        when.setDisplayFormat("yyyy-MM-dd HH:mm")
        when.setDateTime(QDateTime(QDate(2023, 1, 15), QTime(9, 0)))
        form.addRow("Meeting", when)
        level = self._named(LevelSpin(), "levelSpin", "editingFinished")
        form.addRow("Level", level)
        limit = self._named(QSpinBox(), "limitSpin", "editingFinished")
        limit.setRange(0, 100)
        limit.valueChanged.connect(lambda v: limit.setValue(50) if v > 50 else None)
        form.addRow("Limit", limit)  # the app caps it at 50: more is not taken
        volume = self._named(QSlider(Qt.Orientation.Horizontal), "volumeSlider", "valueChanged")
        volume.setRange(0, 100)
        form.addRow("Volume", volume)
        # a float slider built on a scaled QSlider, its value shown by a read-out beside it
        gain_row = QWidget()
        gain_row.setObjectName("gainRow")
        line = QHBoxLayout(gain_row)
        line.setContentsMargins(0, 0, 0, 0)
        gain = self._named(QSlider(Qt.Orientation.Horizontal), "gainSlider", "valueChanged")
        gain.setRange(0, 10000)
        readout = QLabel()
        readout.setObjectName("gainReadout")
        gain.valueChanged.connect(lambda v: readout.setText(f"{v / 100:.2f}"))
        gain.setValue(4350)
        line.addWidget(gain)
        line.addWidget(readout)
        form.addRow("Gain", gain_row)
        form.addRow("Balance", self._named(QDial(), "balanceDial", "valueChanged"))
        bar = self._named(QScrollBar(Qt.Orientation.Horizontal), "offsetBar", "valueChanged")
        bar.setRange(0, 50)
        form.addRow("Offset", bar)
        progress = QProgressBar()
        progress.setObjectName("progressBar")
        progress.setValue(40)
        form.addRow("Progress", progress)
        lcd = QLCDNumber()
        lcd.setObjectName("scoreLcd")
        lcd.display(42)
        form.addRow("Score", lcd)
        calendar = self._named(QCalendarWidget(), "calendar", "clicked", "activated")
        calendar.setSelectedDate(QDate(2024, 3, 1))
        form.addRow("Calendar", calendar)

    def _views(self, page: QWidget) -> None:
        grid = QHBoxLayout(page)
        left = QVBoxLayout()
        grid.addLayout(left)
        fruits = self._named(QListWidget(), "fruitList", "itemDoubleClicked",
                             "currentTextChanged")
        fruits.addItems(FRUITS)
        fruits.setFixedHeight(120)
        left.addWidget(QLabel("Fruits", buddy=fruits))
        left.addWidget(fruits)
        tree = self._named(QTreeWidget(), "fileTree", "itemExpanded")
        tree.setHeaderLabels(["File", "Size"])
        src = QTreeWidgetItem(tree, ["src", ""])
        for name, size in (("main.py", "2 KB"), ("util.py", "1 KB")):
            QTreeWidgetItem(src, [name, size])
        QTreeWidgetItem(tree, ["README", "3 KB"])
        tree.setFixedHeight(120)
        left.addWidget(QLabel("Files", buddy=tree))
        left.addWidget(tree)
        long_list = QListView()
        long_list.setObjectName("longList")
        self.long_model = QStandardItemModel(200, 1, long_list)
        for r in range(200):
            self.long_model.setItem(r, QStandardItem(f"Line {r + 1:03d}"))
        long_list.setModel(self.long_model)
        long_list.setFixedHeight(120)
        left.addWidget(QLabel("Lines", buddy=long_list))
        left.addWidget(long_list)
        column = QColumnView()
        column.setObjectName("columnView")
        column.setModel(tree.model())
        column.setFixedHeight(100)
        left.addWidget(QLabel("Columns", buddy=column))
        left.addWidget(column)
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
        right.addWidget(QLabel("People", buddy=people))
        right.addWidget(people)
        filter_edit = self._named(QLineEdit(), "filterEdit", "textChanged")
        right.addWidget(QLabel("Filter", buddy=filter_edit))
        right.addWidget(filter_edit)
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
        catalog.horizontalHeader().setObjectName("catalogHeader")
        self.hook(catalog.horizontalHeader(), "sectionClicked")
        catalog.setFixedHeight(200)
        right.addWidget(QLabel("Catalog", buddy=catalog))
        right.addWidget(catalog)

    def _containers(self, page: QWidget) -> None:
        lay = QVBoxLayout(page)
        toolbox = self._named(QToolBox(), "toolBox", "currentChanged")
        toolbox.addItem(QLabel("General settings"), "General")
        toolbox.addItem(QLabel("Expert settings"), "Expert")
        lay.addWidget(toolbox)
        chooser = self._named(QComboBox(), "stackChooser", "activated")
        chooser.addItems(["First page", "Second page"])
        stack = QStackedWidget()
        stack.setObjectName("stack")
        for text in ("First page body", "Second page body"):
            stack.addWidget(QLabel(text))
        chooser.activated.connect(stack.setCurrentIndex)
        lay.addWidget(QLabel("Page", buddy=chooser))
        lay.addWidget(chooser)
        lay.addWidget(stack)
        advanced = self._named(QGroupBox("Advanced"), "advancedBox", "toggled")
        advanced.setCheckable(True)
        advanced.setChecked(False)
        QVBoxLayout(advanced).addWidget(QLabel("Advanced options"))
        lay.addWidget(advanced)
        splitter = QSplitter()
        splitter.setObjectName("splitter")
        splitter.addWidget(QLabel("Left pane"))
        splitter.addWidget(QLabel("Right pane"))
        lay.addWidget(splitter)
        mdi = QMdiArea()
        mdi.setObjectName("mdiArea")
        for title in ("Sheet 1", "Sheet 2"):
            sub = mdi.addSubWindow(QLabel(f"{title} body"))
            sub.setWindowTitle(title)
        mdi.tileSubWindows()
        lay.addWidget(mdi)
        sketch = Sketch()
        sketch.setObjectName("sketch")
        sketch.setToolTip("Sketch")
        lay.addWidget(sketch)

    def _dialogs(self, page: QWidget) -> None:
        lay = QVBoxLayout(page)
        for text, slot in (("Ask question", self._question), ("Enter text", self._input),
                           ("Pick colour", self._colour), ("Pick font", self._font),
                           ("Open file", self._file), ("Long task", self._progress),
                           ("Run wizard", self._wizard)):
            button = QPushButton(text)
            button.setObjectName(text.replace(" ", "").lower() + "Button")
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
        dialog.setObjectName("progressDialog")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setValue(30)
        dialog.canceled.connect(lambda: self.log("progressDialog.canceled"))
        dialog.show()

    def _wizard(self) -> None:
        wizard = QWizard(self)
        wizard.setObjectName("wizard")
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
        props.setObjectName("propertiesDock")
        holder = QWidget()
        form = QFormLayout(holder)
        form.addRow("Title", self._named(QLineEdit(), "titleEdit", "editingFinished"))
        props.setWidget(holder)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, props)
        output = QDockWidget("Output", self)
        output.setObjectName("outputDock")
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


def main() -> int:
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    if "--probe" in sys.argv:
        probe.install()
    window = Window()
    channel = ControlChannel(window, app) if "--control-stdin" in sys.argv else None
    window.show()
    if channel is not None:
        QTimer.singleShot(0, lambda: channel.write("ready"))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
