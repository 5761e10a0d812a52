"""The probe's methods (in the app): one module per method prefix, each declaring its methods
and calling core/; importing this package declares every method.

Where a method goes is in the file's name: ``qt_properties`` holds ``qt.properties.*``,
``chr_act`` the chr.* actions by ref, ``cu`` the ``cu.*`` methods, ``probe_gate`` the
``probe.gate.*`` methods. Families never import each other (an import-linter contract);
what they share lives in the ``_``-prefixed modules: the parameter vocabulary
(``_params``), the session's id and ref tables (``_session``), acting and settling
(``_act``), the pointer (``_pointer``), windows and pictures (``_screen``), waiting
(``_waiting``), the one action table (``_actions``), change reports (``_changes``), who may
call what (``_access``) and what the server is handed (``_hooks``).

:func:`declare_all` imports every module in this package, so a new family needs no edit
here. ``probe.install()`` has it run at the first call, not at start (a light start, #41:
the families and the core they use are most of the probe's start-up cost); only what must
watch the app from its start is imported then (:data:`FROM_START`).
"""

import importlib
import pkgutil

#: Families imported when the probe starts: the console capture sees every message.
FROM_START = ("chr_console",)


def declare_all() -> None:
    """Import every family: each declares its methods on the registry."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def declare_from_start() -> None:
    """Import the families that must run from the probe's start (:data:`FROM_START`)."""
    for name in FROM_START:
        importlib.import_module(f"{__name__}.{name}")
