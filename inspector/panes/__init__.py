"""The inspector's dock panes: one module per pane, each declared with ``@dock_pane``.

Importing this package imports every module in it, so each pane registers itself: a new
pane is a new module here and needs no edit anywhere else (the main window docks what
:func:`pane_classes` lists).
"""

import importlib
import pkgutil

from inspector.widgets.pane import Pane, registered

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")


def pane_classes() -> list[type[Pane]]:
    """Every pane, in View-menu order."""
    return registered()
