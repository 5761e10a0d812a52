"""An app that installs the probe only when told: its pid is known before the probe
writes anything (tests/probe/test_private.py plants files under that pid first).

stdin ``go``: make the QApplication, ``probe.install()``, print ``ready <json>`` (the
tokens and the discovery file, so a test can look for them where they must not be);
``quit``: leave the event loop.
"""

from __future__ import annotations

import json
import sys
import threading

from PySide6.QtCore import QMetaObject, Qt
from PySide6.QtWidgets import QApplication, QLabel


def main() -> int:
    if sys.stdin.readline().strip() != "go":
        return 2
    app = QApplication(sys.argv)
    app.setApplicationName("gated")
    label = QLabel("gated")
    label.show()
    import probe

    p = probe.install()
    assert p is not None
    print("ready " + json.dumps({"token": p.tokens.client, "inspector_token": p.tokens.inspector,
                                 "path": p.info.path if p.info else None}), flush=True)

    def wait_quit() -> None:
        sys.stdin.readline()
        QMetaObject.invokeMethod(app, "quit", Qt.ConnectionType.QueuedConnection)

    threading.Thread(target=wait_quit, daemon=True).start()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
