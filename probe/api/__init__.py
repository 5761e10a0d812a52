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

Every module in this package is imported, so a new family needs no edit here.
"""

import importlib
import pkgutil

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")
