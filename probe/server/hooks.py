"""What the in-app wiring hands the server, so that server/ never imports core/ or api/.

``probe.install`` builds one :class:`Hooks` from the api and core packages; a probe made
without it (tests of the transport) describes no targets and knows no app errors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from probe.protocol import RpcError

#: ``(session state, id or ref) -> stable handles`` of what a call names (GUI thread).
TargetDescriber = Callable[[dict[str, Any], str], "dict[str, Any] | None"]


#: ``(session state, waiting) -> the open modal dialog or popup, or None`` (GUI thread).
ModalDescriber = Callable[[dict[str, Any], bool], "dict[str, Any] | None"]
#: ``exception -> an app error`` (as in ``app_errors``) for failures the app side knows
#: the meaning of although its code did not raise them on purpose; None for a probe bug.
FailureReader = Callable[[Exception], "Exception | None"]


#: ``() -> end``: starts counting the app side's failed element reads for the call that
#: runs in this context (its GUI jobs run in its context, so they count there too);
#: ``end()`` stops and returns ``{origin: count}``.
FaultTally = Callable[[], Callable[[], "dict[str, int]"]]


#: ``(name, message, hint, data) -> the app side's error`` of an error-table row.
ErrorMaker = Callable[[str, "str | None", "str | None", dict[str, Any]], Exception]


def _rpc_error(name: str, message: str | None, hint: str | None,
               data: dict[str, Any]) -> Exception:
    return RpcError(name, message, hint=hint, **data)


def _no_target(state: dict[str, Any], ident: str) -> dict[str, Any] | None:
    return None


def _no_modal(state: dict[str, Any], waiting: bool) -> dict[str, Any] | None:
    return None


def _unknown(exc: Exception) -> Exception | None:
    return None


def _no_tally() -> Callable[[], dict[str, int]]:
    return dict


def _nothing_to_follow(app: Any) -> None:
    return None


@dataclass(frozen=True)
class Hooks:
    """The app side's contributions to dispatching."""

    #: Describes the element a recorded call names, so a replay finds it again; returns
    #: None (never raises) when the id names nothing.
    describe_target: TargetDescriber = _no_target
    #: Exceptions the app side raises with an error-table ``name``, ``message``, ``hint``
    #: and ``data``; the dispatcher answers them as that error.
    app_errors: tuple[type[Exception], ...] = ()
    #: Describes the modal dialog or popup open now (``waiting``: the call's own code waits
    #: in its event loop); a call whose GUI job entered a nested event loop answers with it.
    describe_modal: ModalDescriber = _no_modal
    #: Reads an unplanned exception as its error-table row (an object deleted by the app
    #: while a call used it, a number too large for the C++ type it reached); what it
    #: returns None for is answered INTERNAL_ERROR.
    known_failure: FailureReader = _unknown
    #: Makes the app side's one error class from an error-table row: what the context's
    #: verbs (``gui``, ``call``) raise, so api code raises and catches that class only.
    app_error: ErrorMaker = _rpc_error
    #: Counts the elements a call could not read whole (an app's class raised there, or
    #: the probe failed on it): the answer's ``meta.faults``.
    tally_faults: FaultTally = _no_tally
    #: Attaches the app side's watchers (event filters) to a new application, when the
    #: last one was shut down and another made (GUI thread, before the next job).
    follow_application: Callable[[Any], None] = _nothing_to_follow
