"""Where the elements of a page read were made: ``ref`` -> ``file:line``.

chr.readPage with ``source: true`` adds this map, so a coding agent goes from ``ref_12``
to ``app/forms.py:88`` in the read it already made. An element without an object of its
own (an item-view row, a tab of a tab bar) takes its widget's source, and one Qt made as
a part of another (a menu's entry, a spin box's editor) the line that made that other
(``near``); one with neither is left out. Paths under the app's working folder are
relative. GUI thread.
"""

from __future__ import annotations

import os
import re
from typing import Any

from probe.core.a11y.identity.refs import RefTable
from probe.core.errors import QtError
from probe.core.objects.idtable import IdTable
from probe.core.qml.sources import short, source_of

_REF = re.compile(r"\bref_\d+\b")


def _refs_in(page: dict[str, Any]) -> list[str]:
    """The refs an answer shows, in order: in its text outline, or as ``ref`` keys of its
    nodes (readPage's json tree, chr.find's matches)."""
    if "text" in page:
        return list(dict.fromkeys(_REF.findall(page["text"])))
    found: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ref = node.get("ref")
            if isinstance(ref, str):
                found.append(ref)
            for value in node.values():
                if isinstance(value, (dict, list)):
                    walk(value)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(page.get("tree") if "tree" in page else page.get("matches"))
    return list(dict.fromkeys(found))


def sources(page: dict[str, Any], refs: RefTable, ids: IdTable) -> dict[str, str]:
    """``{ref: "file:line"}`` for the refs of a chr.readPage or chr.find answer whose
    source is known."""
    root = os.getcwd()
    out: dict[str, str] = {}
    for ref in _refs_in(page):
        try:
            element = refs.element_of(ref, ids)
        except QtError:  # gone since the read
            continue
        source = source_of(element.obj or element.widget)
        where = short(source, root) or short(source.get("near") or {}, root)
        if where:
            out[ref] = where
    return out
