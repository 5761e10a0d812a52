"""What a recorded call's traffic record says about its target, so a replay finds it again.

Handed to the server as :attr:`probe.server.hooks.Hooks.describe_target` by
``probe.install``: the transport layer never imports core/ itself.
"""

from __future__ import annotations

from typing import Any

from probe.core.a11y import refs, targetcache
from probe.core.objects import idtable


def describe_target(state: dict[str, Any], ident: str) -> dict[str, Any] | None:
    """Stable handles of the element ``ident`` (ref, ``#N``, path or selector) names in the
    session whose state this is; raises like the call would when it names nothing."""
    return targetcache.cache_for(state).describe(ident, idtable.ids_for(state),
                                             refs.refs_for(state))
