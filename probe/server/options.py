"""How a probe listens and what it allows: one :class:`Options` per probe, read by the parts
that need a setting (the transport, the dispatcher, a call's context)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from probe import protocol


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass
class Options:
    """How a probe listens. Defaults are the safe ones; env vars fill what is not given."""

    host: str = "127.0.0.1"
    port: int = 0
    token: str | None = None
    no_auth: bool = False
    allow_remote: bool = False
    #: qml.evaluate runs arbitrary JavaScript in the app: off unless asked for.
    allow_eval: bool = False
    max_message: int = protocol.DEFAULT_MAX_MESSAGE
    max_reply: int = protocol.DEFAULT_MAX_REPLY
    max_queue_bytes: int = 8 * 1024 * 1024
    #: Answer bytes held for a client that has not read them, per connection and in all
    #: (server/outbox.py); past either, or stuck ``stall_seconds``, it is closed (1008).
    max_held_bytes: int = 64 * 1024 * 1024
    total_held_bytes: int = 128 * 1024 * 1024
    stall_seconds: float = 30.0
    call_timeout: float = 2.0
    #: A change report compares with what the agent was last told of a window, unless that
    #: is older than this: then with the window just before the action, the rest counted.
    baseline_seconds: float = 60.0
    discovery: bool = True
    quiet: bool = False
    #: False: the app's file, message, colour and font dialogs are Qt's own widgets (an
    #: agent reads and answers them) instead of the desktop's native ones it cannot see.
    native_dialogs: bool = True

    @classmethod
    def from_env(cls, **given: Any) -> Options:
        """Explicit arguments win, then QTMCP_* environment variables, then defaults."""
        env = os.environ
        values: dict[str, Any] = {
            "host": env.get("QTMCP_HOST", cls.host),
            "port": int(env.get("QTMCP_PORT", "0") or 0),
            "token": env.get("QTMCP_TOKEN") or None,
            "no_auth": env.get("QTMCP_NO_AUTH", "") == "1",
            "allow_remote": env.get("QTMCP_ALLOW_REMOTE", "") == "1",
            "allow_eval": env.get("QTMCP_ALLOW_EVAL", "").lower() in ("1", "true", "yes"),
            "call_timeout": _env_float("QTMCP_CALL_TIMEOUT", cls.call_timeout),
            "max_queue_bytes": int(env.get("QTMCP_MAX_QUEUE_BYTES", "0") or 0)
            or cls.max_queue_bytes,
            "max_reply": int(env.get("QTMCP_MAX_REPLY", "0") or 0) or cls.max_reply,
            "max_held_bytes": int(env.get("QTMCP_MAX_HELD_BYTES", "0") or 0)
            or cls.max_held_bytes,
            "total_held_bytes": int(env.get("QTMCP_TOTAL_HELD_BYTES", "0") or 0)
            or cls.total_held_bytes,
            "stall_seconds": _env_float("QTMCP_STALL_SECONDS", cls.stall_seconds),
            "baseline_seconds": _env_float("QTMCP_BASELINE_SECONDS", cls.baseline_seconds),
            "quiet": env.get("QTMCP_QUIET", "") == "1",
            "native_dialogs": env.get("QTMCP_NATIVE_DIALOGS", "").lower() not in ("0", "false",
                                                                               "no"),
        }
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)
