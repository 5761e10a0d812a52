"""An app whose Qt application lasts less than its process (tests/probe/server/test_lifetime.py).

``--twice``: one QApplication whose event loop runs twice, a login window, then the main
window. ``--remake``: the first application is shut down (``QCoreApplication.shutdown()``
deletes every QObject) and a new one made for the main window. ``--pause-before`` /
``--pause-between``: wait for a line on stdin (no event loop running) after the
application is made / between the two loops; ``--pause-in-extension``: as
``--pause-before``, inside a call that turns an exception into another error.
``--refuse-quit``: as qtconsole and Vorta: the main window ignores its close event (it
would ask "close?"), and a thread that never ends holds the interpreter's exit.
``--probe`` installs the probe first (else run it with ``qtmcp launch``).

stdin: a line ends the event loop that runs now. stdout: ``loop N`` once loop N runs,
``paused`` when it waits, ``done`` at the end.
"""

from __future__ import annotations

import os
import sys
import threading

from PySide6.QtCore import QCoreApplication, QSocketNotifier, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

if "--probe" in sys.argv:
    import probe

    probe.install()


def say(text: str) -> None:
    print(text, flush=True)


def pause() -> None:
    """Wait for a line with no event loop running (a login check, a slow start)."""
    say("paused")
    os.read(0, 4096)


def pause_in_extension() -> None:
    """Pause as --pause-before does, inside a call that turns what is raised in it into
    another error, as a C extension may (shiboken making a lazy class: "returned a result
    with an exception set")."""
    try:
        pause()
    except BaseException as exc:
        raise SystemError("<built-in function getattr> returned a result with an "
                          "exception set") from exc


class _Refusing(QWidget):
    """A window that never agrees to close (its "close?" question goes unanswered)."""

    def closeEvent(self, event: QCloseEvent) -> None:
        event.ignore()


def run_loop(n: int, name: str) -> None:
    """Show a window named ``name`` with a field ``<name>Field``; run the event loop until a
    line comes on stdin."""
    app = QCoreApplication.instance()
    assert isinstance(app, QApplication)
    window = (_Refusing if "--refuse-quit" in sys.argv else QWidget)(objectName=name)
    window.setWindowTitle(name)
    QVBoxLayout(window).addWidget(QLineEdit(window, objectName=f"{name}Field"))
    window.show()
    line = QSocketNotifier(0, QSocketNotifier.Type.Read, window)
    line.activated.connect(lambda: (os.read(0, 4096), app.quit()))
    QTimer.singleShot(0, lambda: say(f"loop {n}"))
    app.exec()
    window.close()
    window.deleteLater()


def main() -> int:
    app = QApplication(sys.argv)
    if "--refuse-quit" in sys.argv:
        threading.Thread(target=threading.Event().wait, name="never-ends").start()
    if "--pause-before" in sys.argv:
        pause()
    if "--pause-in-extension" in sys.argv:
        pause_in_extension()
    run_loop(1, "login")
    if "--pause-between" in sys.argv:
        pause()
    if "--remake" in sys.argv:
        app.shutdown()
        del app
        app = QApplication(sys.argv)
    run_loop(2, "main")
    say("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
