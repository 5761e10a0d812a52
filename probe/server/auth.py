"""Who may talk to the probe: a token on every connection, no browsers, loopback by default.

Two tokens: the client token (scripts, the MCP bridge, the CLI) and the inspector token,
which also admits a connection and in addition gives it the inspector credential (the
approval gate). Both sit in the user-only discovery file.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

#: The role the inspector declares; only a session holding the inspector credential
#: (``Session.inspector``: it presented the inspector token) may declare it.
INSPECTOR_ROLE = "inspector"
#: Topics that carry other clients' calls (their params and results, calls held for
#: approval): only a session with the inspector credential may subscribe or receive them.
INSPECTOR_TOPICS = frozenset({"traffic", "gate"})


@dataclass(frozen=True)
class Tokens:
    """The probe's two tokens: ``client`` (None: no token is asked, ``no_auth``) and
    ``inspector``, which also gives a connection the inspector credential."""

    client: str | None
    inspector: str

    @classmethod
    def new(cls, given: str | None, no_auth: bool) -> Tokens:
        """The client token given, or a random one (none with ``no_auth``); the inspector
        token is always random (written only to the discovery file)."""
        return cls(None if no_auth else (given or new_token()), new_token())


def new_token() -> str:
    """A random token that never starts with ``-`` (a command line would read it as an
    option): 32 URL-safe characters, the first a letter."""
    first = secrets.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return first + secrets.token_urlsafe(24)[:31]


def is_loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return host == "localhost"
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def token_of(path: str, authorization: str | None) -> str | None:
    """The token a client presented: ``?token=`` in the URL or ``Authorization: Bearer``."""
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    values = parse_qs(urlsplit(path).query).get("token")
    return values[0] if values else None


def host_ok(host_header: str | None, bound_host: str, allow_remote: bool) -> bool:
    """Whether a request's ``Host`` names this probe, so a web page that rebinds its
    own domain name to 127.0.0.1 (DNS rebinding) is not served.

    Loopback addresses and ``localhost`` always pass; with ``allow_remote``, so do IP
    literals and the configured host name (a rebinding page always uses a domain name).
    """
    if not host_header:
        return False
    name = _host_name(host_header.strip()).lower()
    if name == "localhost" or (name == bound_host.lower() and allow_remote):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or allow_remote


def _host_name(host: str) -> str:
    """``[::1]:80`` -> ``::1``, ``example.com:8080`` -> ``example.com``."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    name, sep, port = host.rpartition(":")
    return name if sep and port.isdigit() and ":" not in name else host


def credential_of(presented: str | None, token: str | None, inspector_token: str
                  ) -> str | None:
    """``"inspector"``, ``"client"`` or None (refused) for the token a client presented.

    ``token`` None means the client token check is off (``no_auth``): every connection
    is admitted, and only the inspector token still gives the inspector credential.
    """
    if presented is not None and hmac.compare_digest(inspector_token.encode(),
                                                     _bytes(presented)):
        return "inspector"
    return "client" if token_ok(token, presented) else None


def token_ok(expected: str | None, presented: str | None) -> bool:
    """Constant-time comparison; ``expected`` None means auth was explicitly turned off."""
    if expected is None:
        return True
    if presented is None:
        return False
    return hmac.compare_digest(expected.encode(), _bytes(presented))


def _bytes(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")
