"""The demo app with 10,000 more resources (under :/crowd) and a picture too large to
decode (:/huge.png), compiled into a .rcc the app registers at its start: for the
resource tests and bench_resources.py; and the bytes of a resource as this process reads it."""

from __future__ import annotations

import os
import struct
import subprocess
import zlib
from pathlib import Path

import PySide6
from PySide6.QtCore import QFile, QIODevice
from PySide6.QtWidgets import QStyleFactory

from tests.support.app import ROOT, DemoApp, start_demo

#: PySide6's own rcc (its pyside6-rcc writes Python, never a binary resource file).
RCC = Path(PySide6.__file__).parent / "Qt" / "libexec" / "rcc"
#: Files in the crowded folder (an app with 10,000 resources must page, not freeze).
CROWD = 10_000
#: The picture's size: past the bound a preview decodes.
HUGE = 20_000

APP = """
import os
import sys

from PySide6.QtCore import QResource

from resources import demo_app

assert QResource.registerResource(os.environ["QTMCP_EXTRA_RCC"])
sys.exit(demo_app.main())
"""


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def huge_png(width: int = HUGE, height: int = HUGE) -> bytes:
    """A small PNG file that says it is ``width`` x ``height`` (never decoded whole)."""
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"\0" * 10)) + _chunk(b"IEND", b""))


def crowd_rcc(folder: Path) -> Path:
    """10,000 small files under :/crowd and :/huge.png, compiled into ``folder``."""
    crowd = folder / "crowd"
    crowd.mkdir()
    for i in range(CROWD):
        (crowd / f"f{i:05}.txt").write_text(f"file {i}\n", encoding="utf-8")
    (folder / "huge.png").write_bytes(huge_png())
    files = "".join(f"<file>crowd/f{i:05}.txt</file>" for i in range(CROWD))
    (folder / "extra.qrc").write_text(
        f'<RCC><qresource prefix="/">{files}<file>huge.png</file></qresource></RCC>',
        encoding="utf-8")
    out = folder / "extra.rcc"
    subprocess.run([str(RCC), "-binary", "-no-compress", str(folder / "extra.qrc"), "-o",
                    str(out)], check=True, cwd=folder)
    return out


def start_resources_demo(folder: Path) -> DemoApp:
    """The demo registering :func:`crowd_rcc`'s resources (module written into ``folder``)."""
    (folder / "qtmcp_res_demo.py").write_text(APP, encoding="utf-8")
    rcc = crowd_rcc(folder)
    path = os.pathsep.join(p for p in (str(folder), str(ROOT), os.environ.get("PYTHONPATH"))
                           if p)
    return start_demo(module="qtmcp_res_demo",
                      env={"PYTHONPATH": path, "QTMCP_EXTRA_RCC": str(rcc)})


def qt_resource_bytes(path: str) -> bytes:
    """The bytes this process's Qt reads at ``path``: Qt's own resources live in the Qt
    libraries this process loads too (QtWidgets' are registered once it is used)."""
    QStyleFactory.keys()
    f = QFile(path)
    assert f.open(QIODevice.OpenModeFlag.ReadOnly), path
    try:
        return bytes(f.readAll().data())
    finally:
        f.close()
