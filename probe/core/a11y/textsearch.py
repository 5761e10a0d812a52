"""Whether a text shows in the app: the names and values of the walked elements searched.

What ``chr.waitFor`` checks for text appearing or going away, as Playwright's
``text`` / ``textGone``: a case-insensitive match of a part of an element's name or value
(white space runs count as one space), in every open window and popup unless one window
is named. GUI thread.
"""

from __future__ import annotations

import re
from typing import Any

from probe.core.a11y import popups
from probe.core.a11y import windows as wins
from probe.core.a11y.walk import walker_for

_SPACE = re.compile(r"\s+")
#: Matching texts reported back (enough to tell which element matched).
SHOW = 3


def normal(text: str) -> str:
    """``text`` as it is compared: case folded, white space runs as one space."""
    return _SPACE.sub(" ", text).strip().casefold()


def searched_windows(window: Any | None) -> list[Any]:
    """``window``, or every window, dialog and open popup (a menu, a combo box's list)."""
    if window is not None:
        return [window]
    return [*wins.windows(), *popups.open_popups()]


def find_text(text: str, windows: list[Any]) -> list[str]:
    """Names and values (up to ``SHOW``) in ``windows`` that contain ``text``."""
    wanted = normal(text)
    found: list[str] = []
    for window in windows:
        for node in walker_for(window).walk().iter():
            for shown in (node.name, node.value):
                if shown and wanted in normal(shown):
                    found.append(shown)
                    if len(found) >= SHOW:
                        return found
    return found
