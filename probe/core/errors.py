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


def known_failure(exc: Exception) -> QtError | None:
    """An exception Qt or PySide raised inside a call, as the error a client can act on.

    Checked ahead of every value a client sends, these still happen where a check cannot
    see: the app deletes an object while a call uses it (shiboken: "already deleted"), a
    number reaches a C++ type narrower than any declared bound (OverflowError), or a
    value nests deeper than Qt's conversions recurse (RecursionError). None: a probe bug.
    """
    if isinstance(exc, RuntimeError) and "already deleted" in str(exc):
        return QtError("OBJECT_STALE", "the object was deleted by the app during the call",
                       hint="Look it up again (chr.readPage, qt.objects.find) and retry if "
                            "it still makes sense.", detail=str(exc)[:300])
    if isinstance(exc, OverflowError):
        return QtError("INVALID_PARAMS", f"a number is too large for the C++ type it "
                       f"reached: {exc}"[:300],
                       hint="Send a smaller number (C++ int is 32 bits: within +-2147483647).")
    if isinstance(exc, RecursionError):
        return QtError("INVALID_PARAMS", "a value is nested too deeply to convert",
                       hint="Flatten the value.")
    return None
