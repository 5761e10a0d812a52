"""The chosen widget's style (``qt.style``) as the Style tab lists it: the style drawing
it, its font and where it comes from, its palette (each group's roles with a swatch;
roles its palette does not set are muted) and the style sheets in effect."""

from __future__ import annotations

from typing import Any

from inspector.link.client import ProbeClient
from inspector.models.facts import Fact, ObjectFacts
from probe.wire.qt_style import Font, Source, StyleFacts

#: What each kind of source is called in the tab.
SOURCES = {"widget": "this widget", "ancestor": "an ancestor", "styleSheet": "a style sheet",
           "application": "the application"}


def source_text(s: Source) -> str:
    o = s.get("object")
    named = f" ({o['objectName'] or o['className']} {o['id']})" if o is not None \
        and s["kind"] == "ancestor" else ""
    return SOURCES.get(s["kind"], s["kind"]) + named


def font_text(f: Font) -> str:
    """``Sans Serif 9 pt, Bold, Italic``."""
    size = f"{f['pointSizeF']:g} pt" if f["pointSizeF"] > 0 else f"{f['pixelSize']} px"
    extras = [f["weightName"]] if f["weightName"] != "Normal" else []
    extras += [word for word, on in (("Italic", f["italic"]), ("Underline", f["underline"]),
                                     ("Strike out", f["strikeOut"])) if on]
    return ", ".join([f"{f['family']} {size}", *extras])


class StyleModel(ObjectFacts):
    """The facts of the chosen widget's style as a tree (Fact, Value)."""

    def __init__(self, probe: ProbeClient, parent: Any = None) -> None:
        super().__init__(probe, parent)
        self.facts: StyleFacts | None = None

    async def fetch(self, object_id: str) -> StyleFacts:
        return await self.probe.style_facts(object_id)

    def fill(self, root: Fact, facts: StyleFacts) -> None:  # type: ignore[override]
        drawn = facts["widgetStyle"]
        style = root.add("Style", facts["styleName"])
        style.add("Drawn by", drawn["className"] + (f" ({drawn['name']})"
                                                      if drawn["name"] else ""))
        f = facts["font"]
        font = root.add("Font", font_text(f))
        font.add("From", source_text(facts["fontFrom"]))
        font.add("Family", ", ".join(f["families"]) or f["family"])
        font.add("Size", f"{f['pointSizeF']:g} pt" if f["pointSizeF"] > 0
                 else f"{f['pixelSize']} px")
        font.add("Weight", f"{f['weightName']} ({f['weight']})")
        font.add("Style", f["style"].removeprefix("Style"))
        font.add("Application's", font_text(facts["applicationFont"]), tone="muted")
        palette = root.add("Palette", "from " + source_text(facts["paletteFrom"]))
        for group in facts["palette"]:
            own = sum(r["set"] for r in group["roles"])
            node = palette.add(group["group"], f"{len(group['roles'])} roles, {own} set here")
            for r in group["roles"]:
                node.add(r["role"], r["color"], swatch=r["color"],
                         tone=None if r["set"] else "muted")
        sheets = root.add(f"Style sheets ({len(facts['styleSheets'])})",
                          "none" if not facts["styleSheets"] else "the app's first, "
                          "this widget's last")
        for sheet in facts["styleSheets"]:
            o = sheet.get("object")
            who = sheet["from"] if o is None else \
                f"{o['objectName'] or o['className']} {o['id']}"
            lines = [line for line in sheet["styleSheet"].splitlines() if line.strip()]
            node = sheets.add(who, f"{len(lines)} lines ({sheet['from']})")
            for n, line in enumerate(lines, 1):
                node.add(str(n), line)
