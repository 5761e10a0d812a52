"""``chr.fileChooser``: the files given to an open file dialog."""

from probe.wire._typing import TypedDict


class Chosen(TypedDict):
    dialog: str
    mode: str
    paths: list[str]
