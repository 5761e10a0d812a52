"""chr.readPage and chr.find: the walked tree as refs, JSON or a compact text outline.

The text outline is one line per node, indented by depth, in the style of the browser
tools (``button "Submit" [ref_7]``); it costs far fewer tokens than JSON. Refs go to
interactive nodes and to semantic containers (so ``ref_id`` can narrow a read to a group
or a tab panel). GUI thread.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QWidget

from probe.core import collector, faults
from probe.core.a11y import reach
from probe.core.a11y.identity import (
    Element,
    LastRead,
    Locator,
    RefTable,
    by_position,
    element_key,
    is_item_view,
    item_details,
    node_for,
    scan,
)
from probe.core.a11y.nodes import ItemNode, Node, SpotNode, unread_note
from probe.core.a11y.roles import SEMANTIC
from probe.core.a11y.walk import walker_for
from probe.core.a11y.walk.rules import VALUE_LIMIT, cut
from probe.core.a11y.windows import window_title
from probe.core.objects import idtable, modelshape
from probe.core.qml import popups as quick_popups

#: Roles whose value is a number and is shown unquoted.
NUMERIC = frozenset({"spinbutton", "slider", "progressbar"})
FIND_LIMIT = 20
#: How a ref shows in the text outline. The browser extension writes "[ref=ref_12]";
#: the shorter "[ref_12]" keeps the outline under 45 characters per element.
REF_FORMAT = "[{ref}]"
_REF_BEFORE, _REF_AFTER = " " + REF_FORMAT.split("{ref}")[0], REF_FORMAT.split("{ref}")[1]
#: The longest value a whole window's text outline shows (the JSON tree keeps
#: VALUE_LIMIT): an overview, with the full length; a read of the ref gives it whole. A
#: console's or editor's text took half a page's characters (#41: characters per control).
OUTLINE_VALUE = 100
NARROW_HINT = ("narrow it with ref_id (the ref of a group, tab panel or table), "
               "filter='interactive' or a smaller depth")


@dataclass(slots=True)
class View:
    """A node as it is output: filtered children, and how many it hides below ``depth``."""

    node: Node
    children: list[View] = field(default_factory=list)
    hidden: int = 0
    ref: str | None = None


@dataclass(slots=True, unsafe_hash=True)
class Record:
    """One element as the change report compares them (``changes``): its identity for the
    session (``key``, see refs.element_key), the locator its ref is issued from, and what
    an agent sees of it. Plain values: a record outlives the widgets it describes. Never
    changed once made; not declared frozen, as a frozen dataclass is made five times
    slower (2 us, one per element of every read)."""

    key: tuple[Any, ...]
    locator: Locator
    ref_worthy: bool
    role: str
    name: str
    value: str
    states: tuple[str, ...]
    parent: tuple[Any, ...] | None
    level: int


def _ref_worthy(node: Node) -> bool:
    return node.interactive or (node.role in SEMANTIC and node.role not in ("window",)
                                and bool(node.children))


def _filtered(node: Node, interactive: bool) -> list[View]:
    if not interactive:
        return [_mirrored(node)]
    kids = [v for c in node.children for v in _filtered(c, interactive)]
    if not interactive or node.interactive:
        return [View(node, kids)]
    if kids and (node.role in SEMANTIC or (node.name and node.role != "text")):
        return [View(node, kids)]
    return kids


def _mirrored(node: Node) -> View:
    """``node``'s view with every node below it (no filter: one view per node)."""
    kids = node.children
    return View(node, [_mirrored(c) for c in kids] if kids else [])


def _iter(view: View) -> Iterator[View]:
    yield view
    for c in view.children:
        yield from _iter(c)


def _walk_views(views: list[View], depth: int) -> list[tuple[int, View]]:
    """The views in document order with their levels, cut at ``depth`` (a view at that
    level keeps no children: ``hidden`` counts them). One pass with a stack, not nested
    generators (each node passed up through every level above it)."""
    out: list[tuple[int, View]] = []
    stack = [(0, v) for v in reversed(views)]
    while stack:
        at, v = stack.pop()
        out.append((at, v))
        if not v.children:
            continue
        if at >= depth:
            v.hidden = sum(1 for c in v.children for _ in _iter(c))
            v.children = []
        else:
            stack += [(at + 1, c) for c in reversed(v.children)]
    return out


@functools.lru_cache(maxsize=4096)
def _quoted(text: str) -> str:
    """``text`` as a JSON string, as the outline quotes names and values (a form repeats
    its labels: each is quoted once)."""
    return json.dumps(text, ensure_ascii=False)


class Reader:
    """One read: walks the window, issues refs, renders (GUI thread)."""

    def __init__(self, window: QWidget, refs: RefTable, ids: idtable.IdTable,
                 full_text: bool = False, blocked: bool = False,
                 labels_in: QWidget | None = None) -> None:
        self.window = window
        self.refs = refs
        self.ids = ids
        self.walker = walker_for(window, full_text, labels_in)
        #: a modal dialog blocks the window: nothing in it is interactive (no refs)
        self.blocked = blocked
        #: id(node) -> its locator, made once per node of this read (the records and the
        #: refs both ask; the reader holds the nodes it was asked about, so ids are stable)
        self._locators: dict[int, tuple[Node, Locator]] = {}

    # ------------------------------------------------------------------------ refs

    def locator(self, node: Node, owner: str | None = None) -> Locator:
        """Where ``node`` lives, as its ref holds it (``owner``: its widget's ``#N``, this
        read's own by default)."""
        if owner is None:
            owner = self.ids.id_of(node.owner)
        if isinstance(node, SpotNode):
            return Locator(owner, (), node.role, node.name, node.spot)
        index = getattr(node, "index", None)
        if index is not None:
            return Locator(owner, (), node.role, node.name, index)
        return Locator(owner, node.path, node.role, node.name)

    def _located(self, node: Node) -> Locator:
        """:meth:`locator` of ``node`` in its own window, asked once per read."""
        got = self._locators.get(id(node))
        if got is not None and got[0] is node:
            return got[1]
        loc = self.locator(node)
        self._locators[id(node)] = (node, loc)
        return loc

    def issue(self, node: Node) -> str:
        return self.refs.issue(self._located(node))

    def records(self, root: Node, level: int = 0, parent: tuple[Any, ...] | None = None
                ) -> list[Record]:
        """Every node under ``root`` (included) as a :class:`Record`, in document order
        (``root`` at ``level`` under ``parent``: a part read again in its place)."""
        out: list[Record] = []
        seen: dict[tuple[Any, ...], int] = {}
        stack: list[tuple[Node, int, tuple[Any, ...] | None]] = [(root, level, parent)]
        while stack:
            node, level, parent = stack.pop()
            loc = self._located(node)
            key = element_key(loc)
            n = seen.get(key, 0)
            seen[key] = n + 1
            if n:  # one widget seen twice (rare): keep both apart
                key = (*key, n)
            out.append(Record(key, loc, _ref_worthy(node), node.role, node.name, node.value,
                              tuple(node.states), parent, level))
            if node.children:
                stack += [(c, level + 1, key) for c in reversed(node.children)]
        return out

    def roots_for(self, element: Element | None) -> list[Node]:
        """The walked nodes of the whole window, or of one element's subtree."""
        if element is None:
            return [self.walker.walk()]
        if element.index is not None:
            return [node_for(element.view, element.index, self.window)]
        if element.is_item:
            return self.walker.items_of(element.widget, element.locator.path)
        return self.walker.subtree(element.widget)

    # ------------------------------------------------------------------- rendering

    def views(self, roots: list[Node], interactive: bool, depth: int
              ) -> tuple[list[View], list[tuple[int, View]]]:
        """The output tree and its nodes in document order (with their levels)."""
        views = [v for n in roots for v in _filtered(n, interactive)]
        flat = _walk_views(views, depth)
        for _, v in flat:
            if _ref_worthy(v.node) and not self.blocked:
                v.ref = self.issue(v.node)
        return views, flat

    def node_json(self, v: View) -> dict[str, Any]:
        n = v.node
        d: dict[str, Any] = {"role": n.role}
        if n.name:
            d["name"] = n.name
        if v.ref:
            d["ref"] = v.ref
        if n.value:
            d["value"] = n.value
        if n.full:
            d["cut"] = n.full
        if n.states:
            d["states"] = n.states
        d["bounds"] = list(n.bounds)
        if isinstance(n, ItemNode):
            if n.level:
                d["level"] = n.level
            if n.parent:
                d["parent"] = n.parent
        obj = n.obj
        if obj is not None:
            d["id"] = self.ids.id_of(obj)
            if QObject.objectName(obj):
                d["objectName"] = QObject.objectName(obj)
            d["className"] = QObject.metaObject(obj).className()
        if n.gap:
            d["gapFiller"] = True
        if n.unread:
            d["unread"] = n.unread
        if n.more:
            d["moreItems"] = n.more
        if v.hidden:
            d["hiddenBelowDepth"] = v.hidden
        return d

    def to_json(self, views: list[View], max_chars: int) -> tuple[list[dict[str, Any]], int, bool]:
        """Nested dicts; past ``max_chars`` the nodes after the budget (document order) go."""
        count = 0

        def full(v: View) -> dict[str, Any]:
            nonlocal count
            count += 1
            d = self.node_json(v)
            if v.children:
                d["children"] = [full(c) for c in v.children]
            return d

        tree = [full(v) for v in views]
        if len(json.dumps(tree, ensure_ascii=False, separators=(",", ":"))) <= max_chars:
            return tree, count, False
        return self._pruned(views, max_chars)

    def _pruned(self, views: list[View], max_chars: int
                ) -> tuple[list[dict[str, Any]], int, bool]:
        used = shown = 0
        truncated = False

        def build(v: View) -> dict[str, Any] | None:
            nonlocal used, shown, truncated
            d = self.node_json(v)
            size = len(json.dumps(d, ensure_ascii=False, separators=(",", ":"))) + 16
            if used + size > max_chars:
                truncated = True
                return None
            used += size
            shown += 1
            kids = []
            for c in v.children:
                if truncated:
                    break
                cd = build(c)
                if cd is not None:
                    kids.append(cd)
            if kids:
                d["children"] = kids
            return d

        out = []
        for v in views:
            d = build(v)
            if d is not None:
                out.append(d)
            if truncated:
                break
        return out, shown, truncated

    @staticmethod
    def line(level: int, v: View, preview: int | None = None) -> str:
        """One outline line; a value longer than ``preview`` is cut there (marked with
        its full length). Built by concatenation, most lines having two or three parts
        (a list and a join cost a third more a line: one line per element of a read)."""
        n = v.node
        text = "  " * level + n.role
        if n.name:
            text += " " + _quoted(n.name)
        if v.ref:
            text += _REF_BEFORE + v.ref + _REF_AFTER
        value, full = n.value, n.full
        if preview is not None and len(value) > preview:
            value, whole = cut(value, preview)
            full = full or whole
        if value:
            text += f" value={value}" if n.role in NUMERIC else " value=" + _quoted(value)
        if full:
            text += f" (cut: {full} chars)"
        if n.states:
            text += " " + " ".join(n.states)
        if n.gap:
            text += " clickable"
        if n.more:
            text += f" (+{n.more} more items)"
        if v.hidden:
            text += f" (+{v.hidden} deeper)"
        if n.unread:
            text += f" (unread: {n.unread})"
        return text

    def to_text(self, flat: list[tuple[int, View]], max_chars: int, title: str | None = None
                ) -> tuple[str, int, bool]:
        """The outline, cut at ``max_chars`` on a line. With ``title`` (a whole window's
        read) values are cut at OUTLINE_VALUE, and a first line that says only
        ``window "<title>"`` is left out and what it holds moves up a level: the answer's
        ``window`` field names the window, and every line of the page is two characters
        shorter (#41: characters per control). The nodes counted include the window."""
        lines: list[str] = []
        used = 0
        up = 0
        if title is not None and flat and flat[0][0] == 0 and \
                self.line(0, flat[0][1]) == "window " + _quoted(title):
            flat, up = flat[1:], 1
        preview = OUTLINE_VALUE if title is not None else None
        for level, v in flat:
            text = self.line(level - up, v, preview)
            if used + len(text) + 1 > max_chars:
                return "\n".join(lines), len(lines) + up, True
            lines.append(text)
            used += len(text) + 1
        return "\n".join(lines), len(lines) + up, False  # the window's line said, as a field


@collector.paused()  # a big window makes many objects at once
def read_page(window: QWidget, refs: RefTable, ids: idtable.IdTable, *, interactive: bool,
              depth: int, element: Element | None, max_chars: int, fmt: str,
              seen: list[Record] | None = None) -> dict[str, Any]:
    """The page as chr.readPage returns it (refs reset unless reading a ref's subtree).

    A whole window's long values are cut at VALUE_LIMIT characters (each marked with its
    full length); the read of one element (``element``) returns them whole up to
    ``max_chars``. Whenever anything was cut, ``truncated`` is true and ``note`` says how
    to read the rest. In a window that a modal dialog blocks nothing is interactive:
    ``blockedBy`` names the dialog. ``seen`` receives every element of a whole-window
    read as records (the change report's baseline), from the same walk. The answer is
    kept as the ref table's ``last_read`` (what the inspector shows as the agent's view).
    """
    if element is None:
        refs.reset()
    blocker = reach.modal_blocker(window) if isinstance(window, QWidget) else \
        quick_popups.window_blocker(window)  # a Qt Quick Dialogs dialog over it
    reader = Reader(window, refs, ids, full_text=element is not None,
                    blocked=blocker is not None)
    out = render(reader, element, interactive=interactive, depth=depth, max_chars=max_chars,
                 fmt=fmt, blocker=blocker, seen=seen)
    options = {"filter": "interactive" if interactive else "all", "depth": depth,
               "format": fmt, "max_chars": max_chars}
    if element is not None:
        options["ref_id"] = element.ref
    refs.last_read = LastRead(out, time.time(), refs.generation, options, ids.id_of(window))
    return out


def render(reader: Reader, element: Element | None, *, interactive: bool, depth: int,
           max_chars: int, fmt: str, blocker: QObject | None = None,
           seen: list[Record] | None = None) -> dict[str, Any]:
    """Walk and render one read with ``reader`` (which decides how refs are given)."""
    window, ids = reader.window, reader.ids
    roots = reader.roots_for(element)
    if seen is not None and element is None:
        seen.extend(reader.records(roots[0]))
    views, flat = reader.views(roots, interactive, depth)
    total = len(flat)
    interactive_count = 0 if blocker is not None else \
        sum(1 for _, v in flat if v.node.interactive)
    out: dict[str, Any] = {
        "window": {"tabId": ids.id_of(window), "title": window_title(window)},
        "viewport": {"width": QWidget.width(window), "height": QWidget.height(window)}
        if isinstance(window, QWidget) else {"width": QWindow.width(window),
                                             "height": QWindow.height(window)},
    }
    if fmt == "json":
        tree, shown, truncated = reader.to_json(views, max_chars)
        out["tree"] = tree
    else:
        text, shown, truncated = reader.to_text(
            flat, max_chars, out["window"]["title"] if element is None else None)
        out["text"] = text
    preview = fmt != "json" and element is None  # the outline of a whole window
    was_cut = [v for _, v in flat if v.node.full
               or (preview and len(v.node.value) > OUTLINE_VALUE)]
    out.update({"nodes": shown, "interactive": interactive_count,
                "truncated": truncated or bool(was_cut)})
    notes = []
    unread = sum(1 for _, v in flat if v.node.unread)
    if unread:
        out["unreadElements"] = unread
        notes.append(unread_note(unread))
    if truncated:
        notes.append(f"Truncated at max_chars={max_chars}: {shown} of {total} nodes shown; "
                     f"{NARROW_HINT}.")
    if was_cut:
        out["valuesCut"] = len(was_cut)
        refd = next((v.ref for v in was_cut if v.ref), None)
        how = (f"chr.readPage with ref_id={refd} (or the ref of another cut element)"
               if refd else "chr.readPage with the ref_id of its group")
        limits = f"{OUTLINE_VALUE} (values) or {VALUE_LIMIT} (texts)" if preview else \
            str(VALUE_LIMIT)
        notes.append(f"{len(was_cut)} long values or texts were cut at {limits} characters "
                     f"(marked 'cut' with their full length): {how} returns one whole, "
                     "chr.getPageText returns all text.")
    if blocker is not None:
        out["blockedBy"] = {"tabId": ids.id_of(blocker), "title": window_title(blocker)}
        notes.append(f"The modal dialog {window_title(blocker)!r} (tabId "
                     f"{ids.id_of(blocker)}) blocks this window: nothing here can be acted "
                     "on until it closes. chr.readPage with that tabId shows the dialog.")
    if notes:
        out["note"] = " ".join(notes)
    return out


# ------------------------------------------------------------------------------ find


def _score_field(value: str, q: str) -> int:
    if not value:
        return 0
    v = value.lower()
    if v == q:
        return 3
    if v.startswith(q):
        return 2
    if q in v:
        return 1
    return 0


#: How people (and agents) describe a role in a natural-language query.
ROLE_WORDS = {
    "textbox": "text field input edit box entry",
    "searchbox": "search field input box",
    "button": "button push",
    "checkbox": "check box checkbox tick option",
    "radio": "radio button option choice",
    "combobox": "combo box dropdown drop-down select list picker choice",
    "spinbutton": "spin box number field input",
    "slider": "slider range scale",
    "tab": "tab page",
    "menuitem": "menu item entry command",
    "link": "link",
    "table": "table grid",
    "tree": "tree outline",
    "list": "list",
    "dialog": "dialog window popup",
}
STOP_WORDS = frozenset({"the", "a", "an", "of", "for", "to", "in", "on", "with", "and"})


def _fields(node: Node) -> list[tuple[str, str, float]]:
    obj = node.obj
    out = [("name", node.name, 1.0), ("role", node.role, 0.9), ("label", node.label, 0.9),
           ("kind", ROLE_WORDS.get(node.role, ""), 0.5)]
    if isinstance(obj, QWidget):
        out.append(("tooltip", QWidget.toolTip(obj), 0.8))
    if obj is not None:
        out.append(("objectName", QObject.objectName(obj), 0.8))
        out.append(("className", QObject.metaObject(obj).className(), 0.7))
    return out


def score(node: Node, query: str) -> tuple[float, str]:
    """How well ``node`` matches: exact > prefix > contains, whole query then each word."""
    q = query.strip().lower()
    fields = _fields(node)
    best, where = 0.0, ""
    for fname, value, weight in fields:
        s = _score_field(value, q) * weight * 2
        if s > best:
            best, where = s, fname
    words = [w for w in q.split() if w not in STOP_WORDS]
    if len(words) > 1:
        total = 0.0
        for word in words:
            w_best = max((_score_field(v, word) * wt for _, v, wt in fields), default=0)
            if w_best == 0:
                total = 0.0
                break
            total += w_best
        if total > best:
            best, where = total, "words"
    return best, where


def _model_matches(view: Any, query: str, window: QWidget, order: int
                   ) -> list[tuple[float, tuple[int, int], Node, str]]:
    """Items of an item view's model matching the query by text or by position."""
    found, _ = scan(view, lambda n: score(n, query), window)
    out: list[tuple[float, tuple[int, int], Node, str]] = []
    keys = {}
    for k, (s, node) in enumerate(by_position(view, query, window), start=1):
        keys[modelshape.position(node.index)] = True
        out.append((s, (order, k), node, "position"))
    base = len(out) + 1
    for k, (s, where, node) in enumerate(found, start=base):
        if modelshape.position(node.index) not in keys:
            out.append((s, (order, k), node, where))
    return out


@collector.paused()  # as read_page: a big window makes many objects at once
def find(window: QWidget, refs: RefTable, ids: idtable.IdTable, query: str,
         limit: int = FIND_LIMIT) -> dict[str, Any]:
    """Elements matching ``query``, best first, with refs in the current ref space."""
    reader = Reader(window, refs, ids)
    root = reader.walker.walk()
    matches: list[tuple[float, tuple[int, int], Node, str]] = []
    views = [n.obj for n in root.iter() if is_item_view(n.obj)]
    for i, node in enumerate(root.iter()):
        if node is root:
            continue
        if isinstance(node, ItemNode) and node.owner in views:
            continue  # found through the model below, with the rows off screen too
        s, where = faults.value(score, (0.0, ""), node, query, obj=node.obj)
        if s > 0:
            matches.append((s, (i, 0), node, where))
        if node.obj in views:
            matches.extend(faults.value(_model_matches, [], node.obj, query, window, i,
                                        obj=node.obj))
    matches.sort(key=lambda t: (-t[0], t[1]))
    results = []
    for s, _, node, where in matches[:limit]:
        view = View(node, ref=reader.issue(node) if _ref_worthy(node) else None)
        d = reader.node_json(view)
        d["matched"] = where
        d["score"] = round(s, 2)
        if isinstance(node, ItemNode):
            d["item"] = faults.value(item_details, {}, node, ids, obj=node.owner)
        results.append(d)
    out: dict[str, Any] = {"query": query, "matches": results, "total": len(matches)}
    if len(matches) > limit:
        out["note"] = (f"{len(matches)} elements matched; showing the best {limit}. "
                       "Use a more specific query.")
    if not matches:
        out["note"] = "Nothing matched; chr.readPage shows every element."
    return out


@collector.paused()  # a big window makes many objects at once
def records(window: Any, refs: RefTable, ids: idtable.IdTable) -> list[Record]:
    """Every element of a window (no filter, no depth cut) as records, in document order."""
    reader = Reader(window, refs, ids)
    return reader.records(reader.walker.walk())


@collector.paused()  # a big window makes many objects at once
def part_records(reader: Reader, widget: QWidget, level: int,
                 parent: tuple[Any, ...] | None) -> list[Record]:
    """The records of one widget of a widget window (its element and what is inside it,
    or its children where it is no element of its own), as :func:`records` lists them
    there: ``widget`` at ``level`` under ``parent`` (the change report reads again only
    around what changed). ``reader``: one per report and window, so the window's labels
    are indexed once (a label may name a field far from it)."""
    out: list[Record] = []
    for node in reader.walker.subtree(widget):
        out += reader.records(node, level, parent)
    return out
