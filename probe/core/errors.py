"""Errors raised by core/: each names a row of the protocol's error table.

core/ knows nothing of JSON-RPC; the dispatcher turns a ``QtError`` into the error
response of the same name (``probe.protocol.ERRORS``).
"""

from __future__ import annotations

from typing import Any


class QtError(Exception):
    """A failure with a stable error-table name, a message, a hint and data."""

    def __init__(self, name: str, message: str | None = None, /, *, hint: str | None = None,
                 **data: Any) -> None:
        self.name = name
        self.message = message
        self.hint = hint
        self.data = data
        super().__init__(f"{name}: {message or ''}")
