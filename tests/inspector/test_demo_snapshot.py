"""``qtmcp demo --snapshot``: the demo app, the probe and the inspector, pictured offscreen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]


def test_demo_snapshot_writes_a_picture_of_the_filled_inspector(tmp_path: Path) -> None:
    out = tmp_path / "tmp.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "probe.cli", "demo", "--snapshot", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "snapshot: wrote" in done.stderr
    assert out.stat().st_size > 20_000  # a filled window, not a blank one
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1440, 900)
    # not one flat colour: sample a grid and expect many distinct pixels
    colours = {image.pixel(x, y) for x in range(0, 1440, 37) for y in range(0, 900, 29)}
    assert len(colours) > 20
    # the named panes were filled before the grab, not only "something was drawn"
    line = next(x for x in done.stderr.splitlines() if x.startswith("snapshot: content "))
    content = json.loads(line.removeprefix("snapshot: content "))
    assert content["liveView"] and min(content["liveView"]) > 50, content
    assert content["accessibilityRows"] > 0, content
    assert content["objectRows"] > 0, content
    assert content["properties"] > 5, content
    assert content["agentLogRows"] >= 5, content
    assert content["consoleRows"] >= 2, content
