"""What every family of the typed client stands on: the connection, notifications parsed
once for all listeners, and the reason a probe refuses the inspector something."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from inspector.link.connection import Connection
from probe.client import read
from probe.exceptions import QtmcpError

log = logging.getLogger("qtmcp.inspector")

T = TypeVar("T")

#: Errors that say the probe cannot do something for this connection (not a failure of
#: the call): an older probe lacks the method, or the connection lacks the role.
REFUSALS = ("METHOD_NOT_FOUND", "ROLE_NOT_ALLOWED")


class Unavailable(QtmcpError):
    """The probe cannot do this for the inspector; ``reason`` is its error name."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Family:
    """The connection and the notification fan-out the families share."""

    conn: Connection

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._fans: dict[str, list[Callable[[Any], None]]] = {}

    @property
    def session_id(self) -> int | None:
        """This inspector's own session (its calls come back in the traffic too)."""
        return self.conn.session_id

    def _listen(self, method: str, parse: Callable[[dict[str, Any]], T | None],
                callback: Callable[[T], None]) -> None:
        """Call ``callback(parse(params))`` for each notification ``method`` (parsed once
        for every listener; a None parse is dropped, and so is one that raises)."""
        fans = self._fans.get(method)
        if fans is None:
            listeners: list[Callable[[Any], None]] = []
            fans = self._fans[method] = listeners

            def dispatch(params: dict[str, Any]) -> None:
                try:
                    value = parse(params)
                except QtmcpError:
                    log.exception("a %s notification could not be read", method)
                    return
                if value is None:
                    return
                for listener in list(listeners):
                    try:
                        listener(value)
                    except Exception:
                        log.exception("a listener of %s failed", method)

            self.conn.on(method, dispatch)
        fans.append(callback)

    def _notes(self, method: str, kind: type[T], callback: Callable[[T], None]) -> None:
        """Call ``callback`` with each notification ``method``, read as ``kind``."""
        self._listen(method, lambda params: read(kind, params, method), callback)
