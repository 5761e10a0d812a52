#!/usr/bin/env bash
# Build the standalone inspector with PyInstaller and prove the binary starts.
#   packaging/build.sh [OUT]        (default OUT: /tmp/qtmcp-pyi; nothing is written
#                                    into the repository)
# Needs PyInstaller in the Python used (not a dev dependency: pip install pyinstaller).
# PYTHON selects that Python (default: .venv/bin/python, else python3).
# Smoke runs, offscreen, each exits by itself:
#   1. --version;
#   2. a sample .qtmcp-session file opened in the player and saved as a picture
#      (Qt, its plugins and the inspector's own modules load from the bundle);
#   3. --snapshot of a live demo app (qasync, websockets, pyqtgraph, every pane).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-/tmp/qtmcp-pyi}"
PYTHON="${PYTHON:-$ROOT/.venv/bin/python}"
[ -x "$PYTHON" ] || PYTHON=python3
cd "$ROOT"

export QT_QPA_PLATFORM=offscreen  # the analysis imports Qt modules
start=$(date +%s)
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$OUT/dist" --workpath "$OUT/build" packaging/qtmcp-inspector.spec
echo "build: $(( $(date +%s) - start )) s, $(du -sh "$OUT/dist/qtmcp-inspector" | cut -f1)"

BIN="$OUT/dist/qtmcp-inspector/qtmcp-inspector"
"$BIN" --version

"$PYTHON" - "$OUT/sample" <<'PY'
import os
import sys
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"
sys.path.insert(0, "tests")
from PySide6.QtGui import QGuiApplication  # noqa: E402

app = QGuiApplication([])
from test_packaging import sample_session  # noqa: E402

print(sample_session(Path(sys.argv[1]).parent))
PY
"$BIN" --snapshot "$OUT/player.png" "$OUT/sample.qtmcp-session"

"$PYTHON" -m resources.demo_app --probe &
DEMO=$!
trap 'kill $DEMO 2>/dev/null || true' EXIT
"$PYTHON" -c "import sys; from probe.launcher.launch import wait_for_probe; wait_for_probe(int(sys.argv[1]), 30)" "$DEMO"
"$BIN" --snapshot "$OUT/inspector.png" --pid "$DEMO"
echo "smoke: ok ($OUT/player.png, $OUT/inspector.png)"
