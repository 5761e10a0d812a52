"""Item models (``qt.models.*``): the app's models, their shape, rows and edits."""

from __future__ import annotations

from typing import Any

from inspector.link.api._base import Family
from probe.wire.qt_models import CellEdit, ModelEntry, ModelInfo, ModelList, Rows


class QtModels(Family):
    """Item models (``qt.models.*``)."""

    async def item_models(self) -> list[ModelEntry]:
        return (await self.conn.call("qt.models.list", result=ModelList))["models"]

    async def model_info(self, model_id: str) -> ModelInfo:
        return await self.conn.call("qt.models.info", {"modelId": model_id}, result=ModelInfo)

    async def model_rows(self, model_id: str, offset: int, limit: int,
                         roles: list[str]) -> Rows:
        return await self.conn.call("qt.models.rows", {
            "modelId": model_id, "offset": offset, "limit": limit, "roles": roles},
            result=Rows)

    async def set_model_data(self, model_id: str, row: int, column: int, value: Any,
                             role: str) -> CellEdit:
        return await self.conn.call("qt.models.setData", {
            "modelId": model_id, "row": row, "column": column, "value": value,
            "role": role}, result=CellEdit)
