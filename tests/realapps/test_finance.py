"""A finance app from PyPI (ferrous-cat-finance: SQLite ledgers, date edits, combo boxes),
unmodified, run from a copy of its folder (it opens its database there).

Its habit: at import it makes a throwaway ``QGuiApplication`` to measure the screen and
shuts it down (``QCoreApplication.shutdown()`` deletes every QObject), then makes its real
``QApplication``. The probe, installed when the app imported Qt, loses its GUI-thread
executor's receiver with it; the executor makes a new one for the new application (before,
every call was APP_BUSY, then OBJECT_STALE).
"""

from __future__ import annotations

import importlib.util
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.realapps import tasks
from tests.support.realapp import RealApp, start, wait_for_window


@pytest.fixture(scope="module")
def finance() -> Iterator[RealApp]:
    spec = importlib.util.find_spec("ferrous_cat_finance")
    if spec is None or spec.origin is None or importlib.util.find_spec("fpdf") is None:
        pytest.skip("ferrous-cat-finance is not installed (pip install -e '.[realapps]')")
    work = Path(tempfile.mkdtemp(prefix="qtmcp-finance-")) / "app"
    shutil.copytree(Path(spec.origin).parent, work)  # its database lives beside its code
    yield from start(str(work / "financial_app.py"), cwd=work)


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
