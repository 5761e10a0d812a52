"""Model browser: pick an item model (or a view showing one), page through its rows, edit.

The list is the app's item models; a view is listed as "view → model". Rows load lazily
(see :class:`~inspector.models.remote_table.RemoteTableModel`): only the pages the table
shows are fetched. The Roles menu lists the model's roles (standard ones and the user
roles its roleNames() names) and each checked role becomes columns, so a list model's
"name", "price"... read like a table; editing a cell sets that role in the app and the
cell shows what the app kept.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QMenu,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.link.client import ProbeClient
from inspector.models.broker import Broker
from inspector.models.remote_table import RemoteTableModel
from inspector.style.words import counted
from inspector.widgets.hints import ElidedLabel
from inspector.widgets.pane import Pane, register_pane
from probe.exceptions import QtmcpError
from probe.wire.qt_models import ModelInfo

ROLES = ("display", "edit", "toolTip", "checkState", "decoration", "statusTip")
#: Qt's own role names (the probe's STANDARD_ROLES): anything else is a user role.
STANDARD = frozenset((*ROLES, "whatsThis", "font", "textAlignment", "background",
                      "foreground", "accessibleText", "accessibleDescription", "sizeHint",
                      "initialSortOrder", "user"))
#: Most user roles shown as columns by default (a list model's roles read as a table).
DEFAULT_USER_ROLES = 6


@register_pane("models", "Models", order=40, kind="tool",
               tip="The app's item models, page by page, with their roles")
class ModelsPane(Pane):
    """Model picker, role columns menu, lazily paged table."""

    def __init__(self, probe: ProbeClient, broker: Broker,
                 parent: QWidget | None = None) -> None:
        super().__init__(probe, broker, parent)
        self.entries: list[dict[str, Any]] = []
        self.model = RemoteTableModel(self._request, self._edit, self)
        self.requests = 0

        self.picker = QComboBox(self)
        self.picker.setObjectName("modelPicker")
        self.picker.setMinimumContentsLength(10)
        self.picker.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.currentIndexChanged.connect(self._picked)
        self.roles_menu = QMenu(self)
        self.roles_menu.setObjectName("modelRolesMenu")
        self.roles_button = QToolButton(self)
        self.roles_button.setObjectName("modelRoles")
        self.roles_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.roles_button.setMenu(self.roles_menu)
        self.available_roles: list[str] = list(ROLES)
        self._fill_roles_menu()
        reload_button = self.tool_button("refresh", "Reload", "list the app's models again")
        reload_button.clicked.connect(self.refresh)
        bar = QHBoxLayout()
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.picker, 1)
        bar.addWidget(self.roles_button)
        bar.addWidget(reload_button)

        self.summary = ElidedLabel("Connect to list the app's item models", self)
        self.summary.setObjectName("modelSummary")
        self.view = QTableView(self)
        self.view.setObjectName("modelRows")
        self.view.setModel(self.model)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 6)
        self.view.horizontalHeader().setStretchLastSection(True)
        self.add_hint(self.view, lambda: self.connected_or(
            "Pick one of the app's item models above: its rows load here page by page, "
            "editable where the model allows." if self.entries or not self.probe.is_connected
            else "This app has no item models (QAbstractItemModel) that the probe found."))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.status)

    # ---------------------------------------------------------------- listing

    def on_connected(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        if self.probe.is_connected:
            self.run(self.load_list())

    async def load_list(self) -> None:
        try:
            models = await self.probe.item_models()
        except QtmcpError as exc:
            self.show_error(exc)
            return
        keep = self.current_id()
        entries: list[dict[str, Any]] = []
        for m in models:
            label = m["objectName"] or m["path"] or m["id"]
            size = f"{m['rowCount']} × {m['columnCount']}"
            entries.append({"id": m["id"], "label": f"{label}  ({m['className']}, {size})",
                            "name": label})
        for m in models:
            for view in m["views"]:
                entries.append({"id": view, "label": f"view {view} → {m['objectName'] or m['id']}",
                                "name": view})
        self.entries = entries
        self.picker.blockSignals(True)
        self.picker.clear()
        for e in entries:
            self.picker.addItem(e["label"], e["id"])
        self.picker.blockSignals(False)
        self.show_info("")
        if not entries:
            self.summary.setText("The app has no item models")
            self.model.reset(None)
            return
        ids = [e["id"] for e in entries]
        self.picker.setCurrentIndex(ids.index(keep) if keep in ids else 0)
        self._picked(self.picker.currentIndex())

    # ---------------------------------------------------------------- roles

    def _fill_roles_menu(self) -> None:
        self.roles_menu.clear()
        for name in self.available_roles:
            action = QAction(name + ("" if name in STANDARD else "  (user role)"),
                             self.roles_menu)
            action.setData(name)
            action.setCheckable(True)
            action.setChecked(name in self.model.roles)
            action.toggled.connect(self._role_toggled)
            self.roles_menu.addAction(action)
        self._label_roles(self.model.roles)

    def _label_roles(self, roles: list[str]) -> None:
        """The button names the shown roles while they fit; the tooltip always does."""
        names = ", ".join(roles)
        self.roles_button.setText(f"Roles: {names}" if len(names) <= 22
                                  else f"Roles: {len(roles)} shown")
        self.roles_button.setToolTip(f"Columns show: {names}. Pick the data roles (user "
                                     "roles by their roleNames() name), one column each.")

    def _role_toggled(self, _checked: bool) -> None:
        chosen = [str(a.data()) for a in self.roles_menu.actions() if a.isChecked()]
        self.set_roles(chosen or ["display"])

    def set_roles(self, roles: list[str]) -> bool:
        """Show these roles as columns (names the model knows); False if none is known."""
        known = [r for r in roles if r in self.available_roles]
        if not known:
            return False
        if known != self.model.roles:
            self.model.set_roles(known)
        self.roles_menu.blockSignals(True)
        for action in self.roles_menu.actions():
            action.blockSignals(True)
            action.setChecked(str(action.data()) in known)
            action.blockSignals(False)
        self.roles_menu.blockSignals(False)
        self._label_roles(known)
        return True

    def _roles_of(self, model_id: str, info: ModelInfo) -> tuple[list[str], list[str]]:
        """Roles the menu offers for a model, and the ones shown when it is picked."""
        numbers = info["roleNames"]
        user = sorted((n for n in numbers if n not in STANDARD), key=lambda n: numbers[n])
        available = [ROLES[0], *user, *ROLES[1:]]
        kept = [r for r in self.model.roles if r in available]
        if self.model.model_id == model_id and kept:  # the same model again: keep them
            return available, kept
        if user and info["columnCount"] == 1:
            return available, ["display", *user[:DEFAULT_USER_ROLES]]
        return available, ["display"]

    def current_id(self) -> str | None:
        data = self.picker.currentData()
        return str(data) if data else None

    def select(self, name_or_id: str) -> bool:
        """Show the model (or view) with this objectName, label or ``#N``."""
        for i, e in enumerate(self.entries):
            if name_or_id in (e["id"], e["name"]):
                if i == self.picker.currentIndex() and self.model.model_id != e["id"]:
                    self._picked(i)  # shown before and cleared since: load it again
                self.picker.setCurrentIndex(i)
                return True
        return False

    def _picked(self, row: int) -> None:
        model_id = self.picker.itemData(row) if row >= 0 else None
        if model_id and self.probe.is_connected:
            self.run(self.show_model(str(model_id)))

    async def show_model(self, model_id: str) -> None:
        try:
            info = await self.probe.model_info(model_id)
        except QtmcpError as exc:
            self.show_error(exc)
            return
        if model_id != self.current_id():
            return
        self.available_roles, shown = self._roles_of(model_id, info)
        self.model.roles = shown
        self._fill_roles_menu()
        self.model.reset(model_id, info["rowCount"], info["headers"], info["columnCount"],
                         info["generation"])
        chain = " → ".join(m["objectName"] or m["id"] for m in info["sourceChain"])
        views = ", ".join(v["objectName"] or v["id"] for v in info["views"])
        self.summary.setText(
            f"{info['objectName'] or info['id']} · {info['className']} · "
            f"{counted(info['rowCount'], 'row')} × {counted(info['columnCount'], 'column')}"
            + (f" · source {chain}" if chain else "") + (f" · views {views}" if views else ""))
        self.show_info("")

    # ---------------------------------------------------------------- paging

    def _request(self, offset: int, limit: int) -> None:
        model_id = self.model.model_id
        if model_id is not None and self.probe.is_connected:
            self.requests += 1
            self.run(self._fetch(model_id, offset, limit))

    async def _fetch(self, model_id: str, offset: int, limit: int) -> None:
        try:
            page = await self.probe.model_rows(model_id, offset, limit, list(self.model.roles))
        except QtmcpError as exc:
            self.model.pending.discard(offset)
            self.show_error(exc)
            return
        self.model.put_page(model_id, page)

    # ---------------------------------------------------------------- editing

    def _edit(self, row: int, column: int, role: str, value: Any) -> None:
        model_id = self.model.model_id
        if model_id is not None:
            self.run(self.set_cell(model_id, row, column, value, role))

    async def set_cell(self, model_id: str, row: int, column: int, value: Any,
                       role: str = "display") -> bool:
        """Set the cell in the app, then show the value it kept (True if it took it)."""
        try:
            edit = await self.probe.set_model_data(model_id, row, column, value,
                                                   "edit" if role == "display" else role)
        except QtmcpError as exc:
            self.show_error(exc)
            return False
        if model_id == self.model.model_id:
            self.model.put_value(row, column, edit["value"], role)
        self.show_info(f"row {row}, column {column} ({role}): {edit['previous']!r} → "
                       f"{edit['value']!r}")
        return True
