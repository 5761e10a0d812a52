"""The fixtures of the third-party and quirks apps; starting them is
:mod:`tests.support.realapp`. Every app started here is checked for probe faults when it
stops (:mod:`tests.support.faultgate`)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.bootstrap import runtime
from tests.support import faultgate, qtkinds
from tests.support.prereq import need
from tests.support.realapp import RealApp, start

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="package", autouse=True)
def _probe_fault_gate() -> Iterator[None]:
    yield from faultgate.gate()


@pytest.fixture(scope="module")
def quirks() -> Iterator[RealApp]:
    yield from start(str(HERE / "quirks_app.py"))


@pytest.fixture(scope="module")
def quirks_qml() -> Iterator[RealApp]:
    yield from start(str(HERE / "quirks_qml.py"))


@pytest.fixture(scope="module")
def finance() -> Iterator[RealApp]:
    """ferrous-cat-finance, run from a copy of its folder (it opens its database there)."""
    spec = importlib.util.find_spec("ferrous_cat_finance")
    if spec is None or spec.origin is None or importlib.util.find_spec("fpdf") is None:
        pytest.skip("ferrous-cat-finance is not installed (pip install -e '.[realapps]')")
    work = Path(tempfile.mkdtemp(prefix="qtmcp-finance-")) / "app"
    shutil.copytree(Path(spec.origin).parent, work)
    yield from start(str(work / "financial_app.py"), cwd=work)


@pytest.fixture(scope="package")
def pyqt6_apps() -> dict[str, str]:
    """The environment that makes PyQt6 apps of them: the prepared PyQt6 and the pinned
    third-party PyQt6 apps (tests.support.qtkinds) on PYTHONPATH, and the PySide6 of PyQt6's
    Qt for the probe."""
    try:
        apps = qtkinds.pyqt6_apps_dir()
        folder = qtkinds.pyqt6_dir()
        runtime.prepare(qtkinds.PYQT6_QT)
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        need(f"PyQt6, its PySide6 and the PyQt6 apps from PyPI: {exc}")
    return {"QT_API": "pyqt6", "PYTHONPATH": f"{apps}{os.pathsep}{folder}",
            "APPS_BIN": str(apps / "bin")}
