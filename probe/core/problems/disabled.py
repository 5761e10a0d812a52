"""Disabled controls that do not say why: a user (and an agent) cannot tell what to do."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from probe.core import faults
from probe.core.problems.scan import CONTROLS, Problem, Scan, explicitly_disabled, in_control

KIND = "disabled_without_reason"


def check(scan: Scan) -> list[Problem]:
    return faults.each([w for w, _ in scan.widgets], _one)


def _one(w: QWidget) -> Problem | None:
    if QWidget.isEnabled(w) or not isinstance(w, CONTROLS) or not explicitly_disabled(w):
        return None
    if in_control(w) or QWidget.toolTip(w) or QWidget.statusTip(w) or QWidget.whatsThis(w):
        return None
    return Problem(KIND, w, f"{type(w).__name__} is disabled and nothing says why",
                   "set a tool tip saying what enables it, or hide it")
