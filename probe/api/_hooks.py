"""What the api hands the server through ``probe.install`` (``probe.server.hooks.Hooks``),
so the transport layer never imports core/ or api/ itself: how a recorded call's target
is described for a replay, which dialog a call waits in, and the app side's one error
class, and how its watchers follow a new application."""

from __future__ import annotations

from typing import Any

from probe.api._act import describe_modal
from probe.core.a11y.identity import cache_for, refs_for
from probe.core.capture import frames
from probe.core.data import events, signals, waits
from probe.core.errors import QtError, known_failure
from probe.core.faults import tally as tally_faults
from probe.core.objects import idtable

__all__ = ["app_error", "describe_modal", "describe_target", "follow_application",
           "known_failure", "tally_faults"]


def follow_application(app: Any) -> None:
    """A new application runs (an app shut its first one down and made another): the
    event monitor, the lifecycle notes, the waits and the live view watch it instead."""
    events.HUB.follow(app)
    signals.LIFECYCLE.follow(app)
    waits.WAKER.follow(app)
    frames.follow(app)


def describe_target(state: dict[str, Any], ident: str) -> dict[str, Any] | None:
    """Stable handles of the element ``ident`` (ref, ``#N``, path or selector) names in the
    session whose state this is; raises like the call would when it names nothing."""
    return cache_for(state).describe(ident, idtable.ids_for(state),
                                             refs_for(state))


def app_error(name: str, message: str | None, hint: str | None,
              data: dict[str, Any]) -> QtError:
    """The app side's one error class, for an error-table row the server reports."""
    return QtError(name, message, hint=hint, **data)
