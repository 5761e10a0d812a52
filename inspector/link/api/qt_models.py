"""Item models (``qt.models.*``): the app's models, their shape, rows and edits."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import Family
from inspector.link.replies import CellEdit, ModelEntry, ModelInfo, RowsPage


class QtModels(Family):
    """Item models (``qt.models.*``)."""

    async def item_models(self) -> list[ModelEntry]:
        result = await self.conn.call("qt.models.list")
        return [ModelEntry.from_json(m) for m in result.get("models") or []
                if isinstance(m, dict)]

    async def model_info(self, model_id: str) -> ModelInfo:
        return ModelInfo.from_json(await self.conn.call("qt.models.info",
                                                        {"modelId": model_id}))

    async def model_rows(self, model_id: str, offset: int, limit: int,
                         roles: list[str]) -> RowsPage:
        return RowsPage.from_json(await self.conn.call("qt.models.rows", {
            "modelId": model_id, "offset": offset, "limit": limit, "roles": roles}))

    async def set_model_data(self, model_id: str, row: int, column: int, value: Any,
                             role: str) -> CellEdit:
        return CellEdit.from_json(await self.conn.call("qt.models.setData", {
            "modelId": model_id, "row": row, "column": column, "value": value,
            "role": role}))
