"""A widgets app with the habits real apps have, for tests/realapps/test_quirks.py.

Each habit is one part of the window; the tests drive them through the probe only:

* classes that shadow the Qt methods the probe calls (``parent``, ``children``,
  ``window``, ``isVisible``, ``objectName`` … as plain attributes, as traitlets-based
  widgets do), a model whose ``parent(index)`` returns a QModelIndex, list models
  (``columnCount`` is private in PySide6); a whole top-level window of such classes, with
  a menu and an action of such classes and a timer ticking under them;
* item views that the app clears and refills (tree, list, table) and a model reset, a
  list with checkable rows;
* a long text (a log of 6,000 characters) and a long label;
* a tab widget and tabified docks with buttons on the pages not shown;
* a window-modal dialog;
* icon-only buttons named by their tool tip, fields named only by a placeholder, labels
  beside a field in the same layout row (not its buddy);
* a custom-painted clickable with a form label, a QGraphicsScene with movable items.

Run it with the probe: ``qtmcp launch tests/realapps/quirks_app.py``.
"""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRectF,
    QStringListModel,
    Qt,
    QTimer,
)
from PySide6.QtGui import QAction, QColor, QIcon, QMouseEvent, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QDialog,
    QDockWidget,
    QFormLayout,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QListWidget,
    QMainWindow,
    QMenu,
    QMenuBar,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

#: What traitlets-style classes put where Qt has methods (plain values, not callables).
#: Virtual methods (visualRect, indexAt, metaObject, …) are left alone: an app that hid
#: them would break Qt's own calls into it.
SHADOWED: dict[str, Any] = {
    "parent": None, "children": (), "window": None, "isVisible": True, "isEnabled": True,
    "objectName": "shadow", "parentWidget": None, "isWindow": False, "x": 1, "y": 2,
    "width": 3, "height": 4, "size": 5, "pos": (0, 0), "rect": None, "geometry": None,
    "text": "shadowed text", "toolTip": None, "model": None, "viewport": None,
    "windowTitle": None, "findChildren": None, "mapTo": None, "mapToGlobal": None,
    "mapFromGlobal": None, "inherits": None, "isWidgetType": None, "property": None,
    "visibleRegion": None, "focusPolicy": None, "cursor": None,
    "testAttribute": None, "windowType": None, "isModal": None, "isHidden": None,
    "accessibleName": None, "accessibleDescription": None, "placeholderText": None,
    "buddy": None, "layout": None, "style": None, "font": None, "grab": None,
    "isExpanded": None, "selectionModel": None,
    "header": None, "currentIndex": None, "count": None, "value": None, "state": None,
    "hasFocus": None, "winId": None, "screen": None, "windowHandle": None,
    "isTopLevel": None, "sceneRect": None, "scene": None, "items": None,
    "mapFromScene": None, "mapToScene": None, "isChecked": None, "isCheckable": None,
    "thread": None, "actions": None, "menu": None, "title": None, "isAncestorOf": None,
    "frameGeometry": None, "windowModality": None, "isActiveWindow": None,
    "widget": None, "palette": None, "isEnabledTo": None,
}


def shadowing(cls: type) -> type:
    """A subclass of ``cls`` whose class dict hides every method named in SHADOWED."""
    return type(f"Shadowed{cls.__name__}", (cls,), dict(SHADOWED))


class ShadowModel(QAbstractListModel):
    """A list model as apps write them: ``parent(index)`` hides ``QObject.parent()``."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner)
        self.rows = [f"model row {i}" for i in range(5)]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()  # noqa: B008
                 ) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and index.isValid():
            return self.rows[index.row()]
        return None

    def parent(self, index: QModelIndex | QPersistentModelIndex = QModelIndex()  # noqa: B008
               ) -> QModelIndex:
        return QModelIndex()

    def refill(self, rows: list[str]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()


class Swatch(QWidget):
    """A custom-painted colour picker: clicking it cycles the colour (no accessible role)."""

    COLOURS = ("red", "green", "blue")

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("swatch")
        self.setFixedSize(60, 24)
        self.clicks = 0
        self.setProperty("colour", self.COLOURS[0])
        self.setProperty("clicks", 0)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.clicks += 1
        self.setProperty("colour", self.COLOURS[self.clicks % 3])
        self.setProperty("clicks", self.clicks)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor(self.property("colour")))
        p.end()


class PropertyDelegate(QStyledItemDelegate):
    """Qt Designer's property editor: a bool's editor is a composite (a check box and a
    "..." button), its model text "True" / "False"."""

    def createEditor(self, parent: QWidget, option: Any, index: Any) -> QWidget:
        if index.siblingAtColumn(0).data() != "visible":
            return super().createEditor(parent, option, index)
        editor = QWidget(parent)
        row = QHBoxLayout(editor)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QToolButton(editor))
        row.addWidget(QCheckBox(editor))
        return editor

    def setEditorData(self, editor: QWidget, index: Any) -> None:
        box = editor.findChild(QCheckBox)
        if box is None:
            super().setEditorData(editor, index)
        else:
            box.setChecked(index.data() == "True")

    def setModelData(self, editor: QWidget, model: Any, index: Any) -> None:
        box = editor.findChild(QCheckBox)
        if box is None:
            super().setModelData(editor, model, index)
        else:
            model.setData(index, str(box.isChecked()))


class DiagramNode(QGraphicsRectItem):
    """pyqtgraph's flowchart node: a box that takes clicks, its title a child text item."""

    def __init__(self, title: str, x: float) -> None:
        super().__init__(QRectF(x, 10, 90, 40))
        self.title = title
        if title:
            QGraphicsSimpleTextItem(title, self).setPos(x + 8, 20)

    def mousePressEvent(self, event: Any) -> None:
        scene = self.scene()
        scene.setProperty("pressed", f"{scene.property('pressed') or ''}{self.title or '?'};")


class RulerWidget(QWidget):
    """drawsvg-ui's ruler: a small custom-painted widget that takes clicks, with no name,
    tool tip or objectName (readPage names it by its class, a text the window never
    shows)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setFixedSize(120, 16)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.setProperty("clicks", (self.property("clicks") or 0) + 1)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.fillRect(self.rect(), QColor("lightgray"))
        p.end()


class Token(QGraphicsEllipseItem):
    """A movable scene item that counts its clicks (as a board game's piece does)."""

    def __init__(self, name: str, x: float) -> None:
        super().__init__(QRectF(0, 0, 40, 40))
        self.setPos(x, 20)
        self.setToolTip(name)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable)
        self.setBrush(QColor("orange"))
        self.clicks = 0

    def mousePressEvent(self, event: Any) -> None:
        self.clicks += 1
        scene = self.scene()
        if scene is not None:
            scene.setProperty("clicked", f"{self.toolTip()} {self.clicks}")
        super().mousePressEvent(event)


class BoardView(QGraphicsView):
    """A view that handles the mouse itself (as pyqtgraph's GraphicsView does)."""

    def mousePressEvent(self, event: QMouseEvent) -> None:
        super().mousePressEvent(event)


def _icon(colour: str) -> QIcon:
    pix = QPixmap(16, 16)
    pix.fill(QColor(colour))
    return QIcon(pix)


def _no_value_yet(event: object) -> None:
    raise ValueError("No Value has been set")


class QuirksWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("quirks")
        self.setWindowTitle("Quirks")
        self.refills = 0
        for name, value in (("refills", 0), ("lastTool", ""), ("lastDock", ""),
                            ("shadowClicks", 0), ("rowAction", ""), ("shadowPings", 0),
                            ("shadowAction", 0)):
            self.setProperty(name, value)
        tabs = QTabWidget(self)
        tabs.setObjectName("tabs")
        self.setCentralWidget(tabs)
        tabs.addTab(self._views_page(), "Views")
        tabs.addTab(self._names_page(), "Names")
        tabs.addTab(self._text_page(), "Text")
        tabs.addTab(self._scene_page(), "Scene")
        tabs.addTab(self._shadow_page(), "Shadows")
        tabs.addTab(self._palette_page(), "Palette")
        self._docks()
        self.resize(900, 700)

    # ------------------------------------------------------------------ item views

    def _views_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("viewsPage")
        lay = QGridLayout(page)
        self.tree = QTreeWidget(page)
        self.tree.setObjectName("tree")
        self.tree.setHeaderLabels(["Name", "Size"])
        self.table = QTableWidget(page)
        self.table.setObjectName("table")
        self.list = QListWidget(page)
        self.list.setObjectName("list")
        self.strings = QListView(page)
        self.strings.setObjectName("strings")
        self.strings.setModel(QStringListModel(["alpha", "beta", "gamma"], self.strings))
        self.custom = QListView(page)
        self.custom.setObjectName("custom")
        self.model = ShadowModel(self.custom)
        self.custom.setModel(self.model)
        refill = QPushButton("Refill", page)
        refill.setObjectName("refill")
        refill.clicked.connect(self.refill)
        lay.addWidget(self.tree, 0, 0)
        lay.addWidget(self.table, 0, 1)
        lay.addWidget(self.list, 1, 0)
        lay.addWidget(self.strings, 1, 1)
        lay.addWidget(self.custom, 2, 0)
        lay.addWidget(refill, 2, 1)
        # pyqtgraph's habit: a never-shown label whose resizeEvent is a Python function that
        # raises until a value is set; QWidget.grab() delivers such pending events and
        # crashed on the error (see probe.core.capture.render).
        unset = QLabel(page)
        unset.setObjectName("unsetLabel")
        unset.hide()
        unset.resizeEvent = _no_value_yet  # type: ignore[method-assign]
        lay.addWidget(QLabel("after the unset label", page), 3, 0)
        self.fill("first")
        return page

    def fill(self, tag: str) -> None:
        """Clear and refill every view, as apps refresh them (no screen reader told)."""
        self.tree.clear()
        for i in range(3):
            top = QTreeWidgetItem(self.tree, [f"{tag} folder {i}", f"{i} items"])
            for j in range(2):
                QTreeWidgetItem(top, [f"{tag} file {i}.{j}", f"{j} KB"])
        self.tree.expandAll()
        self.table.clear()
        self.table.setRowCount(40)
        self.table.setColumnCount(2)
        self.table.setHorizontalHeaderLabels(["Key", "Value"])
        for r in range(40):
            self.table.setItem(r, 0, QTableWidgetItem(f"{tag} key {r}"))
            self.table.setItem(r, 1, QTableWidgetItem(f"{tag} value {r}"))
        action = QPushButton("Row action")  # a widget inside the view (setIndexWidget)
        action.clicked.connect(lambda: self.setProperty("rowAction", tag))
        self.table.setIndexWidget(self.table.model().index(1, 1), action)
        self.list.clear()
        self.list.addItems([f"{tag} item {i}" for i in range(4)])
        for i, state in ((0, Qt.CheckState.Unchecked), (1, Qt.CheckState.Checked)):
            entry = self.list.item(i)  # a checkable row: a toggle whatever its state
            entry.setFlags(entry.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            entry.setCheckState(state)
        self.model.refill([f"{tag} model row {i}" for i in range(5)])

    def refill(self) -> None:
        self.refills += 1
        self.fill(f"refill{self.refills}")
        self.setProperty("refills", self.refills)

    # ----------------------------------------------------------------------- names

    def _names_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("namesPage")
        lay = QVBoxLayout(page)
        row = QHBoxLayout()
        for colour, tip in (("red", "Delete selection"), ("green", "Stage all"),
                            ("blue", "Refresh")):
            b = QToolButton(page)
            b.setIcon(_icon(colour))
            b.setToolTip(tip)
            b.clicked.connect(lambda _=False, t=tip: self.setProperty("lastTool", t))
            row.addWidget(b)
        icon_push = QPushButton(page)
        icon_push.setIcon(_icon("black"))
        icon_push.setToolTip("Push to remote")
        icon_push.clicked.connect(lambda: self.setProperty("lastTool", "Push to remote"))
        row.addWidget(icon_push)
        lay.addLayout(row)
        self.search = QLineEdit(page)
        self.search.setObjectName("search")
        self.search.setPlaceholderText("Search files")
        lay.addWidget(self.search)
        beside = QHBoxLayout()
        beside.addWidget(QLabel("City", page))
        self.city = QLineEdit(page)
        self.city.setObjectName("city")
        beside.addWidget(self.city)
        lay.addLayout(beside)
        grid = QGridLayout()
        grid.addWidget(QLabel("Street:", page), 0, 0)
        self.street = QLineEdit(page)
        self.street.setObjectName("street")
        grid.addWidget(self.street, 0, 1)
        lay.addLayout(grid)
        form = QFormLayout()
        colour = QLabel("Colour", page)
        self.swatch = Swatch(page)
        colour.setBuddy(self.swatch)
        form.addRow(colour, self.swatch)
        lay.addLayout(form)
        self.notes = QPlainTextEdit(page)
        self.notes.setObjectName("notes")
        self.notes.setPlaceholderText("Commit message")
        lay.addWidget(self.notes)
        modal = QPushButton("Open settings", page)
        modal.setObjectName("openSettings")
        modal.clicked.connect(self.open_settings)
        lay.addWidget(modal)
        return page

    def open_settings(self) -> None:
        dlg = QDialog(self)
        dlg.setObjectName("settings")
        dlg.setWindowTitle("Settings")
        dlg.setWindowModality(Qt.WindowModality.WindowModal)
        lay = QVBoxLayout(dlg)
        close = QPushButton("Close", dlg)
        close.setObjectName("closeSettings")
        close.clicked.connect(dlg.accept)
        lay.addWidget(close)
        dlg.show()

    # ------------------------------------------------------------------------ text

    def _text_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("textPage")
        lay = QVBoxLayout(page)
        self.log = QPlainTextEdit(page)
        self.log.setObjectName("log")
        self.log.setReadOnly(True)
        lines = [f"line {i:04d}: " + "lorem ipsum dolor sit amet " * 2 for i in range(100)]
        lines.append("THE END OF THE LOG")
        self.log.setPlainText("\n".join(lines))
        lay.addWidget(self.log)
        long_label = QLabel("Terms: " + "read this carefully. " * 20 + "LAST WORDS", page)
        long_label.setWordWrap(True)
        lay.addWidget(long_label)
        return page

    # ----------------------------------------------------------------------- scene

    def _scene_page(self) -> QWidget:
        page = QWidget()
        page.setObjectName("scenePage")
        lay = QVBoxLayout(page)
        self.scene = QGraphicsScene(0, 0, 400, 200, page)
        self.scene.setObjectName("board")
        self.scene.setProperty("clicked", "")
        self.scene.addItem(Token("Red token", 20))
        self.scene.addItem(Token("Blue token", 120))
        static = QGraphicsRectItem(QRectF(250, 20, 50, 50))
        self.scene.addItem(static)  # neither movable nor clickable: no ref
        view = BoardView(self.scene, page)
        view.setObjectName("boardView")
        lay.addWidget(view)
        return page

    # --------------------------------------------------------------------- shadows

    def _shadow_page(self) -> QWidget:
        page = shadowing(QWidget)()
        QWidget.setObjectName(page, "shadowPage")
        lay = QVBoxLayout(page)
        button = shadowing(QPushButton)("Shadow button")
        QWidget.setObjectName(button, "shadowButton")
        button.clicked.connect(lambda: self.setProperty("shadowClicks",
                                                        (self.property("shadowClicks") or 0) + 1))
        lay.addWidget(button)
        edit = shadowing(QLineEdit)()
        QWidget.setObjectName(edit, "shadowEdit")
        QLineEdit.setPlaceholderText(edit, "Shadow field")
        lay.addWidget(edit)
        view = shadowing(QListView)()
        QWidget.setObjectName(view, "shadowList")
        QListView.setModel(view, QStringListModel(["one", "two"], view))
        lay.addWidget(view)
        label = shadowing(QLabel)("Shadow label")
        lay.addWidget(label)
        opener = QPushButton("Open shadow window", page)
        opener.setObjectName("openShadowWindow")
        opener.clicked.connect(self.open_shadow_window)
        lay.addWidget(opener)
        return page

    def open_shadow_window(self) -> None:
        """A top-level window whose every class hides Qt's methods, down to its menu, its
        action and the parents of a running timer (an app built on traitlets-style
        widgets); closed by its own button."""
        win = shadowing(QMainWindow)()
        QWidget.setObjectName(win, "shadowWindow")
        QWidget.setWindowTitle(win, "Shadow window")
        QWidget.setAttribute(win, Qt.WidgetAttribute.WA_DeleteOnClose)
        menu = shadowing(QMenu)("Shadow menu", win)
        QWidget.setObjectName(menu, "shadowMenu")
        action = shadowing(QAction)("Shadow action", win)
        QObject.setObjectName(action, "shadowAction")
        action.triggered.connect(lambda: self._bump("shadowAction"))
        QWidget.addAction(menu, action)
        central = shadowing(QWidget)()
        QWidget.setObjectName(central, "shadowCentral")
        QMainWindow.setCentralWidget(win, central)
        lay = QVBoxLayout(central)
        form = QMainWindow(central)  # Qt Designer's form under edit: a menu bar of its own,
        form.setObjectName("formUnderEdit")  # first among the window's children
        form.setWindowFlags(Qt.WindowType.Widget)  # embedded, as Designer shows it
        form_menu = QMenu("Form menu", form)
        form_action = QAction("Form action", form)
        form_action.triggered.connect(lambda: self._bump("formAction"))
        form_menu.addAction(form_action)
        form.menuBar().addMenu(form_menu)
        lay.addWidget(form)
        QMenuBar.addMenu(QMainWindow.menuBar(win), menu)  # the window's own, made last
        ping = shadowing(QPushButton)("Shadow ping")
        QWidget.setObjectName(ping, "shadowPing")
        ping.clicked.connect(lambda: self._bump("shadowPings"))
        lay.addWidget(ping)
        close = shadowing(QPushButton)("Close shadow window")
        QWidget.setObjectName(close, "closeShadowWindow")
        close.clicked.connect(win.close)
        lay.addWidget(close)
        ticker = QTimer(central)  # a timer under shadowing parents
        ticker.setObjectName("shadowTicker")
        ticker.start(20)
        QWidget.resize(win, 320, 200)
        self.shadow_window = win  # a top-level window without a parent: kept here
        QWidget.show(win)

    def _bump(self, name: str) -> None:
        self.setProperty(name, (self.property(name) or 0) + 1)

    # --------------------------------------------------------------------- palette

    def _palette_page(self) -> QWidget:
        """Qt Designer's widget box: a tree with no header whose rows hold unnamed lists
        (setItemWidget), and a list with a spin box in a row (setIndexWidget). Neither
        view shows a column header, whose default text is "1"."""
        page = QWidget()
        lay = QHBoxLayout(page)
        box = QTreeWidget(page)
        box.setObjectName("paletteTree")
        box.setHeaderHidden(True)
        for category, entries in (("Buttons", ["Push", "Radio"]), ("Inputs", ["Line", "Spin"])):
            top = QTreeWidgetItem(box, [category])
            holder = QTreeWidgetItem(top)
            inner = QListWidget()
            inner.setObjectName(f"palette{category}")
            inner.addItems(entries)
            box.setItemWidget(holder, 0, inner)
        box.expandAll()
        rows = QListWidget(page)
        rows.setObjectName("paletteRows")
        rows.addItems(["first row", "second row"])
        count = QSpinBox()
        count.setObjectName("rowCount")
        rows.setIndexWidget(rows.model().index(1, 0), count)
        rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)  # read-only
        for i in range(rows.count()):
            rows.item(i).setFlags(rows.item(i).flags() | Qt.ItemFlag.ItemIsEditable)
        props = QTreeWidget(page)  # a property editor: a row's value is its Value column
        props.setObjectName("properties")
        props.setHeaderLabels(["Property", "Value"])
        props.setItemDelegate(PropertyDelegate(props))
        for name, value in (("title", "Untitled"), ("width", "640"), ("visible", "True")):
            item = QTreeWidgetItem(props, [name, value])
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        accounts = QListWidget(page)  # todo-snake's accounts: empty, no label, no tip
        accounts.setObjectName("emptyAccounts")
        lay.addWidget(box)
        lay.addWidget(rows)
        lay.addWidget(props)
        lay.addWidget(accounts)
        lay.addWidget(RulerWidget(page))
        diagram = QGraphicsScene(0, 0, 220, 60, page)
        diagram.setObjectName("diagram")
        diagram.addItem(DiagramNode("Start", 0))
        diagram.addItem(DiagramNode("", 110))  # no text: named by its class
        canvas = QGraphicsView(diagram, page)
        canvas.setMinimumWidth(240)  # the whole scene in view
        lay.addWidget(canvas)
        return page

    # ----------------------------------------------------------------------- docks

    def _docks(self) -> None:
        first = QDockWidget("Files", self)
        first.setObjectName("filesDock")
        fb = QPushButton("Open file", first)
        fb.setObjectName("openFile")
        fb.clicked.connect(lambda: self.setProperty("lastDock", "Open file"))
        first.setWidget(fb)
        second = QDockWidget("History", self)
        second.setObjectName("historyDock")
        hb = QPushButton("Show history", second)
        hb.setObjectName("showHistory")
        hb.clicked.connect(lambda: self.setProperty("lastDock", "Show history"))
        second.setWidget(hb)
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first)
        self.tabifyDockWidget(first, second)
        second.raise_()  # History shows; Files is tabbed away


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    window = QuirksWindow()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
