"""Which widgets may look different since a moment: the change report's incremental read.

Whatever a person can see change in a widget window reaches a widget as an event: it is
painted again (a new text, value, check mark, state), shown or hidden, gains or loses
focus, a child, its enabled state, its tool tip. A :class:`DirtyWatch` is one app-wide
event filter that notes, per top-level window, the widgets such events reach; the change
report then reads again only the elements around them instead of the whole window (#41).

Qt paints a widget's ancestors behind it too (a line edit's new text paints the group box
and the content widget under it, in the line edit's rectangle), so a painted widget whose
painted area lies wholly under painted descendants changed nothing of its own:
:meth:`DirtyWatch.take` leaves it out. What the watch notes is all that changed only while
the window is painted (exposed, updates enabled) and only since the watch began:
:meth:`DirtyWatch.covers` says when that holds, and the report reads whole otherwise.
The watch ends by itself ``lifetime`` seconds after it was last renewed, so a session that
stopped acting costs the app nothing. GUI thread.
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass
from typing import TypeAlias, cast

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect, QTimer
from PySide6.QtGui import QPaintEvent, QRegion, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from probe.core import compat
from probe.core.objects import qtchildren
from probe.overrides import every_spelling

_T = QEvent.Type
#: What changes the widget's own look or data: read it again.
_SELF = frozenset({_T.FocusIn, _T.FocusOut, _T.EnabledChange, _T.ToolTipChange,
                   _T.ReadOnlyChange, _T.ModifiedChange, _T.StyleChange,
                   _T.DynamicPropertyChange, _T.ActionChanged,
                   _T.ActionAdded, _T.ActionRemoved, _T.LanguageChange, _T.WindowTitleChange})
# ChildAdded/ChildRemoved are not watched: their child may be half made or half gone,
# and asking for it makes a wrapper of the wrong class that PySide then keeps for the
# app (git-cola's createStandardContextMenu() came back a QWidget, without addMenu). A
# child that appears is shown (Show), one that goes leaves its parent to paint.
#: What adds or removes the widget where its parent shows it: read the parent again (a
#: widget that changes parents is hidden there and shown again).
_PLACE = frozenset({_T.Show, _T.Hide})
_PAINT = _T.Paint
#: The focus events: the widgets whose focus proxy got them change too.
_FOCUS = frozenset({_T.FocusIn, _T.FocusOut})
#: Painted widgets past which comparing painted areas costs more than reading whole.
MOST_PAINTED = 300
#: Painted rectangles noted of one widget past which it counts as painted whole.
MOST_RECTS = 32


#: How the watch holds a widget it noted (:func:`_hold`).
Held: TypeAlias = "QWidget | weakref.ref[QWidget]"


def _hold(w: QWidget) -> Held:
    """A widget as the watch keeps it: one Python made by a weak reference (its wrapper
    is the object: holding it kept a window the app had dropped in a reference cycle
    alive, and on screen, for as long as an agent kept reading; the watch notes every
    window's events), one C++ made by its wrapper (which owns nothing, and a new one
    would be another object)."""
    return weakref.ref(w) if shiboken6.createdByPython(w) else w


def _held(h: Held) -> QWidget | None:
    """The widget ``h`` holds, if it is still there."""
    w = h() if isinstance(h, weakref.ref) else h
    return w if w is not None and shiboken6.isValid(w) else None


def _key(obj: QObject) -> int:
    """The C++ address: a wrapper made anew for the same widget has another ``id()``."""
    return shiboken6.getCppPointer(obj)[0]


@dataclass(frozen=True, slots=True)
class Noted:
    """What changed in one window since the last take: widgets whose own content changed
    (``own``) and widgets whose children changed where they show them (``parents``)."""

    own: list[QWidget]
    parents: list[QWidget]
    #: the window itself changed (its title, its top-level layout): read it whole
    whole: bool


@every_spelling
class DirtyWatch(QObject):
    """Widgets that got a watched event, by window, since the watch (re)began."""

    def __init__(self, lifetime: float) -> None:
        super().__init__()
        self.lifetime = lifetime
        #: ``time.monotonic()`` when the watch began (None: not watching)
        self.since: float | None = None
        # window key -> widget key -> (widget, painted rectangles in its own coordinates)
        self._painted: dict[int, dict[int, tuple[Held, list[QRect]]]] = {}
        self._own: dict[int, dict[int, Held]] = {}
        self._placed: dict[int, dict[int, Held]] = {}
        #: windows painted in more than MOST_PAINTED widgets since their last take: read
        #: whole, so their paints are no longer noted
        self._whole: set[int] = set()
        self._pruned = 0.0
        self._end = QTimer(self)
        self._end.setSingleShot(True)
        self._end.timeout.connect(self.stop)

    def renew(self) -> None:
        """Watch (on from now if it was off) for another ``lifetime`` seconds."""
        if self.since is None:
            app = QApplication.instance()
            if app is None:
                return
            self._clear()
            self.since = time.monotonic()
            app.installEventFilter(self)
        self._end.start(max(1, round(self.lifetime * 1000)))

    def stop(self) -> None:
        if self.since is None:
            return
        self.since = None
        self._end.stop()
        self._clear()
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    def _clear(self) -> None:
        self._painted.clear()
        self._own.clear()
        self._placed.clear()
        self._whole.clear()

    def covers(self, window: QWidget, baseline_at: float) -> bool:
        """Whether what is noted for ``window`` is all that can have changed since a
        baseline taken at ``baseline_at``: watched since then, and the window painted."""
        if self.since is None or baseline_at < self.since or not isinstance(window, QWidget):
            return False
        handle = QWidget.windowHandle(window)
        return handle is not None and QWindow.isExposed(handle) and \
            QWidget.updatesEnabled(window)

    def forget(self, window: QWidget) -> None:
        """``window`` was read whole: what was noted of it is known."""
        key = _key(window)
        for noted in (self._painted, self._own, self._placed):
            noted.pop(key, None)
        self._whole.discard(key)

    def take(self, window: QWidget) -> Noted:
        """What was noted of ``window`` since the last take (or forget), forgotten now."""
        key = _key(window)
        self._prune()
        painted = {k: (w, rects) for k, (h, rects) in self._painted.pop(key, {}).items()
                   if (w := _held(h)) is not None}
        own = [w for h in self._own.pop(key, {}).values() if (w := _held(h)) is not None]
        placed = [w for h in self._placed.pop(key, {}).values()
                  if (w := _held(h)) is not None]
        whole = key in self._whole or any(w is window for w in own)
        self._whole.discard(key)
        if not whole:
            own += _painted_itself(window, painted)
        parents: list[QWidget] = []
        for w in placed:
            parent = QWidget.parentWidget(w)  # alive: take() kept only those
            if parent is None or parent is window or QWidget.isWindow(w):
                whole = whole or parent is window
            else:
                parents.append(parent)
        return Noted(own, parents, whole or any(w is window for w in own))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == _PAINT:
            if isinstance(obj, QWidget):
                self._note_paint(obj, cast(QPaintEvent, event).region())
                self._prune()  # (never sent to a widget being destroyed)
        elif kind in _SELF or kind in _PLACE:
            # only a widget that is (or was until now) on screen: one being made gets
            # events too, and a wrapper kept from then has the class of its unfinished
            # part, which PySide would hand the app (jwrite's QFileDialog came back a
            # QDialog while this kept it: chr.fileChooser found no file dialog)
            if isinstance(obj, QWidget) and (kind == _T.Hide or QWidget.isVisible(obj)):
                table = self._placed if kind in _PLACE else self._own
                try:
                    noted = table.setdefault(_key(QWidget.window(obj)), {})
                    noted[_key(obj)] = _hold(obj)
                    if kind in _FOCUS:
                        for w in _proxied_by(obj):
                            noted[_key(w)] = _hold(w)
                except RuntimeError:  # a widget being destroyed
                    pass
        return False

    def _note_paint(self, w: QWidget, region: QRegion) -> None:
        try:
            window = _key(QWidget.window(w))
            key = _key(w)
        except RuntimeError:
            return
        if window in self._whole:
            return
        by_widget = self._painted.setdefault(window, {})
        if key not in by_widget and len(by_widget) >= MOST_PAINTED:
            self._whole.add(window)  # read whole at its take: its rectangles are moot
            del self._painted[window]
            return
        # the painted rectangles, not their bounds
        rects = [QRect(r) for r in region]  # pyright: ignore[reportGeneralTypeIssues]  # QRegion iterates its rects; PySide6's stub omits __iter__
        entry = by_widget.get(key)
        if entry is None:
            by_widget[key] = (_hold(w), rects)
        elif len(entry[1]) + len(rects) > MOST_RECTS:  # all of it painted: enough said
            by_widget[key] = (entry[0], [QWidget.rect(w)])
        else:
            entry[1].extend(rects)

    def held(self) -> tuple[int, int]:
        """Widgets noted (painted, changed, shown or hidden) and painted rectangles kept."""
        painted = list(self._painted.values())
        widgets = sum(len(ws) for ws in painted) + \
            sum(len(ws) for noted in (self._own, self._placed) for ws in noted.values())
        return widgets, sum(len(rects) for ws in painted for _, rects in ws.values())

    @property
    def windows(self) -> int:
        """Windows something is noted of (what the watch holds)."""
        return len(self._painted.keys() | self._own.keys() | self._placed.keys())

    def _prune(self) -> None:
        """Forget the widgets that are gone from the window they were noted in (deleted,
        or moved to another), and the windows left with none, at most once a second, from
        a take or a paint: a window no report takes (a dialog made and deleted, a widget
        shown before it was placed, which was its own window then; a window the clients
        do not act on while the app rebuilds a panel in it) kept its widgets' wrappers and
        rectangles for as long as the watch lasted. A churning app's soak grew 52 MB a
        minute (430,000 QRect and 35,000 widget wrappers after 70 s), then ~25 QRect a
        second."""
        now = time.monotonic()
        if now - self._pruned < 1.0:
            return
        self._pruned = now
        for noted in (self._own, self._placed):
            for key, ws in list(noted.items()):
                for gone in [k for k, w in ws.items() if not _still_in(key, w)]:
                    del ws[gone]
                if not ws:
                    del noted[key]
        for key, painted in list(self._painted.items()):
            for gone in [k for k, (w, _) in painted.items() if not _still_in(key, w)]:
                del painted[gone]
            if not painted:
                del self._painted[key]
        if self._whole:
            self._whole &= {_key(w) for w in qtchildren.top_level_widgets()}


def _still_in(key: int, h: Held) -> bool:
    """Whether the widget ``h`` holds is alive and still in the window ``key`` names."""
    w = _held(h)
    try:
        return w is not None and _key(QWidget.window(w)) == key
    except RuntimeError:  # being destroyed
        return False


def _proxied_by(w: QWidget) -> list[QWidget]:
    """The ancestors of ``w`` whose focus proxy (through a chain) is ``w``: they have the
    focus whenever ``w`` has it (``QWidget::hasFocus``: a calendar whose view has it, a
    spin box whose line edit has it), yet only ``w`` gets the focus events."""
    out: list[QWidget] = []
    key = _key(w)
    up = QWidget.parentWidget(w)
    while up is not None and not QWidget.isWindow(up):
        end = QWidget.focusProxy(up)
        while end is not None and QWidget.focusProxy(end) is not None:
            end = QWidget.focusProxy(end)
        if end is not None and _key(end) == key:
            out.append(up)
        up = QWidget.parentWidget(up)
    return out


def paint_now(window: QWidget) -> None:
    """Paint what ``window`` has marked for painting now, not at its next frame (Qt waits
    for the platform's frame timer): a change the action made has then reached its
    widgets as paint events before the report asks which did."""
    QCoreApplication.sendEvent(window, QEvent(_T.UpdateRequest))


def _painted_itself(window: QWidget,
                    painted: dict[int, tuple[QWidget, list[QRect]]]) -> list[QWidget]:
    """The painted widgets (alive: :meth:`DirtyWatch.take` kept only those) whose painted
    area is not all under painted descendants: Qt painted the others only behind a child
    that changed."""
    areas: dict[int, tuple[QWidget, QRegion]] = {}
    for key, (w, rects) in painted.items():
        region = QRegion()
        for r in rects:
            top_left = compat.map_to(w, window, r.topLeft()) if w is not window else \
                QPoint(r.topLeft())
            region = region.united(QRect(top_left, r.size()))
        areas[key] = (w, region)
    out: list[QWidget] = []
    for w, region in areas.values():
        rest = QRegion(region)
        for other, area in areas.values():
            if other is not w and QWidget.isAncestorOf(w, other):
                rest = rest.subtracted(area)
                if rest.isEmpty():
                    break
        if not rest.isEmpty():
            out.append(w)
    return out
