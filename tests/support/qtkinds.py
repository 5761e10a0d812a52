"""What the tests of PyQt6 apps, C++ apps and other PySide6 releases need, prepared once.

Everything lands in ``.cache/qtmcp`` of this tree (ignored by git; ``QTMCP_CACHE`` points
there, see conftest.py): PySide6 runtimes (``qtmcp runtime``), PyQt6 in a folder of its
own (the main venv keeps only PySide6, so no third-party app picks PyQt6 by accident), the
third-party PyQt6 apps of tests/realapps/ in another, and the C++ form app built with
CMake against the system's Qt. ``.ci/run`` runs this file
before the tests (``python -m tests.support.qtkinds``), so CI downloads while nothing else runs;
the fixtures call the same functions and find everything ready.

Run alone it needs only the standard library and this tree's ``probe.launcher``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QTMCP_CACHE", str(ROOT / ".cache" / "qtmcp"))

from probe.bootstrap import qtrelease, runtime  # noqa: E402 - after the path above

#: PyQt6 and the Qt it ships (PyQt6-Qt6); the probe joins it with PySide6 of that release.
PYQT6 = "6.11.0"
PYQT6_QT = "6.11.2"
CPP_SOURCE = ROOT / "tests" / "apps" / "cppform"
CPP_QUICK_SOURCE = ROOT / "tests" / "apps" / "cppquick"
#: The Debian packages the C++ Qt Quick app builds and runs with (.ci/run installs them).
QUICK_PACKAGES = ("qt6-declarative-dev", "qml6-module-qtquick", "qml6-module-qtquick-controls",
                  "qml6-module-qtquick-dialogs", "qml6-module-qtquick-layouts",
                  "qml6-module-qtquick-window", "qml6-module-qtquick-templates",
                  "qml6-module-qtqml-workerscript", "qml6-module-qtqml-models",
                  "qml6-module-qt-labs-folderlistmodel", "qml6-module-qt-labs-qmlmodels",
                  "qml6-module-qtcore",
                  "qml6-module-qtquick-shapes")
#: Third-party PyQt6 apps of tests/realapps/ (and what they import), pinned: installed in
#: a folder of their own beside PyQt6's, without PyQt6 itself (``--no-deps``).
PYQT6_APPS = (
    "novelwriter==26.2.2", "pyenchant==3.3.0",
    "ReText==8.1.0", "Markups==4.1.1", "Markdown==3.11.3", "docutils==0.23",
    "python-markdown-math==0.9", "PyYAML==6.0.4",
    "vorta==0.11.6", "peewee==4.5.3", "SecretStorage==3.5.0", "jeepney==0.9.0",
)


class Missing(RuntimeError):
    """A system piece is missing; the message says what installs it."""


def pyqt6_dir() -> Path:
    """A folder with PyQt6 (on ``PYTHONPATH`` it makes a PyQt6 app of any script)."""
    target = runtime.cache_dir() / "pyqt6" / PYQT6_QT
    if (target / "PyQt6" / "QtCore.abi3.so").is_file():
        return target
    partial = target.with_name(f"{PYQT6_QT}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    run = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-warn-conflicts",
                          "--disable-pip-version-check", "--target", str(partial),
                          f"PyQt6=={PYQT6}", f"PyQt6-Qt6=={PYQT6_QT}"],
                         capture_output=True, text=True)
    if run.returncode != 0:
        shutil.rmtree(partial, ignore_errors=True)
        raise Missing(f"pip could not install PyQt6 {PYQT6}: {run.stderr.strip()[-300:]}")
    partial.rename(target)
    return target


def pyqt6_apps_dir() -> Path:
    """A folder with the PyQt6 apps of PYQT6_APPS (on ``PYTHONPATH`` before
    :func:`pyqt6_dir`; each is started by its script in ``bin/``)."""
    tag = hashlib.sha1(" ".join(PYQT6_APPS).encode()).hexdigest()[:12]
    target = runtime.cache_dir() / "pyqt6-apps" / tag
    if (target / "bin").is_dir():
        return target
    partial = target.with_name(f"{tag}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    run = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-warn-conflicts",
                          "--disable-pip-version-check", "--no-deps", "--target",
                          str(partial), *PYQT6_APPS], capture_output=True, text=True)
    if run.returncode != 0:
        shutil.rmtree(partial, ignore_errors=True)
        raise Missing(f"pip could not install the PyQt6 apps: {run.stderr.strip()[-300:]}")
    partial.rename(target)
    return target


def _build_dir(source: Path) -> Path:
    """``<cache>/<app>-build``, unless another checkout's tree configured that one (CMake
    refuses a build folder made from another source folder): then one of this tree's."""
    build = runtime.cache_dir() / f"{source.name}-build"
    cache = build / "CMakeCache.txt"
    if not cache.is_file() or f"_SOURCE_DIR:STATIC={source}\n" in cache.read_text(
            encoding="utf-8", errors="replace"):
        return build
    digest = hashlib.sha1(str(source).encode()).hexdigest()[:8]
    return build.with_name(f"{build.name}-{digest}")


def _cmake(source: Path, build: Path, packages: str) -> None:
    missing = [tool for tool in ("cmake", "c++") if shutil.which(tool) is None]
    if missing:
        raise Missing(f"the C++ app needs {', '.join(missing)} and Qt 6's headers: "
                      f"apt-get install cmake g++ {packages}")
    steps = [["cmake", "-S", str(source), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release"],
             ["cmake", "--build", str(build), "-j2"]]
    for step in steps:
        run = subprocess.run(step, capture_output=True, text=True)
        if run.returncode != 0:
            raise Missing(f"building {source.name} failed ({' '.join(step[:2])}); are Qt 6's "
                          f"development packages installed (apt-get install {packages})?\n"
                          + (run.stdout + run.stderr)[-1500:])


def cpp_app() -> Path:
    """The C++ form app, built (once) with CMake against the system's Qt 6."""
    build = _build_dir(CPP_SOURCE)
    _cmake(CPP_SOURCE, build, "qt6-base-dev")
    return build / "cppform"


def cpp_quick_apps() -> dict[str, Path]:
    """The C++ Qt Quick app, built (once) against the system's Qt 6: ``gui`` on
    QGuiApplication (no Qt Widgets in the process), ``widgets`` on QApplication."""
    build = _build_dir(CPP_QUICK_SOURCE)
    _cmake(CPP_QUICK_SOURCE, build, " ".join(QUICK_PACKAGES))
    return {"gui": build / "cppquick", "widgets": build / "cppquick-widgets"}


def cpp_release(binary: Path) -> str:
    core = qtrelease.linked_core(binary)
    if core is None:
        raise Missing(f"{binary} links no libQt6Core")
    return qtrelease.library_release(core)


def prepare_all() -> None:
    """Everything, in the order CI wants it (downloads first)."""
    pyqt6_dir()
    pyqt6_apps_dir()
    runtime.prepare(PYQT6_QT)
    runtime.prepare(cpp_release(cpp_app()))
    cpp_quick_apps()


if __name__ == "__main__":
    if sys.argv[1:] == ["--packages"]:  # for .ci/run's apt-get: the one list
        print(" ".join(QUICK_PACKAGES))
        sys.exit(0)
    try:
        prepare_all()
    except (Missing, runtime.PrepareError) as exc:
        print(f"tests.support.qtkinds: {exc}", file=sys.stderr)
        sys.exit(1)
    print(f"tests.support.qtkinds: ready in {runtime.cache_dir()}")
