"""The probe imports nothing on its own threads while the app runs.

An import changes ``sys.modules``; on another thread it can do so in the middle of any
loop of the app's over it. PySide6's first ``from __feature__ import`` is such a loop (it
reads each module's source in it), and a snake_case app under ``qtmcp launch`` died of
"dictionary changed size during iteration" as the transport thread imported websockets
for the first client (tests/realapps/test_features.py). So what the transport, the
picture threads and the live view's encoder import comes in on the GUI thread, between
the app's events. Checked with a finder on the app's ``sys.meta_path``
(tests/support/import_spy) that notes every import made off the main thread, through a
session that makes each of them work for the first time.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.support.app import start_demo

SPY = Path(__file__).resolve().parents[1] / "support" / "import_spy"


def test_the_probe_imports_nothing_off_the_gui_thread(tmp_path: Path) -> None:
    log = tmp_path / "imports.log"
    path = os.pathsep.join(p for p in (str(SPY), os.environ.get("PYTHONPATH", "")) if p)
    app = start_demo(launch=True, env={"PYTHONPATH": path, "QTMCP_IMPORT_SPY": str(log)})
    try:
        agent = app.client("agent", "agent")  # the first client: the transport's library
        agent.call("chr.readPage")
        for fmt in ("jpeg", "png"):  # the picture threads' encoders
            shot = agent.call("qt.ui.screenshot", {"format": fmt})
            assert shot["data"]
        agent.call("chr.computer", {"action": "screenshot"})
        viewer = app.client("viewer", "inspector")  # the live view's encoder thread
        viewer.call("probe.frames.start", {"maxFps": 20, "format": "jpeg"})
        assert viewer.wait_notification("probe.frame", timeout=15)["data"]
        viewer.call("probe.frames.stop")
        assert app.alive()
    finally:
        app.stop()
    assert log.read_text() == ""
