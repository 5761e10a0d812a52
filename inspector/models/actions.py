"""The actions tool's table (:class:`~probe.wire.qt_actions.ActionInfo`): one row per
QAction with its keys, context, state, where it is shown and the keys it collides on
(in the warning tone, so a collision is seen at a glance)."""

from __future__ import annotations

from inspector.models.columns import Column, RowTable, muted
from probe.wire.qt_actions import ActionInfo

_Column = Column[ActionInfo]


def name_of(a: ActionInfo) -> str:
    """Its text, else its objectName, else its id."""
    return a["text"] or a["object"]["objectName"] or a["object"]["id"]


def state_of(a: ActionInfo) -> str:
    """``checked`` / ``unchecked`` for a checkable one, ``disabled``, ``hidden``, joined."""
    words = []
    if a["checkable"]:
        words.append("checked" if a["checked"] else "unchecked")
    if not a["enabled"]:
        words.append("disabled")
    if not a["visible"]:
        words.append("hidden")
    return ", ".join(words)


def places_of(a: ActionInfo) -> str:
    """``File menu, Main toolbar toolbar``: where a user finds it."""
    return ", ".join("menu bar" if s["kind"] == "menubar" else f"{s['title']} {s['kind']}"
                     for s in a["shownIn"]) or "nowhere"


def conflicts_of(a: ActionInfo) -> str:
    return "; ".join(f"{c['keys']} also: {', '.join(c['others'])}" for c in a["conflicts"])


def _tone(a: ActionInfo) -> str | None:
    if a["conflicts"]:
        return "warning"
    return "muted" if not a["enabled"] or not a["shownIn"] else None


class ActionTable(RowTable[ActionInfo]):
    """Rows: the app's actions as listed."""

    COLUMNS = (
        _Column("Action", name_of, tip=lambda a: a.get("toolTip") or a["object"]["path"],
                tone=_tone),
        _Column("Shortcut", lambda a: ", ".join(a["shortcuts"])),
        _Column("Context", lambda a: a["context"], tone=muted,
                about="where its shortcut is active"),
        _Column("State", state_of),
        _Column("Shown in", places_of, tip=places_of),
        _Column("Conflicts", conflicts_of, tip=conflicts_of,
                tone=lambda a: "warning" if a["conflicts"] else None,
                about="keys another action or shortcut active in the same place has too "
                      "(Qt fires neither)"),
    )

    def action_of(self, row: int) -> ActionInfo | None:
        return self.rows[row] if 0 <= row < len(self.rows) else None
