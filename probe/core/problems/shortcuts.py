"""Shortcuts that collide: two enabled actions or QShortcuts with the same keys, active in
the same place (the rule: :mod:`probe.core.data.actions`). Qt then fires neither
("Ambiguous shortcut overload").
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from probe.core import faults
from probe.core.data.actions import collisions, label
from probe.core.problems.scan import Problem, Scan

KIND = "duplicate_shortcut"


def check(scan: Scan) -> list[Problem]:
    return faults.each(scan.windows, lambda win: _window(win, scan))


def _window(win: QWidget, scan: Scan) -> list[Problem]:
    found = collisions(win, scan.below(win))
    return [Problem(KIND, owner, f"{key} is also the shortcut of "
                    f"{', '.join(label(o) for o in others)} where this one is active",
                    "give each a different key sequence (Qt fires none of an ambiguous "
                    "pair)", {"keys": key}) for key, owner, others in found]
