"""The inspector's panes: one module per pane, each declared with ``@register_pane``.

Importing this package imports every module in it, so each pane registers itself: a new
pane is a new module here and needs no edit anywhere else (the main window places what
:func:`pane_classes` lists: tools in the tool list, details beside the object tools,
docks around them).
"""

import importlib
import pkgutil

from inspector.widgets.pane import Pane, registered

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")


def pane_classes() -> list[type[Pane]]:
    """Every pane: the tools in the tool list's order, then the details, then the docks."""
    return registered()
