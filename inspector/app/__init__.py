"""Start-up: ``qtmcp inspect``, ``qtmcp-inspector`` and ``python -m inspector`` run
:func:`main` (argument parsing, the Qt and asyncio loops, the window or a session's
player); ``--snapshot`` takes a picture instead (:mod:`inspector.app.picture`)."""

from inspector.app.start import main

__all__ = ["main"]
