"""``chr.waitFor``: text appeared (or went), or the page settled."""

from probe.wire._typing import NotRequired, TypedDict

#: The text that went ("text_gone" is no identifier: the functional form declares it).
Gone = TypedDict("Gone", {"text_gone": list[str]}, total=False)


class Waited(Gone):
    ok: bool
    waitedMs: int
    text: NotRequired[list[str]]
    changes: NotRequired[str]
