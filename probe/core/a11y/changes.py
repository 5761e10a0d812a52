"""What changed since the agent last looked: the change report of the chr.* actions.

A session keeps what it last saw of a few windows (element records from the snapshot,
by element identity) and which windows and popups were open. After an action the
windows that matter are walked again, the one the agent saw last and the active one
(where it acts next), and each element that is new, gone, or shows another name, value
or states becomes one line of text with its ref::

    ~ textbox "Name" [ref_16]: value "" -> "Ada"
    ~ text "Ready" -> "Submitted: Ada"
    + dialog "About qtmcp demo" [tabId #41]
    - button "Cancel"

Windows, dialogs and popups that opened or closed are one line each; a new one lists
its first elements (the agent acts there next). An open popup's entries are reported under
the popup only, never again in the window that owns it (a combo box's list is in both
trees). More than three like lines in a row (the rows a filter hides, the cells a reload
changes) are summarised: three shown, the rest counted with what they share. Another
window the agent saw before is walked too, but its changes are only counted (read it to
see them). At most ``LIMIT``
lines, then how many more; "no visible change" when nothing changed. Refs are the
session's own (refs.RefTable): an element keeps its ref, a new one gets a new number.
GUI thread.
"""

from __future__ import annotations

import json
import os
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QDialog, QLabel, QStackedWidget, QWidget

from probe.core import faults
from probe.core.a11y import dirty, popups, snapshot
from probe.core.a11y import windows as wins
from probe.core.a11y.identity import RefTable
from probe.core.a11y.snapshot import Record
from probe.core.errors import QtError
from probe.core.objects import idtable

#: Lines of one report; the rest are counted.
LIMIT = 40
#: Elements listed under a window that opened, and inside a new element (a tab's page).
NEW_WINDOW_LINES = 12
ADDED_INSIDE = 12
#: Windows whose elements a session remembers (the most recently seen).
KEEP_WINDOWS = 4
#: Longest name or value quoted in a line.
TEXT_LIMIT = 80
NO_CHANGE = "no visible change"
#: States that come and go with every click; focus gets its own line.
_QUIET_STATES = frozenset({"focused"})
#: ``ctx.state`` key of the session's tracker.
STATE_KEY = "chr.changes"
Key = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Shown:
    """A window, dialog or popup that is open: what its report line says."""

    id: str
    kind: str
    title: str
    modal: bool = False
    popup: bool = False

    def line(self, sign: str) -> str:
        parts = [f"{sign} {self.kind}"]
        if self.title:
            parts.append(_quote(self.title))
        parts.append(f"[tabId {self.id}]")
        if self.modal:
            parts.append("modal")
        if self.popup:
            parts.append("popup")
        return " ".join(parts)


@dataclass
class Seen:
    """One window's elements as the agent last saw them, and when (``time.monotonic``);
    ``walked``: when ``records`` were last read from the app (a window only counted in a
    report is read again without the agent seeing it)."""

    window: Shown
    records: dict[Key, Record]
    at: float = field(default_factory=time.monotonic)
    walked: float = field(default_factory=time.monotonic)


@dataclass(frozen=True, slots=True)
class Earlier:
    """Changes to a window between an old baseline and the action: counted, not listed."""

    count: int
    age: float


@dataclass
class Report:
    """A finished report: its lines (already cut to ``LIMIT``) and the count of changes."""

    lines: list[str] = field(default_factory=list)
    changes: int = 0
    #: How the windows were read for it: "part" (only around what changed, #41),
    #: "whole" (at least one read whole), "" (none)
    read: str = ""

    @property
    def text(self) -> str:
        return "\n".join(self.lines) if self.lines else NO_CHANGE


def _quote(text: str) -> str:
    if len(text) > TEXT_LIMIT:
        text = text[:TEXT_LIMIT - 1] + "…"
    return json.dumps(text, ensure_ascii=False)


def _value(rec: Record) -> str:
    return rec.value if rec.role in snapshot.NUMERIC else _quote(rec.value)


def _states(rec: Record) -> list[str]:
    return [s for s in rec.states if s not in _QUIET_STATES]


def open_windows(ids: idtable.IdTable) -> dict[str, tuple[Any, Shown]]:
    """The windows and dialogs an agent can act in, and the open popups (menus, lists)."""
    out: dict[str, tuple[Any, Shown]] = {}
    for w in wins.windows():
        kind = "dialog" if isinstance(w, QDialog) else "window"
        modal = bool(QWidget.isModal(w)) if isinstance(w, QWidget) else \
            w.modality() != Qt.WindowModality.NonModal
        out[ids.id_of(w)] = (w, Shown(ids.id_of(w), kind, wins.window_title(w), modal))
    for w in popups.open_popups():
        out[ids.id_of(w)] = (w, Shown(ids.id_of(w), popups.kind_of(w), popups.popup_title(w),
                                      popup=True))
    return out


#: Longest a session's watch for changed widgets runs after its last read or action.
WATCH_SECONDS = 600.0
#: Set (to 1) in the test suites: every report read in part is checked against a whole
#: read, and a difference fails the action (INTERNAL_ERROR), so the suites that check
#: reports check the incremental read too.
CHECK_ENV = "QTMCP_CHANGES_CHECK"


class Tracker:
    """What one session last saw, and the reports of the changes since (GUI thread)."""

    def __init__(self) -> None:
        self.seen: OrderedDict[str, Seen] = OrderedDict()
        self.shown: dict[str, Shown] | None = None
        #: Windows whose baseline was too old at the last prepare: what changed before.
        self.earlier: dict[str, Earlier] = {}
        self._watch: dirty.DirtyWatch | None = None
        #: Windows of the last report read in part, and whole (for tests and benches).
        self.read_in_part = 0
        self.read_whole = 0

    @property
    def watch(self) -> dirty.DirtyWatch:
        """The widgets that changed since the baselines: a report reads only around them.
        Made at first use, on the GUI thread (a tracker may be made on the server's
        thread, and an event filter of another thread sees nothing)."""
        if self._watch is None:
            self._watch = dirty.DirtyWatch(WATCH_SECONDS)
        return self._watch

    def stop(self) -> None:
        """The session ended: stop watching the app."""
        if self._watch is not None:
            self._watch.stop()

    # ------------------------------------------------------------------ baseline

    def remember(self, window: Any, records: list[Record], ids: idtable.IdTable) -> None:
        """The agent read ``window`` whole: these records are what it knows of it now."""
        now = open_windows(ids)
        wid = ids.id_of(window)
        shown = now[wid][1] if wid in now else Shown(wid, "window", wins.window_title(window))
        self._watched(window)
        self._keep(Seen(shown, {r.key: r for r in records}))
        self.shown = {k: s for k, (_, s) in now.items()}

    def _watched(self, window: Any) -> None:
        """``window`` is read whole now: watch from here on what changes in it."""
        self.watch.renew()
        if isinstance(window, QWidget):
            self.watch.forget(window)

    def prepare(self, refs: RefTable, ids: idtable.IdTable, max_age: float = float("inf")
                ) -> None:
        """Before an action: make sure the active window has a baseline (the agent may
        act on refs from a find, or on coordinates, without reading the page first).

        A baseline of a window the report will list that is older than ``max_age``
        seconds is taken again now: what changed while the agent was away is counted
        (:class:`Earlier`), so the report lists what the action did, not an old page."""
        now = open_windows(ids)
        if self.shown is None:
            self.shown = {k: s for k, (_, s) in now.items()}
        self.earlier = {}
        self.watch.lifetime = min(max_age, WATCH_SECONDS)
        self.watch.renew()  # on (or on for longer) while the action runs
        active = wins.active_window()
        wid = ids.id_of(active) if active is not None else None
        last = self._last_seen()
        if wid is not None and wid not in self.seen and wid in now:
            self._watched(active)
            self._keep(Seen(now[wid][1], _by_key(snapshot.records(active, refs, ids))))
            if last is not None:  # a baseline only: the agent's last window stays last
                self.seen.move_to_end(last)
            last = self._last_seen()
        clock = time.monotonic()
        for key in dict.fromkeys(k for k in (last, wid) if k is not None and k in now):
            old = self.seen.get(key)
            if old is None or clock - old.at <= max_age:
                continue
            records = self._records_now(now[key][0], old, refs, ids)
            _lines, count = _diff(old.records, records, None, focus=False)
            self.earlier[key] = Earlier(count, clock - old.at)
            old.records, old.at, old.walked = _by_key(records), clock, time.monotonic()

    def _last_seen(self) -> str | None:
        """The window the agent saw last (read or was told about)."""
        return next(reversed(self.seen), None)

    def _keep(self, seen: Seen) -> None:
        self.seen[seen.window.id] = seen
        self.seen.move_to_end(seen.window.id)
        while len(self.seen) > KEEP_WINDOWS:
            self.seen.popitem(last=False)

    # ------------------------------------------------------------------ report

    def report(self, refs: RefTable, ids: idtable.IdTable) -> Report:
        """What changed since the baseline; the state now becomes the baseline."""
        now = open_windows(ids)
        before = self.shown or {}
        opened = [s for k, (_, s) in now.items() if k not in before]
        closed = [s for k, s in before.items() if k not in now]
        for s in closed:
            self.seen.pop(s.id, None)
        active = wins.active_window()
        last = self._last_seen()
        look = [k for k in (last, ids.id_of(active) if active is not None else None)
                if k is not None and k in now]
        look += [s.id for s in opened if s.id not in look]
        out = _Lines()
        sections: list[tuple[Shown, list[str], int]] = []
        for s in closed:
            out.add([s.line("-")])
        self.read_in_part = self.read_whole = 0
        # an open popup is walked with the window that opened it, but paints in its own:
        # while one is (or was) open, read whole
        no_popups = not any(s.popup for s in before.values()) and \
            not any(s.popup for _, s in now.values())
        walked = {wid: self._records_now(now[wid][0], self.seen.get(wid) if no_popups
                                         else None, refs, ids)
                  for wid in dict.fromkeys(look)}
        # an open popup is reported as itself: its entries are left out of the window that
        # owns it (a combo box's list is in both trees), so an opened menu is listed once
        in_popups = {r.key for wid, recs in walked.items() if now[wid][1].popup
                     for r in recs}
        for wid, records in walked.items():
            window, shown = now[wid]
            if in_popups and not shown.popup:
                records = [r for r in records if r.key not in in_popups]
            old = self.seen.get(wid)
            earlier = self.earlier.get(wid)
            if earlier is not None and earlier.count:
                out.add([_earlier_line(shown, earlier)], earlier.count)
            if wid in before and old is None:
                if wid != last and active is not None and wid == ids.id_of(active):
                    out.add([f"* active: {shown.line('').lstrip()}"])
            elif old is None:  # opened by the action: the agent acts there next
                lines, count = _listing(records, refs)
                out.add([shown.line("+"), *lines], count)
            else:
                lines, count = _diff(old.records, records, refs,
                                     focus=active is not None and wid == ids.id_of(active))
                if lines:
                    sections.append((shown, lines, count))
            self._keep(Seen(shown, _by_key(records)))
        for wid in [k for k in self.seen if k in now and k not in look]:
            window, shown = now[wid]  # known, not where the agent is: counted, not listed
            records = self._records_now(window, self.seen[wid] if no_popups else None,
                                        refs, ids)
            _lines, count = _diff(self.seen[wid].records, records, None, focus=False)
            if count:
                what = "1 change" if count == 1 else f"{count} changes"
                out.add([f"~ {shown.line('').lstrip()}: {what} not listed (read that "
                         "window)"], count)
            self.seen[wid].records = _by_key(records)
            self.seen[wid].walked = time.monotonic()
        for shown, lines, count in sections:
            head = [f"in {shown.line('').lstrip()}:"] if len(sections) > 1 else []
            out.add([*head, *lines], count)
        if active is not None and ids.id_of(active) in self.seen:
            self.seen.move_to_end(ids.id_of(active))
        self.shown = {k: s for k, (_, s) in now.items()}
        self.earlier = {}
        self.watch.renew()
        report = out.done()
        report.read = "whole" if self.read_whole else "part" if self.read_in_part else ""
        return report

    # ------------------------------------------------------------------ reading

    def _records_now(self, window: Any, old: Seen | None, refs: RefTable,
                     ids: idtable.IdTable) -> list[Record]:
        """``window``'s records as they are now: ``old``'s with only the parts around the
        widgets that changed since read again (:mod:`.dirty`), else a whole read."""
        part = None
        if old is not None and isinstance(window, QWidget) and \
                self.watch.covers(window, old.walked):
            dirty.paint_now(window)
            noted = self.watch.take(window)
            end = faults.tally()
            part = _read_in_part(window, list(old.records.values()), noted, refs, ids)
            if any(end().values()):  # an element that raises when read: read it whole, as
                part = None          # a whole read marks it (its part may not say the same)
        if part is None:
            if isinstance(window, QWidget):
                self.watch.forget(window)
            self.read_whole += 1
            return snapshot.records(window, refs, ids)
        self.read_in_part += 1
        if os.environ.get(CHECK_ENV):
            whole = snapshot.records(window, refs, ids)
            if whole != part:
                raise AssertionError(_mismatch(window, part, whole))
        return part


def _earlier_line(shown: Shown, earlier: Earlier) -> str:
    what = "1 change" if earlier.count == 1 else f"{earlier.count} changes"
    return (f"* {shown.line('').lstrip()}: {what} since you last saw it "
            f"({_age(earlier.age)} ago), before this action; not listed (read that window)")


def _age(seconds: float) -> str:
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.0f} h"


class _Lines:
    """Lines gathered up to ``LIMIT``; what does not fit is counted."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.changes = 0
        self.left_out = 0

    def add(self, lines: list[str], changes: int | None = None) -> None:
        self.changes += len(lines) if changes is None else changes
        room = LIMIT - len(self.lines)
        self.lines.extend(lines[:max(room, 0)])
        self.left_out += max(len(lines) - max(room, 0), 0)

    def done(self) -> Report:
        lines = self.lines
        if self.left_out:
            lines = [*lines, f"… {self.left_out} more lines not shown (read the page for all)"]
        return Report(lines, self.changes)


def _by_key(records: Iterable[Record]) -> dict[Key, Record]:
    return {r.key: r for r in records}


def _ref(rec: Record, refs: RefTable | None) -> str:
    """`` [ref_N]`` of an element worth a ref (issued now if it has none); none without
    ``refs`` (a gone element, or one only counted)."""
    if refs is None or not rec.ref_worthy:
        return ""
    return f" {snapshot.REF_FORMAT.format(ref=refs.issue(rec.locator))}"


def _element(rec: Record, refs: RefTable | None) -> str:
    """``role "name" [ref] value=… states``."""
    parts = [rec.role]
    if rec.name:
        parts.append(_quote(rec.name))
    text = " ".join(parts) + _ref(rec, refs)
    if rec.value:
        text += f" value={_value(rec)}"
    states = _states(rec)
    return f"{text} {' '.join(states)}" if states else text


def _changed(old: Record, new: Record, refs: RefTable | None) -> str | None:
    """The ``~`` line of an element shown before and now, or None if it looks the same."""
    bits: list[str] = []
    if old.value != new.value:
        bits.append(f"value {_value(old)} -> {_value(new)}")
    gone = [s for s in _states(old) if s not in new.states]
    came = [s for s in _states(new) if s not in old.states]
    bits += [f"+{s}" for s in came] + [f"-{s}" for s in gone]
    if old.name == new.name and not bits:
        return None
    head = f"~ {new.role}"
    if old.name != new.name:
        head += f" {_quote(old.name)} -> {_quote(new.name)}"
    elif new.name:
        head += f" {_quote(new.name)}"
    head += _ref(new, refs)
    return f"{head}: {', '.join(bits)}" if bits else head


def _focused(records: Iterable[Record]) -> Record | None:
    found = None
    for r in records:
        if "focused" in r.states:
            found = r  # the deepest (last in document order) wins: a tab, not its bar
    return found


def _diff(before: dict[Key, Record], after: list[Record], refs: RefTable | None, *,
          focus: bool) -> tuple[list[str], int]:
    """Lines for one window seen before and now: gone, changed, new (in document order),
    runs of like changes summarised (:func:`_runs`); with ``focus`` (the active window:
    keys go there) where the focus moved."""
    now = _by_key(after)
    lines: list[str] = []
    count = 0
    gone = [r for k, r in before.items() if k not in now]
    gone_keys = {r.key for r in gone}
    inside: dict[Key, int] = {}
    for r in gone:
        top = r
        while top.parent in gone_keys:
            top = before[top.parent]
        if top is not r:
            inside[top.key] = inside.get(top.key, 0) + 1
    for r in gone:
        if r.parent in gone_keys:
            continue
        count += 1
        more = inside.get(r.key, 0)
        lines.append(f"- {_element(r, None)}" + (f" (and {more} inside)" if more else ""))
    new_keys = {r.key for r in after if r.key not in before}
    base = start = 0
    hidden = 0  # elements of the current new subtree past ADDED_INSIDE
    for r in after:
        if r.key in new_keys and r.parent in new_keys:  # inside a new subtree (contiguous)
            if len(lines) - start < ADDED_INSIDE + 1:
                lines.append("  " * (r.level - base) + f"+ {_element(r, refs)}")
            else:
                hidden += 1
            continue
        if hidden:
            lines.append(f"  … {hidden} more new elements inside")
            hidden = 0
        if r.key in new_keys:
            count += 1
            base, start = r.level, len(lines)
            lines.append(f"+ {_element(r, refs)}")
            continue
        line = _changed(before[r.key], r, refs)
        if line is not None:
            count += 1
            lines.append(line)
    if hidden:
        lines.append(f"  … {hidden} more new elements inside")
    lines = _runs(lines)
    was, is_ = _focused(before.values()), _focused(after)
    if focus and is_ is not None and (was is None or was.key != is_.key):
        lines.append(f"* focus: {_element(is_, refs)}")
    return lines, count


#: Like lines in a row shown before a run is summarised (a filter that changes a column).
RUN_SHOWN = 3


def _like(line: str) -> tuple[str, str, str] | None:
    """What makes lines alike: their sign, role and what changed (``value``, ``+selected``);
    None for lines that are never summarised (indented subtrees, notes)."""
    if line[:2] not in ("~ ", "+ ", "- "):
        return None
    words = line.split(" ", 2)
    role = words[1] if len(words) > 1 else ""
    change = line.rsplit(": ", 1)[1].split(" ", 1)[0] if ": " in line else ""
    return line[0], role, change


def _runs(lines: list[str]) -> list[str]:
    """Runs of more than ``RUN_SHOWN`` like lines: the first ``RUN_SHOWN``, then one line
    that counts the rest (one filter change is one line of news, not one per cell)."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        kind = _like(lines[i])
        j = i + 1
        while kind is not None and j < len(lines) and _like(lines[j]) == kind:
            j += 1
        run = lines[i:j]
        if kind is not None and len(run) > RUN_SHOWN:
            sign, role, change = kind
            what = {"~": "changed", "+": "new", "-": "gone"}[sign]
            how = f" ({change})" if change else ""
            out += [*run[:RUN_SHOWN],
                    f"  … {len(run) - RUN_SHOWN} more {role} {what} like these{how}"]
        else:
            out += run
        i = j
    return out


def _listing(records: list[Record], refs: RefTable) -> tuple[list[str], int]:
    """The first elements of a window that opened, indented like read_page (root left out)."""
    body = [r for r in records[1:] if r.name or r.ref_worthy]
    lines = ["  " + "  " * max(r.level - 1, 0) + _element(r, refs)
             for r in body[:NEW_WINDOW_LINES]]
    if len(body) > NEW_WINDOW_LINES:
        lines.append(f"  … {len(body) - NEW_WINDOW_LINES} more elements (read the page "
                     "with this tabId)")
    return lines, 1


def _read_in_part(window: QWidget, old: list[Record], noted: dirty.Noted,
                  refs: RefTable, ids: idtable.IdTable) -> list[Record] | None:
    """``old`` (the window's records in document order) with the element around each
    changed widget read again in its place; None when the window must be read whole (it
    changed itself, or a change reaches no element below it)."""
    if noted.whole:
        return None
    at: dict[str, int] = {}  # a widget's #N -> its record's place in ``old``
    for i, r in enumerate(old):
        if len(r.key) == 1:  # (owner,): a widget's own element
            at.setdefault(r.key[0], i)
    # a label names what is beside it: read its parent's part, where what it names is
    changed = [QWidget.parentWidget(w) if isinstance(w, QLabel) else w for w in noted.own]
    places: dict[int, QWidget] = {}
    for w in [*changed, *noted.parents, *_item_views(old, ids)]:
        found = _element_of(w, window, at, ids)
        if found is None:
            return None
        places[found[0]] = found[1]
    if not places:
        return list(old)
    out: list[Record] = []
    reader = snapshot.Reader(window, refs, ids)  # the window's labels, indexed once
    i = 0
    for start in sorted(places):
        if start < i:  # inside a part already read again
            continue
        out += old[i:start]
        rec = old[start]
        end = start + 1
        while end < len(old) and old[end].level > rec.level:
            end += 1
        out += snapshot.part_records(reader, places[start], rec.level, rec.parent)
        i = end
    out += old[i:]
    return out


#: The roles of an item view's own element (a calendar's table is read again too).
_VIEW_ROLES = frozenset({"list", "table", "tree"})


def _item_views(old: list[Record], ids: idtable.IdTable) -> list[QWidget]:
    """The item views of the last records, read again in every part read: their elements
    come from a model, which can answer a read otherwise with no event to the view (the
    roles a view never paints, AccessibleTextRole or ToolTip; a model that begins to
    raise, which a whole read reports ``unread``). Found in the records (0.1 ms on 2,000
    controls), not by a search of the window (1.3 ms: every combo box has a view)."""
    out: list[QWidget] = []
    for r in old:
        if len(r.key) == 1 and r.role in _VIEW_ROLES:
            try:
                view = ids.get(r.key[0])
            except QtError:  # gone: its parent was noted when it went
                continue
            if isinstance(view, QAbstractItemView):
                out.append(view)
    return out


def _element_of(w: QWidget | None, window: QWidget, at: dict[str, int],
                ids: idtable.IdTable) -> tuple[int, QWidget] | None:
    """The nearest widget at or above ``w`` that has an element of its own in the last
    records, with that element's place; None when only the window itself has one. A tab
    page is read with its tab widget (its name is the tab's), a widget in an item view's
    cells (an editor, an index widget) with the view (its name is its column's)."""
    up = w
    while up is not None and up is not window:
        if isinstance(up, QAbstractItemView):
            w = up  # the outermost view wins: keep looking above
        up = QWidget.parentWidget(up)
    while w is not None and w is not window:
        ident = ids.peek(w)
        parent = QWidget.parentWidget(w)
        if ident is not None and ident in at and not isinstance(parent, QStackedWidget):
            return at[ident], w
        w = parent
    return None


def _mismatch(window: QWidget, part: list[Record], whole: list[Record]) -> str:
    """What a report read in part got wrong, for the check the test suites turn on."""
    for i, (a, b) in enumerate(zip(part, whole)):
        if a != b:
            return (f"change report read {wins.window_title(window)!r} in part and got "
                    f"record {i} wrong: {a} instead of {b}")
    return (f"change report read {wins.window_title(window)!r} in part and got "
            f"{len(part)} records instead of {len(whole)}")


def tracker_for(state: dict[str, Any]) -> Tracker:
    """The session's tracker, kept in ``ctx.state``."""
    tracker = state.get(STATE_KEY)
    if tracker is None:
        tracker = state[STATE_KEY] = Tracker()
    return tracker
