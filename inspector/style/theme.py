"""Light and dark themes: Fusion style plus a palette, and the accent colours panes use.

Panes ask :func:`accent` for semantic colours (error rows, warning text) so a theme
switch only has to repaint, not rebuild anything.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

THEMES = ("light", "dark")

_PALETTES: dict[str, dict[QPalette.ColorRole, str]] = {
    "light": {
        QPalette.ColorRole.Window: "#f3f3f3",
        QPalette.ColorRole.WindowText: "#1e1e1e",
        QPalette.ColorRole.Base: "#ffffff",
        QPalette.ColorRole.AlternateBase: "#f5f7fa",
        QPalette.ColorRole.Text: "#1e1e1e",
        QPalette.ColorRole.Button: "#e9e9e9",
        QPalette.ColorRole.ButtonText: "#1e1e1e",
        QPalette.ColorRole.Highlight: "#2f6fdd",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#ffffe1",
        QPalette.ColorRole.ToolTipText: "#1e1e1e",
        QPalette.ColorRole.PlaceholderText: "#8a8a8a",
        QPalette.ColorRole.Link: "#2f6fdd",
    },
    "dark": {
        QPalette.ColorRole.Window: "#2b2d30",
        QPalette.ColorRole.WindowText: "#dfe1e5",
        QPalette.ColorRole.Base: "#1e1f22",
        QPalette.ColorRole.AlternateBase: "#26282b",
        QPalette.ColorRole.Text: "#dfe1e5",
        QPalette.ColorRole.Button: "#3c3f41",
        QPalette.ColorRole.ButtonText: "#dfe1e5",
        QPalette.ColorRole.Highlight: "#2f65ca",
        QPalette.ColorRole.HighlightedText: "#ffffff",
        QPalette.ColorRole.ToolTipBase: "#3c3f41",
        QPalette.ColorRole.ToolTipText: "#dfe1e5",
        QPalette.ColorRole.PlaceholderText: "#8c8f94",
        QPalette.ColorRole.Link: "#589df6",
        # Fusion draws check box and frame edges from these
        QPalette.ColorRole.Light: "#5a5d61",
        QPalette.ColorRole.Midlight: "#4a4d51",
        QPalette.ColorRole.Mid: "#5f6368",
        QPalette.ColorRole.Dark: "#1b1c1e",
        QPalette.ColorRole.Shadow: "#111213",
    },
}

_ACCENTS: dict[str, dict[str, str]] = {
    "light": {"error": "#c62828", "errorBg": "#fdecea", "warning": "#9a6700",
              "warningBg": "#fff8e1", "debug": "#6b6b6b", "ok": "#2e7d32", "muted": "#8a8a8a",
              "inspector": "#7b61a8", "critical": "#ffffff", "criticalBg": "#c62828",
              "icon": "#3d5a80", "agent": "#e65100", "agentBg": "#ffe0b2"},
    "dark": {"error": "#ff6b68", "errorBg": "#4a2626", "warning": "#e0b34a",
             "warningBg": "#3f3623", "debug": "#8c8f94", "ok": "#6cc070", "muted": "#8c8f94",
             "inspector": "#b39ddb", "critical": "#ffffff", "criticalBg": "#a12b2b",
             "icon": "#9ab8e0", "agent": "#ffab40", "agentBg": "#4e3418"},
}

_current = "light"


def current() -> str:
    return _current


def accent(name: str) -> QColor:
    """A semantic colour of the current theme (error, warning, debug, ok, muted, ...)."""
    return QColor(_ACCENTS[_current].get(name, "#ff00ff"))


def apply(name: str, app: QApplication | None = None) -> str:
    """Switch the whole application to theme ``name`` (unknown names fall back to light)."""
    global _current
    name = name if name in THEMES else "light"
    app = app or QApplication.instance()  # pyright: ignore[reportAssignmentType]  # the inspector's application is a QApplication
    if app is None:
        return name
    _current = name
    app.setStyle("Fusion")
    palette = QPalette()
    for role, colour in _PALETTES[name].items():
        palette.setColor(role, QColor(colour))
    disabled = QColor(_ACCENTS[name]["muted"])
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText,
                 QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    app.setPalette(palette)
    return name
