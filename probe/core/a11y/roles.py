"""Qt accessible roles as the ARIA / Chrome role names an agent already knows.

One table covers every ``QAccessible.Role`` (a test checks it stays total); a role Qt
adds later falls back to ``generic``. The sets below say which roles get a ref
(interactive), which containers survive flattening when unnamed (semantic), and which
carry readable text (for chr.getPageText).
"""

from __future__ import annotations

from PySide6.QtGui import QAccessible

from probe.core.compat import roles_if_present

_R = QAccessible.Role

#: Every QAccessible.Role -> its ARIA (or Chrome accessibility) role name.
ROLE_NAMES: dict[QAccessible.Role, str] = {
    _R.NoRole: "generic",
    _R.TitleBar: "banner",
    _R.MenuBar: "menubar",
    _R.ScrollBar: "scrollbar",
    _R.Grip: "separator",
    _R.Sound: "generic",
    _R.Cursor: "generic",
    _R.Caret: "generic",
    _R.AlertMessage: "alert",
    _R.Window: "window",
    _R.Client: "generic",
    _R.PopupMenu: "menu",
    _R.MenuItem: "menuitem",
    _R.ToolTip: "tooltip",
    _R.Application: "application",
    _R.Document: "document",
    _R.Pane: "generic",
    _R.Chart: "img",
    _R.Dialog: "dialog",
    _R.Border: "generic",
    _R.Grouping: "group",
    _R.Separator: "separator",
    _R.ToolBar: "toolbar",
    _R.StatusBar: "status",
    _R.Table: "table",
    _R.ColumnHeader: "columnheader",
    _R.RowHeader: "rowheader",
    _R.Column: "column",
    _R.Row: "row",
    _R.Cell: "cell",
    _R.Link: "link",
    _R.HelpBalloon: "tooltip",
    _R.Assistant: "generic",
    _R.List: "list",
    _R.ListItem: "listitem",
    _R.Tree: "tree",
    _R.TreeItem: "treeitem",
    _R.PageTab: "tab",
    _R.PropertyPage: "tabpanel",
    _R.Indicator: "generic",
    _R.Graphic: "img",
    _R.StaticText: "text",
    _R.EditableText: "textbox",
    _R.Button: "button",
    _R.CheckBox: "checkbox",
    _R.RadioButton: "radio",
    _R.ComboBox: "combobox",
    _R.ProgressBar: "progressbar",
    _R.Dial: "slider",
    _R.HotkeyField: "textbox",
    _R.Slider: "slider",
    _R.SpinBox: "spinbutton",
    _R.Canvas: "canvas",
    _R.Animation: "img",
    _R.Equation: "math",
    _R.ButtonDropDown: "button",
    _R.ButtonMenu: "button",
    _R.ButtonDropGrid: "button",
    _R.Whitespace: "generic",
    _R.PageTabList: "tablist",
    _R.Clock: "timer",
    _R.Splitter: "generic",
    _R.LayeredPane: "generic",
    _R.Terminal: "log",
    _R.Desktop: "generic",
    _R.Paragraph: "paragraph",
    _R.WebDocument: "document",
    _R.Section: "region",
    _R.Notification: "status",
    _R.ColorChooser: "button",
    _R.Footer: "contentinfo",
    _R.Form: "form",
    _R.Heading: "heading",
    _R.Note: "note",
    _R.ComplementaryContent: "complementary",
    _R.UserRole: "generic",
    **roles_if_present(Switch="switch", BlockQuote="blockquote"),
}

#: Roles an agent acts on: they get a ref.
INTERACTIVE = frozenset({
    "button", "checkbox", "radio", "combobox", "spinbutton", "slider", "textbox", "link",
    "menuitem", "tab", "treeitem", "listitem", "cell", "row", "switch", "columnheader",
    "rowheader",
})

#: Roles whose buttons show a popup (Qt says so with the role, not a state).
POPUP_ROLES = frozenset({_R.ButtonMenu, _R.ButtonDropDown, _R.ButtonDropGrid, _R.ComboBox})

#: Containers kept by flattening even without a name: they give the page its shape.
SEMANTIC = frozenset({
    "window", "dialog", "group", "form", "tabpanel", "table", "tree", "list", "tablist",
    "menubar", "menu", "toolbar", "status", "alert", "document", "region", "application",
    "listbox",
})

#: Roles with item children that are not widgets (reached with child(i), capped).
ITEM_CONTAINERS = frozenset({
    _R.PageTabList, _R.MenuBar, _R.PopupMenu, _R.List, _R.Tree, _R.Table,
})

#: Roles whose nodes are never shown (noise for an agent; scrolling is chr.scroll).
HIDDEN = frozenset({"scrollbar", "separator"})


def role_name(role: QAccessible.Role) -> str:
    """The ARIA name of a Qt role (``generic`` for one this table does not know)."""
    return ROLE_NAMES.get(role, "generic")
