"""An app that ends at the first single-shot timer anything else asks of it: ``qtmcp
attach`` schedules ``probe.install()`` so, and the app exits in the middle of the attach
(tests/probe/launcher/test_attach.py). Prints ``ready`` once its event loop runs."""

import sys
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel


def main() -> int:
    app = QApplication(sys.argv)
    label = QLabel("about to leave")
    label.show()
    real = QTimer.singleShot
    real(0, lambda: print("ready", flush=True))

    def single_shot(*_args: Any) -> None:
        real(0, app.quit)

    QTimer.singleShot = single_shot  # type: ignore[method-assign]
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
