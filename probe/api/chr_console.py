"""chr.readConsoleMessages and the ``console`` topic: the app's console, as a browser
agent reads a page's console.

The console capture is installed when this module is imported, which ``probe.install()``
does as the probe starts (nothing else imports ``probe.api``); the first message after a
quiet spell schedules one batch for the topic's subscribers (``CONSOLE_BATCH_DELAY``
later), so a chatty app costs one notification per batch, not one per line.
"""

from __future__ import annotations

from typing import Annotated, cast

from probe.core.data import console
from probe.core.errors import QtError
from probe.server.context import Outlet
from probe.server.registry import P, Tool, method, notification, on_start, topic
from probe.wire.chr_console import Batch, Messages

topic("console", "the app's console (Qt messages, logging, stdout/stderr, exceptions) "
                 "as chr.console notifications, in batches")
notification("chr.console", Batch, "console")

#: Seconds between the first console message and the notification that carries it.
CONSOLE_BATCH_DELAY = 0.05
#: Messages per chr.console notification.
CONSOLE_BATCH_SIZE = 500


@method("chr.readConsoleMessages", gui=False,
        tool=Tool("read_console_messages", "chrome"))
def read_console_messages(
    pattern: Annotated[str | None, P("regular expression the text (or source) must match, "
                                     "case-insensitive; give one to keep the answer short")
                       ] = None,
    onlyErrors: Annotated[bool, P("only error and critical messages (exceptions too)")
                          ] = False,
    clear: Annotated[bool, P("empty the buffer after reading")] = False,
    limit: Annotated[int, P("latest messages returned", minimum=1, maximum=5000)] = 100,
) -> Messages:
    """The app's console: Qt messages, logging, stdout/stderr and uncaught exceptions.

    Each message has seq, ts, level (debug, info, warning, error, critical), source (qt,
    logging, stdout, stderr, exception) and text; ``dropped`` counts messages the
    bounded buffer lost. Subscribe to topic 'console' for chr.console notifications.
    """
    try:
        regex = console.compile_pattern(pattern)
    except ValueError as exc:
        raise QtError("INVALID_PARAMS", str(exc), received={"pattern": pattern},
                      hint="pattern is a Python regular expression, e.g. 'error|warn'; "
                           "escape special characters such as ( [ * with a backslash."
                      ) from None
    return cast(Messages, console.CONSOLE.read(regex, onlyErrors, limit, clear))


@on_start
def _connect(outlet: Outlet) -> None:
    """The probe started: messages from now on reach the ``console`` topic."""

    def flush() -> None:
        """Send what arrived since the last batch to the subscribers (loop thread)."""
        batch, dropped = console.CONSOLE.take_pending()
        if not outlet.has_subscribers("console"):
            return
        for start in range(0, len(batch), CONSOLE_BATCH_SIZE):
            part = batch[start:start + CONSOLE_BATCH_SIZE]
            outlet.publish("console", "chr.console",
                           {"messages": part, "dropped": dropped if start == 0 else 0})
        if not batch and dropped:
            outlet.publish("console", "chr.console", {"messages": [], "dropped": dropped})

    def wake() -> None:
        """First console message since the last batch (any thread): flush a batch soon."""
        if not outlet.call_later(CONSOLE_BATCH_DELAY, flush):
            console.CONSOLE.take_pending()  # the probe stopped: nobody to tell, re-arm

    console.CONSOLE.set_wake(wake)


def _before_start() -> None:
    """No probe yet: nobody to tell; keep the capture re-armed."""
    console.CONSOLE.take_pending()


console.install()
console.CONSOLE.set_wake(_before_start)
