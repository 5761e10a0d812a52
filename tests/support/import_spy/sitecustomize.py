"""Put on an app's PYTHONPATH by tests/probe/test_import_threads.py: writes each module a
thread other than the main one imports to the file ``QTMCP_IMPORT_SPY`` names, one
"thread<TAB>module" line each (the first import only: a module already imported is never
looked for again)."""

from __future__ import annotations

import os
import sys
import threading
from typing import Any

_PATH = os.environ.get("QTMCP_IMPORT_SPY")


class _Spy:
    """A finder that finds nothing: it only notes who looks."""

    def __init__(self, path: str) -> None:
        self._out = open(path, "w", buffering=1)  # kept open for the process's life

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        thread = threading.current_thread()
        if thread is not threading.main_thread():
            self._out.write(f"{thread.name}\t{name}\n")


if _PATH:
    sys.meta_path.insert(0, _Spy(_PATH))
