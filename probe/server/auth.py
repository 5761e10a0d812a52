"""Who may talk to the probe: a token on every connection, no browsers, loopback by default."""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from urllib.parse import parse_qs, urlsplit


def new_token() -> str:
    return secrets.token_urlsafe(24)


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


def token_ok(expected: str | None, presented: str | None) -> bool:
    """Constant-time comparison; ``expected`` None means auth was explicitly turned off."""
    if expected is None:
        return True
    if presented is None:
        return False
    return hmac.compare_digest(expected.encode(), presented.encode())
