"""The client's exceptions, one hierarchy to catch by kind (the shape of websockets')."""

from __future__ import annotations

from typing import Any


class QtmcpError(Exception):
    """Base of every error the client raises."""


class ConnectError(QtmcpError):
    """No probe could be reached, found, or it refused the handshake (token, origin)."""


class UnsafeFolder(QtmcpError, OSError):
    """The user's private qtmcp folder is not private (another user owns it, or it is a
    link): nothing is read from it or written to it; the message says what to do."""


class ConnectionLost(QtmcpError):
    """The probe went away while a call was waiting (the app exited or crashed)."""


class CallTimeout(QtmcpError):
    """No response arrived within the client-side timeout."""


class RemoteError(QtmcpError):
    """The probe answered with an error; ``name`` is the error table's stable name."""

    def __init__(self, code: int, message: str, data: dict[str, Any] | None = None) -> None:
        self.code = code
        self.message = message
        self.data = data or {}
        self.name: str = self.data.get("name", str(code))
        self.hint: str = self.data.get("hint", "")
        detail = self.data.get("detail")  # what failed, for INTERNAL_ERROR: worth seeing
        super().__init__(f"{self.name}: {message}" + (f" [{detail}]" if detail else "")
                         + (f" (hint: {self.hint})" if self.hint else ""))

    @classmethod
    def from_error(cls, error: dict[str, Any]) -> RemoteError:
        return cls(int(error.get("code", 0)), str(error.get("message", "")),
                   error.get("data") if isinstance(error.get("data"), dict) else None)


class BadAnswer(QtmcpError):
    """An answer that is not what its method declares (``probe.wire``): an older or
    newer probe, or a bug; ``problems`` says each difference."""

    def __init__(self, message: str, problems: list[str]) -> None:
        super().__init__(message)
        self.problems = problems
