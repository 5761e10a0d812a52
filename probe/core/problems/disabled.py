"""Disabled controls that do not say why: a user (and an agent) cannot tell what to do."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from probe.core.problems.scan import CONTROLS, Problem, Scan, explicitly_disabled, in_control

KIND = "disabled_without_reason"


def check(scan: Scan) -> list[Problem]:
    out = []
    for w, _ in scan.widgets:
        if QWidget.isEnabled(w) or not isinstance(w, CONTROLS) or not explicitly_disabled(w):
            continue
        if in_control(w):
            continue
        if QWidget.toolTip(w) or QWidget.statusTip(w) or QWidget.whatsThis(w):
            continue
        out.append(Problem(KIND, w, f"{type(w).__name__} is disabled and nothing says why",
                           "set a tool tip saying what enables it, or hide it"))
    return out
