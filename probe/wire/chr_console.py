"""Console (``chr.readConsoleMessages``, ``chr.console``): what the app printed or logged."""

from probe.wire._typing import NotRequired, TypedDict


class Message(TypedDict):
    """One line: its level, where it came from (stdout, stderr, logging, qt), and for
    Qt and logging messages the file, line, logger and exception."""

    seq: int
    ts: float
    level: str
    source: str
    text: str
    file: NotRequired[str]
    line: NotRequired[int]
    logger: NotRequired[str]
    exception: NotRequired[str]
    message: NotRequired[str]


class Messages(TypedDict):
    """``chr.readConsoleMessages``: the messages that match, how many the buffer holds,
    how many it dropped, and how many ``clear`` removed."""

    messages: list[Message]
    matched: int
    buffered: int
    dropped: int
    note: NotRequired[str]
    cleared: NotRequired[int]


class Batch(TypedDict):
    """``chr.console`` (topic ``console``): new messages, and the drops so far."""

    messages: list[Message]
    dropped: int
