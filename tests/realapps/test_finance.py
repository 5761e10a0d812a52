"""A finance app from PyPI (ferrous-cat-finance: SQLite ledgers, date edits, combo boxes),
unmodified, run from a copy of its folder (it opens its database there).

Its habit: at import it makes a throwaway ``QGuiApplication`` to measure the screen and
shuts it down (``QCoreApplication.shutdown()`` deletes every QObject), then makes its real
``QApplication``. The probe, installed when the app imported Qt, loses its GUI-thread
executor's receiver with it; the executor makes a new one for the new application (before,
every call was APP_BUSY, then OBJECT_STALE).
"""

from __future__ import annotations

from tests.realapps import tasks
from tests.support.realapp import RealApp, wait_for_window


def test_the_probe_survives_a_throwaway_application(finance: RealApp) -> None:
    qt = finance.client()
    page = wait_for_window(qt, timeout=20)
    assert page["interactive"] and 'button "Edit"' in page["text"]
    shot = qt.call("cu.screenshot", {})  # the new application's window, rendered
    assert shot["width"] > 100 and shot["data"]
    assert qt.call("qt.ping")["pong"] is True and finance.alive()


def test_random_actions(finance: RealApp) -> None:
    """A seeded random run (tasks.random_run), the app alive after."""
    qt = finance.client()
    wait_for_window(qt, timeout=20)
    tasks.random_run(qt, seed=35)
    assert finance.alive(), finance.output()
