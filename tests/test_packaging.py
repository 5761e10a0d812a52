"""A non-editable install must ship every runtime resource (demo app, icons, styles)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIP = {"__pycache__"}


def runtime_files() -> set[str]:
    """Every file under the shipped packages that the code may load at run time."""
    found: set[str] = set()
    for package in ("probe", "inspector", "resources"):
        base = ROOT / package
        if not base.is_dir():
            continue
        for path in base.rglob("*"):
            if path.is_file() and not SKIP & set(path.parts) and path.suffix != ".pyc":
                found.add(path.relative_to(ROOT).as_posix())
    return found


def test_wheel_contains_every_runtime_file(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    (wheel,) = tmp_path.glob("qtmcp-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = runtime_files() - names
    assert not missing, f"not in the wheel: {sorted(missing)}"
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    scripts = zipfile.ZipFile(wheel).read(entry).decode()
    assert "qtmcp = probe.cli:main" in scripts
