"""A small target app for the hardening tests, with what the demo app does not have.

``python -m tests.apps.hardening_app --probe --control-stdin``: a slot that keeps the GUI
thread working (``work``), one that opens a modal dialog with ``exec()`` (a nested event
loop), a button the app deletes and recreates on command (``recreate``) or every few
milliseconds (``churn MS``, ``churn 0`` stops: a row of buttons and a field replaced with
``deleteLater`` each time, as an app that rebuilds its view), a form field, a slot that
processes events itself for a while (``spin``), a list filtered 500 ms after the last
key typed in its filter field (a debounced search: a single-shot QTimer and a
QSortFilterProxyModel), and SIGINT at its default disposition (it ends the process, as
many Qt apps set it).

``churn-kinds MS`` rebuilds, every MS milliseconds, a panel with a control of every kind an
action takes (check box, field, spin box, combo box, slider, tab widget, list items, a
button), the entries of its "Churn" menu, and now and then a non-modal file dialog: what
the action methods run on while the app deletes it (``deleteLater``).

``cycles MS`` shows, every MS milliseconds, a window full of widgets C++ makes (calendars,
combo boxes with their popups) and lets go of it in a reference cycle, with the cyclic
collector's thresholds set low (as an app whose windows only the collector frees, at any
moment: the probe's searches met them freed mid-list); ``cycles 0`` stops and restores
the thresholds; ``dropped`` says how many of those windows live.
"""

from __future__ import annotations

import ctypes
import gc
import json
import signal
import sys
import tempfile
import threading
import time
import tracemalloc
import types
from collections import Counter
from xml.etree import ElementTree

import shiboken6
from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QObject,
    QSortFilterProxyModel,
    QStringListModel,
    Qt,
    QTimer,
    Slot,
)
from PySide6.QtGui import QAction, QPixmapCache
from PySide6.QtWidgets import (
    QApplication,
    QCalendarWidget,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QLineEdit,
    QListView,
    QListWidget,
    QMainWindow,
    QMenu,
    QMessageBox,
    QPushButton,
    QSlider,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

import probe
from probe.core.objects import origin
from resources.demo_app import ControlChannel

APP_NAME = "qtmcp-hardening"
#: The debounce of the filter field (ms after the last key).
DEBOUNCE_MS = 500
#: The collector's thresholds the app started with (``cycles 0`` restores them).
_THRESHOLDS = gc.get_threshold()
#: ``churn-kinds``: a new file dialog every this many rebuilds (it is slow to make).
DIALOG_EVERY = 25
#: The folder the file dialog shows (a small one of its own).
KINDS_FOLDER = tempfile.mkdtemp(prefix="qtmcp-kinds-")
FRUITS = ["apple", "apricot", "banana", "blueberry", "cherry", "grape", "lemon", "mango"]



class Dropped(QWidget):
    """A window the app lets go of in a reference cycle (``self.me``): only Python's
    cyclic collector frees it, with the widgets C++ made for it."""

    def __init__(self) -> None:
        super().__init__()
        self.me = self
        self.setWindowTitle("Dropped")
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)  # the app's stays active
        column = QVBoxLayout(self)
        for _ in range(3):
            column.addWidget(QCalendarWidget())
        for i in range(10):
            combo = QComboBox()
            combo.addItems([f"choice {i}", "other"])
            QComboBox.view(combo)  # its popup: a window C++ makes
            column.addWidget(combo)

class Window(QMainWindow):
    """The main window; its slots are what the tests invoke."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("hardeningWindow")
        self.setWindowTitle("qtmcp hardening target")
        central = QWidget(self)
        self.box = QVBoxLayout(central)
        self.field = QLineEdit(central)
        self.field.setObjectName("field")
        self.box.addWidget(self.field)
        self.filter_edit = QLineEdit(central)
        self.filter_edit.setObjectName("filterEdit")
        self.filter_edit.setPlaceholderText("Filter fruits")
        self.box.addWidget(self.filter_edit)
        self.fruits = QSortFilterProxyModel(self)
        self.fruits.setSourceModel(QStringListModel(FRUITS, self))
        self.fruit_list = QListView(central)
        self.fruit_list.setObjectName("fruitList")
        self.fruit_list.setModel(self.fruits)
        self.box.addWidget(self.fruit_list)
        self.debounce = QTimer(self)
        self.debounce.setObjectName("filterDebounce")
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self._apply_filter)
        self.filter_edit.textChanged.connect(self.debounce.start)
        self.target: QPushButton | None = None
        self.clicks = 0
        self.recreate()
        #: ``churn``: a panel of buttons and a field the app replaces on a timer
        self.panel: QWidget | None = None
        self.churn_timer = QTimer(self)
        self.churn_timer.timeout.connect(self.rebuild)
        #: ``churn-kinds``: a panel with every kind of control, its menu and a file dialog
        self.kinds: QWidget | None = None
        self.kinds_dialog: QFileDialog | None = None
        self.kinds_built = 0
        #: the file dialog is remade every this many rebuilds (0: never; ``dialog-every``)
        self.dialog_every = DIALOG_EVERY
        self.kinds_menu: QMenu | None = None
        self.kinds_timer = QTimer(self)
        self.kinds_timer.timeout.connect(self.rebuild_kinds)
        #: ``cycles``: a window shown and dropped in a reference cycle on a timer
        self.cycles_timer = QTimer(self)
        self.cycles_timer.timeout.connect(lambda: Dropped().show())
        self.setCentralWidget(central)
        self.setProperty("spinning", False)
        self.resize(400, 420)

    @Slot(int)
    def work(self, ms: int) -> None:
        """The app's own slow code: keeps the GUI thread busy for ``ms`` milliseconds."""
        time.sleep(ms / 1000)

    @Slot(int)
    def spin(self, ms: int) -> None:
        """The app's own code processing events for ``ms`` milliseconds (as a progress
        loop does); the ``spinning`` property is true meanwhile."""
        self.setProperty("spinning", True)
        print("spinning", flush=True)
        end = time.monotonic() + ms / 1000
        while time.monotonic() < end:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 10)
            time.sleep(0.002)
        self.setProperty("spinning", False)

    @Slot(int)
    def spinThenAsk(self, ms: int) -> None:
        """Process events for ``ms`` milliseconds, then open the modal dialog."""
        self.spin(ms)
        self.askModal()

    def _apply_filter(self) -> None:
        self.fruits.setFilterFixedString(self.filter_edit.text())

    @Slot()
    def askModal(self) -> None:
        """Open a modal dialog with exec(): returns only when the dialog closes."""
        box = QMessageBox(QMessageBox.Icon.Question, "Question", "Really?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self)
        box.setObjectName("modalBox")
        box.exec()

    def recreate(self) -> None:
        """Delete the target button (deleteLater) and put a new one in its place."""
        if self.target is not None:
            self.target.deleteLater()
        self.target = QPushButton("Target", self.centralWidget() or self)
        self.target.setObjectName("raceTarget")
        self.target.clicked.connect(self._clicked)
        self.box.addWidget(self.target)
        self.target.show()

    def _clicked(self) -> None:
        self.clicks += 1

    def rebuild(self) -> None:
        """Replace the churn panel (three buttons, a field) and the target button, each
        old one with ``deleteLater``, as an app that rebuilds its view on every change."""
        if self.panel is not None:
            self.panel.deleteLater()
        self.panel = QWidget(self.centralWidget())
        self.panel.setObjectName("churnPanel")
        row = QVBoxLayout(self.panel)
        for i in range(3):
            button = QPushButton(f"Churn {i}", self.panel)
            button.setObjectName(f"churn{i}")
            button.clicked.connect(self._clicked)
            row.addWidget(button)
        edit = QLineEdit(self.panel)
        edit.setObjectName("churnField")
        row.addWidget(edit)
        self.box.addWidget(self.panel)
        self.panel.show()
        self.recreate()


    def rebuild_kinds(self) -> None:
        """Replace the panel of every kind of control (``deleteLater``), the entries of the
        Churn menu, and every ``dialog_every`` times (DIALOG_EVERY) the non-modal file
        dialog."""
        if self.kinds is not None:
            self.kinds.deleteLater()
        self.kinds = panel = QWidget(self.centralWidget())
        panel.setObjectName("kindsPanel")
        row = QVBoxLayout(panel)
        check = QCheckBox("Kinds check", panel)
        edit = QLineEdit(panel)
        edit.setPlaceholderText("Kinds field")
        spin = QSpinBox(panel)
        spin.setAccessibleName("Kinds spin")
        combo = QComboBox(panel)
        combo.addItems(["one", "two", "three"])
        combo.setAccessibleName("Kinds combo")
        slider = QSlider(Qt.Orientation.Horizontal, panel)
        slider.setAccessibleName("Kinds slider")
        tabs = QTabWidget(panel)
        tabs.addTab(QLineEdit(tabs), "Alpha")
        tabs.addTab(QLineEdit(tabs), "Beta")
        items = QListWidget(panel)
        items.addItems(["kiwi", "lime", "plum"])
        for i in range(items.count()):
            item = items.item(i)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        items.setAccessibleName("Kinds list")
        button = QPushButton("Kinds button", panel)
        button.clicked.connect(self._clicked)
        kinds = {"kindsCheck": check, "kindsField": edit, "kindsSpin": spin,
                 "kindsCombo": combo, "kindsSlider": slider, "kindsTabs": tabs,
                 "kindsList": items, "kindsButton": button}
        for name, w in kinds.items():
            w.setObjectName(name)
            row.addWidget(w)
        self.box.addWidget(panel)
        panel.show()
        if self.kinds_menu is None:  # made here: the other tests' window has no menu bar
            self.kinds_menu = self.menuBar().addMenu("Churn")
        for action in self.kinds_menu.actions():
            self.kinds_menu.removeAction(action)
            action.deleteLater()
        for name in ("Kinds first", "Kinds second"):
            # made here, not by addAction(text): PySide ties the wrapper addAction returns
            # to the menu's, and it outlives the action (2 dead wrappers per rebuild: the
            # app's own growth, which the soak must not count as the probe's)
            action = QAction(name, self.kinds_menu)
            action.setObjectName(name.title().replace(" ", ""))  # KindsFirst, KindsSecond
            action.triggered.connect(self._clicked)
            self.kinds_menu.addAction(action)
        self.kinds_built += 1
        if self.dialog_every and self.kinds_built % self.dialog_every == 1:
            if self.kinds_dialog is not None:
                self.kinds_dialog.deleteLater()
            dialog = self.kinds_dialog = QFileDialog(self, "Kinds file", KINDS_FOLDER)
            dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
            dialog.setFileMode(QFileDialog.FileMode.AnyFile)
            dialog.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
            dialog.show()
            self.activateWindow()


def _describe(r: object) -> str:
    """A short word on what holds a dead wrapper (diagnostics of ``types``)."""
    if isinstance(r, dict):
        return ",".join(sorted(str(k) for k in list(r)[:4]))[:80]
    if hasattr(r, "__code__"):
        return str(getattr(r, "__qualname__", ""))
    if type(r).__name__ == "cell":
        return ""
    return type(r).__module__


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _heap() -> dict[str, float]:
    """glibc's mallinfo2 (MiB): in use, free within the arenas, mmapped; the RSS (MiB)."""
    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    with open("/proc/self/statm") as statm:
        rss = int(statm.read().split()[1]) * 4096
    mib = 1 << 20
    return {"rss": round(rss / mib, 1), "inUse": round(info.uordblks / mib, 1),
            "freeInArenas": round(info.fordblks / mib, 1), "arenas": round(info.arena / mib, 1),
            "mmapped": round(info.hblkhd / mib, 1),
            "pyBlocks": sys.getallocatedblocks()}


def _arenas() -> list[dict[str, float]]:
    """glibc's malloc_info per arena (MiB): from the system, of it free (fast bins and the
    rest), and the count of free chunks — arena 0 is the main (brk) heap, the others the
    threads' arenas; tells which thread's arena keeps free memory after a peak."""
    libc = ctypes.CDLL("libc.so.6")
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]
    libc.fclose.argtypes = [ctypes.c_void_p]
    with tempfile.NamedTemporaryFile(suffix=".xml") as tmp:
        stream = libc.fopen(tmp.name.encode(), b"w")
        libc.malloc_info(0, stream)
        libc.fclose(stream)
        root = ElementTree.parse(tmp.name).getroot()
    mib = 1 << 20
    out = []
    for heap in root.findall("heap"):
        free = sum(int(t.get("size", 0)) for t in heap.findall("total"))
        chunks = sum(int(t.get("count", 0)) for t in heap.findall("total"))
        system = next((int(s.get("size", 0)) for s in heap.findall("system")
                       if s.get("type") == "current"), 0)
        out.append({"nr": int(heap.get("nr", -1)), "system": round(system / mib, 1),
                    "free": round(free / mib, 1), "freeChunks": chunks})
    return out


_PEAK: dict[str, object] = {}


def _watch_peaks() -> None:
    """Every 0.1 s: a new highest of traced memory (by 2 MiB) takes a snapshot."""
    best = 0
    while True:
        time.sleep(0.1)
        now = tracemalloc.get_traced_memory()[0] >> 20
        if now > best + 2:
            best = now
            _PEAK["snapshot"] = tracemalloc.take_snapshot()
            _PEAK["size"] = now


def _word(r: object) -> str:
    """What one referrer is, in a few words (diagnostics of ``chains``)."""
    if isinstance(r, types.FunctionType):
        return f"fn {r.__module__}.{r.__qualname__}"
    if isinstance(r, types.MethodType):
        name = getattr(r.__func__, "__qualname__", "?")
        return f"method {name} of {type(r.__self__).__qualname__}"
    if isinstance(r, dict):
        return "dict{" + ",".join(sorted(str(k) for k in list(r)[:6]))[:90] + "}"
    if isinstance(r, (list, tuple, set)):
        return f"{type(r).__name__}[{len(r)}]"
    if isinstance(r, QObject):
        return f"{type(r).__qualname__}({'live' if shiboken6.isValid(r) else 'dead'})"
    return f"{type(r).__module__}.{type(r).__qualname__}"


def _chain(o: object, ignore: set[int]) -> list[str]:
    """Referrers from ``o`` up, the first unseen one at each step, up to a module's dict."""
    out = [_word(o)]
    seen = {id(o)}
    cur = o
    for _ in range(14):
        refs = [r for r in gc.get_referrers(cur) if id(r) not in ignore and id(r) not in seen
                and not isinstance(r, types.FrameType)]
        ignore.add(id(refs))
        if not refs:
            out.append("(none)")
            break
        # a dead wrapper's dead parent says little: prefer anything else
        refs.sort(key=lambda r: isinstance(r, QObject) and not shiboken6.isValid(r))
        cur = refs[0]
        seen.add(id(cur))
        out.append(_word(cur) + (f"+{len(refs) - 1}" if len(refs) > 1 else ""))
        if (isinstance(cur, dict) and "__builtins__" in cur) or isinstance(cur, type):
            break
    return out


class Channel(ControlChannel):
    """The demo's control channel plus this app's commands."""

    def __init__(self, window: Window, parent: QApplication) -> None:
        super().__init__(window, parent)
        self.app_window = window

    def _cmd_recreate(self, arg: str) -> None:
        self.app_window.recreate()

    def _cmd_churn(self, arg: str) -> None:
        """``churn MS``: rebuild the panel every MS milliseconds (0 stops)."""
        ms = int(arg or "0")
        if ms > 0:
            self.app_window.churn_timer.start(ms)
        else:
            self.app_window.churn_timer.stop()

    def _cmd_churn_kinds(self, arg: str) -> None:
        """``churn-kinds MS``: rebuild the panel of every kind every MS ms (0 stops)."""
        ms = int(arg or "0")
        window = self.app_window
        if ms > 0:
            window.resize(520, 900)
            window.kinds_timer.start(ms)
        else:
            window.kinds_timer.stop()

    def _cmd_cycles(self, arg: str) -> None:
        """``cycles MS``: show and drop a window in a reference cycle every MS ms, the
        collector's thresholds low (0 stops, thresholds back)."""
        ms = int(arg or "0")
        if ms > 0:
            gc.set_threshold(5, 1, 1)
            self.app_window.cycles_timer.start(ms)
        else:
            self.app_window.cycles_timer.stop()
            gc.set_threshold(*_THRESHOLDS)

    def _cmd_dropped(self, arg: str) -> None:
        """``dropped``: one line ``dropped N``, the windows ``cycles`` let go of that live."""
        gone = [w for w in QApplication.topLevelWidgets() if isinstance(w, Dropped)]
        self.write(f"dropped {len(gone)}")

    def _cmd_rebuild_kinds(self, arg: str) -> None:
        """``rebuild-kinds [N]``: replace the panel of every kind N times (default 1) now."""
        for _ in range(int(arg or "1")):
            self.app_window.rebuild_kinds()

    def _cmd_held(self, arg: str) -> None:
        """``held``: one line ``held {json}``: what the probe keeps for the objects and
        elements it has seen (creation-site notes, and each session's tables by their
        state key), so a test sees them return to their baseline after churn."""
        running = probe.installed()
        sessions = list(running.hub.sessions.values()) if running is not None else []
        tables = [{key: value.held() for key, value in list(s.state.items())
                   if callable(getattr(value, "held", None))} for s in sessions]
        gc.collect()
        self.write("held " + json.dumps({"notes": origin.noted_count(), "sessions": tables}))

    def _cmd_types(self, arg: str) -> None:
        """``types [N]``: one line ``types {json}``: the N commonest object types the
        collector tracks and their total (what grows when memory does)."""
        gc.collect()
        objects = gc.get_objects()
        counts = Counter(type(o).__qualname__ for o in objects)
        wrappers = [o for o in objects if isinstance(o, QObject)]
        dead = [o for o in wrappers if not shiboken6.isValid(o)]
        held_by: Counter[str] = Counter()
        for o in dead[:300]:
            for r in gc.get_referrers(o):
                if r is not objects and r is not dead and r is not wrappers:
                    held_by[type(r).__qualname__ + ":" + _describe(r)] += 1
        self.write("types " + json.dumps({
            "total": sum(counts.values()), "top": counts.most_common(int(arg or "30")),
            "wrappers": len(wrappers), "dead": len(dead), "widgets": len(
                QApplication.allWidgets()), "deadHeldBy": held_by.most_common(15)}))

    def _cmd_chains(self, arg: str) -> None:
        """``chains [N]``: one line ``chains {json}``: for N dead QObject wrappers, the chain
        of referrers from each up to a module, a class or nothing more (what keeps it)."""
        gc.collect()
        dead = [o for o in gc.get_objects() if isinstance(o, QObject) and not shiboken6.isValid(o)]
        sample = dead[::max(1, len(dead) // int(arg or "20"))][:int(arg or "20")]
        found: Counter[str] = Counter()
        for i in range(len(sample)):
            found[" <- ".join(_chain(sample[i], {id(dead), id(sample)}))] += 1
        self.write("chains " + json.dumps({"dead": len(dead), "chains": found.most_common()}))

    def _cmd_heap(self, arg: str) -> None:
        """``heap [pixmaps] [trim] [arenas] [nogc]``: one line ``heap {json}``: glibc's
        malloc figures (bytes in use, free inside the arenas, mmapped), Python's allocated
        blocks and the RSS; with ``pixmaps``, the same after QPixmapCache.clear(); with
        ``trim``, after ``malloc_trim(0)`` too (freed pages handed back: fragmentation, not
        a leak); with ``arenas``, each arena's share (malloc_info); ``nogc``: no
        gc.collect() first (a reading every few seconds that does not change the run)."""
        words = arg.split()
        if "nogc" not in words:
            gc.collect()
        out: dict[str, object] = {"rebuilds": self.app_window.kinds_built, "before": _heap()}
        if "arenas" in words:
            out["arenas"] = _arenas()
        if "pixmaps" in words:
            QPixmapCache.clear()
            out["pixmapsCleared"] = _heap()
        if "trim" in words:
            ctypes.CDLL("libc.so.6").malloc_trim(0)
            out["trimmed"] = _heap()
        self.write("heap " + json.dumps(out))

    def _cmd_pixmap_limit(self, arg: str) -> None:
        """``pixmap-limit KIB``: QPixmapCache's limit (Qt's default 10,240 KiB): the soak
        with a small cache, full within its first minute, tells the cache's filling from
        the rest of the RSS's growth."""
        QPixmapCache.setCacheLimit(int(arg))
        self.write(f"pixmap-limit {QPixmapCache.cacheLimit()}")

    def _cmd_dialog_every(self, arg: str) -> None:
        """``dialog-every N``: remake the file dialog every N rebuilds of the kinds panel (0:
        never): the soak without Qt's file-info thread tells its memory from the rest."""
        self.app_window.dialog_every = int(arg)

    def _cmd_tm(self, arg: str) -> None:
        """``tm start`` / ``tm``: tracemalloc on (6 frames), and a thread keeps a snapshot of
        the traced allocations at their highest; ``tm`` answers ``tm {json}``: traced now,
        at the highest, and the top allocation sites of that snapshot (who makes a peak).
        ``tm on``, ``tm mark``, ``tm grown``: tracing (1 frame), a snapshot, and the lines
        whose Python memory grew since it (what the Python side adds over a span)."""
        if arg == "start":
            tracemalloc.start(6)
            threading.Thread(target=_watch_peaks, daemon=True).start()
            self.write("tm started")
            return
        if arg == "on":  # tracing alone, for ``tm mark`` / ``tm grown``
            tracemalloc.start(1)
            self.write("tm on")
            return
        if arg == "mark":
            gc.collect()
            _PEAK["mark"] = tracemalloc.take_snapshot()
            self.write("tm marked")
            return
        mark = _PEAK.get("mark")
        if arg == "grown" and isinstance(mark, tracemalloc.Snapshot):
            gc.collect()
            stats = tracemalloc.take_snapshot().compare_to(mark, "lineno")
            top = [(str(stat.traceback), round(stat.size_diff / 1024, 1), stat.count_diff)
                   for stat in stats[:30]]
            self.write("tm " + json.dumps({"grownKiB": round(sum(
                stat.size_diff for stat in stats) / 1024, 1), "top": top}))
            return
        snap = _PEAK.get("snapshot")
        top = []
        if isinstance(snap, tracemalloc.Snapshot):
            top = [(" < ".join(f"{f.filename.rsplit('/', 2)[-2:]}:{f.lineno}"
                               for f in stat.traceback), round(stat.size / (1 << 20), 2),
                    stat.count)
                   for stat in snap.statistics("traceback")[:25]]
        now, peak = tracemalloc.get_traced_memory()
        self.write("tm " + json.dumps({"now": now >> 20, "peak": peak >> 20,
                                       "kept": _PEAK.get("size", 0), "top": top}))

    def _cmd_close_modal(self, arg: str) -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                widget.reject()


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C ends the app, as in many Qt apps
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    if "--probe" in sys.argv:
        probe.install()
    window = Window()
    channel = Channel(window, app) if "--control-stdin" in sys.argv else None
    window.show()
    if channel is not None:
        QTimer.singleShot(0, lambda: channel.write("ready"))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
