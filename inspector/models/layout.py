"""The chosen widget's layout (``qt.layout``): what the live view draws over the picture
(:class:`LayoutOverlay`) and what the Layout tab lists (:class:`LayoutModel`, a tree of
facts and values), one read shared by both.

The live view and the Layout tab both :meth:`LayoutModel.follow` the chosen object; a
read in flight for the same object is not asked for twice. While the overlay is on, a
changed picture (a resize, a page switched) reads again once it is still: every
rectangle is in window coordinates.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject

from inspector.link.client import ProbeClient
from inspector.models.facts import Fact, ObjectFacts
from probe.wire._shared import ObjectSummary, Rect, Size
from probe.wire.qt_layout import Cell, LayoutFacts, LayoutInfo

#: A rectangle as the live view draws it: (x, y, width, height) in window coordinates.
Box = tuple[int, int, int, int]


def box(r: Rect) -> Box:
    return (r["x"], r["y"], r["width"], r["height"])


def rect_text(r: Rect | None) -> str:
    return "—" if r is None else f"{r['x']}, {r['y']}  {r['width']}×{r['height']}"


def size_text(s: Size) -> str:
    return "no bound" if s["width"] >= 16777215 and s["height"] >= 16777215 else \
        f"{s['width']}×{s['height']}".replace("16777215", "∞")


def name_of(o: ObjectSummary) -> str:
    """``QLabel "nameLabel" #4``: class, name and id, as the object tree shows them."""
    return f"{o['className']}" + (f" “{o['objectName']}”" if o["objectName"] else "") \
        + f" {o['id']}"


def cell_label(c: Cell) -> str:
    """Where a cell sits: ``row 1, column 2 (span 1×3)``, ``row 0, label``, ``stretch 1``."""
    if "column" in c:
        span = (f" (span {c.get('rowSpan', 1)}×{c.get('columnSpan', 1)})"
                if (c.get("rowSpan", 1), c.get("columnSpan", 1)) != (1, 1) else "")
        return f"row {c.get('row', 0)}, column {c['column']}{span}"
    if "role" in c:
        return f"row {c.get('row', 0)}, {c['role']}"
    if stretch := c.get("stretch"):
        return f"stretch {stretch}"
    return f"item {c['index']}"


@dataclass(frozen=True, slots=True)
class OverlayCell:
    rect: Box
    kind: str
    #: the chosen widget's own cell (drawn stronger)
    chosen: bool


@dataclass(frozen=True, slots=True)
class LayoutOverlay:
    """What the live view draws for the chosen widget, in window coordinates: the widget,
    the layout shown (its own, else the one it sits in), the band inside the layout's
    margins, its cells, the tab stops in order and the window's layout problems."""

    window: str
    widget: Box
    layout: Box | None
    contents: Box | None
    cells: tuple[OverlayCell, ...]
    tab_stops: tuple[tuple[int, Box], ...]
    problems: tuple[tuple[Box, str], ...]


def shown_layout(facts: LayoutFacts) -> LayoutInfo | None:
    """The layout the overlay draws: the widget's own, else the one it sits in."""
    if facts["layout"] is not None:
        return facts["layout"]
    container = facts["container"]
    return container["layout"] if container is not None else None


def overlay_of(facts: LayoutFacts) -> LayoutOverlay:
    lay = shown_layout(facts)
    chosen = facts["target"]["id"]
    cells = tuple(OverlayCell(box(c["rect"]), c["kind"],
                              c.get("object", {}).get("id") == chosen)
                  for c in (lay["cells"] if lay else []) if c["rect"] is not None)
    return LayoutOverlay(
        facts["window"]["objectName"], box(facts["geometry"]),
        box(lay["geometry"]) if lay else None, box(lay["contentsRect"]) if lay else None,
        cells, tuple((s["order"], box(s["rect"])) for s in facts["tabOrder"]),
        tuple((box(p["rect"]), p["kind"]) for p in facts["problems"] if "rect" in p))


class LayoutModel(ObjectFacts):
    """The facts of the chosen widget's layout as a tree (Fact, Value), and the overlay
    the live view draws of them."""

    def __init__(self, probe: ProbeClient, parent: QObject | None = None) -> None:
        super().__init__(probe, parent)
        self.facts: LayoutFacts | None = None
        self.overlay: LayoutOverlay | None = None

    async def fetch(self, object_id: str) -> LayoutFacts:
        return await self.probe.layout_facts(object_id)

    # ------------------------------------------------------------ the tree

    def show(self, facts: LayoutFacts | None) -> None:
        self.overlay = overlay_of(facts) if facts is not None else None
        super().show(facts)

    def fill(self, root: Fact, f: LayoutFacts) -> None:  # type: ignore[override]
        w = root.add("Widget", name_of(f["target"]))  # rectangles: in window coordinates
        w.add("Geometry", rect_text(f["geometry"]))
        sizes = f["sizes"]
        for key, title in (("sizeHint", "Size hint"), ("minimumSizeHint", "Min. hint"),
                           ("minimumSize", "Min. size"), ("maximumSize", "Max. size")):
            w.add(title, size_text(sizes[key]))
        p = f["sizePolicy"]
        w.add("Size policy", f"{p['horizontal']} × {p['vertical']}"
             + (f", stretch {p['horizontalStretch']}×{p['verticalStretch']}"
                if p["horizontalStretch"] or p["verticalStretch"] else "")
             + (", height for width" if p["heightForWidth"] else ""))
        if f["layout"] is not None:
            self._layout(root, "Its layout", f["layout"], f["target"]["id"])
        else:
            root.add("Its layout", "none (a leaf: its parent's layout places it)",
                     tone="muted")
        container = f["container"]
        if container is not None:
            lay = container["layout"]
            here = lay["cells"][container["index"]] if container["index"] < len(
                lay["cells"]) else None
            self._layout(root, "Sits in", lay, f["target"]["id"],
                         f"{name_of(lay['object'])}, " + (cell_label(here) if here else "?"))
        else:
            root.add("Sits in", "no layout (a window, or placed by hand)", tone="muted")
        stops = root.add(f"Tab order ({len(f['tabOrder'])})",
                     f"Tab's stops in {f['window']['objectName'] or f['window']['className']}")
        for s in f["tabOrder"]:
            mark = ("  (Tab stays inside it)" if s["keepsTab"] else "") + (
                "  ◀ this widget" if s["object"]["id"] == f["target"]["id"] else "")
            stops.add(f"{s['order']}.", f"{name_of(s['object'])} · {rect_text(s['rect'])}"
                 + mark)
        problems = root.add(f"Layout problems ({len(f['problems'])})",
                        "none in this window" if not f["problems"] else "")
        for pr in f["problems"]:
            problems.add(pr["kind"], f"{pr.get('path', '').rsplit('/', 1)[-1]}: "
                 f"{pr['message']}")

    def _layout(self, parent: Fact, title: str, lay: LayoutInfo, chosen: str,
                value: str = "") -> Fact:
        item = parent.add(title, value or name_of(lay["object"]))
        item.add("Geometry", rect_text(lay["geometry"]))
        m = lay["margins"]
        item.add("Margins", f"{m['left']}, {m['top']}, {m['right']}, {m['bottom']} "
                 "(left, top, right, bottom)")
        hs, vs = lay["horizontalSpacing"], lay["verticalSpacing"]
        item.add("Spacing", f"{hs}" if hs == vs else f"horizontal {hs}, vertical {vs}")
        if "direction" in lay:
            item.add("Direction", lay["direction"])
        if "rowCount" in lay:
            item.add("Grid", f"{lay['rowCount']} rows × {lay.get('columnCount', 0)} columns")
        cells = item.add(f"Cells ({len(lay['cells'])})")
        for c in lay["cells"]:
            what = name_of(c["object"]) if "object" in c else c["kind"]
            mark = "  ◀ this widget" if c.get("object", {}).get("id") == chosen else ""
            cell = cells.add(cell_label(c), f"{what} · {rect_text(c['rect'])}{mark}")
            if "layout" in c:
                self._layout(cell, "Nested layout", c["layout"], chosen)
        return item
