"""No dead code: every definition in probe/, inspector/ and tests/ is used (vulture).

Names vulture cannot see used are listed once here, each for a reason: Qt calls the
virtual overrides, pytest calls fixtures and reads ``pytestmark``, the api's ``@method``,
the inspector's ``@register_pane``, the conformance suites' ``@row`` and PySide's
``@QmlElement`` register what they decorate, the test apps' control channel dispatches
``_cmd_*`` by name, pytest calls its ``pytest_*`` hooks. ``probe/wire/`` is left out: its
TypedDict keys are the protocol's answers (published in ``qt.schema`` and checked against
every answer the suite gets), used by clients in any language, not only by Python code here.
"""

from __future__ import annotations

import subprocess
import sys

from tests.support.app import ROOT

#: Decorators that register the function they decorate (it is called by name).
REGISTERING = ("@method", "@on_start", "@Slot", "@property", "@*.setter", "@http_route",
               "@*.fixture", "@pytest.fixture", "@register_pane", "@asyncSlot", "@row", "@*.row",
               "@QmlElement")
#: Names something outside Python's call graph uses: Qt's virtual functions and their
#: arguments, pytest's fixtures and marks, attributes set for another library to read,
#: references held only to keep an object alive, attributes read back with getattr, Qt
#: properties read by name, the data model's hooks (the Qt Widgets stand-ins' metaclass).
USED_ELSEWHERE = (
    "eventFilter", "paintEvent", "resizeEvent", "filterAcceptsRow", "source_parent",
    "stepEnabled", "stepBy", "validate", "dragEnterEvent", "dragMoveEvent", "dropEvent",
    "lastAction", "__getattr__", "__call__",
    "row_count", "column_count", "header_data",  # Qt's virtuals spelt snake_case (features_app)
    "pytestmark", "aloop", "gate_on", "_cmd_*", "__signature__", "build_main_window",
    "shadow_window", "qml_item", "__class__", "pytest_*",
    "QML_IMPORT_NAME", "QML_IMPORT_MAJOR_VERSION", "caption",  # read by QmlElement, QML
)


def test_no_unused_definitions() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vulture", "probe", "inspector", "tests",
         "--min-confidence", "60", "--exclude", ".venv,tests/artifacts,probe/wire",
         "--ignore-decorators", ",".join(REGISTERING),
         "--ignore-names", ",".join(USED_ELSEWHERE)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert out.returncode in (0, 3), out.stderr  # 3: vulture found dead code
    assert not out.stdout.strip(), "unused code (remove it, or say here why it is used):\n" \
        + out.stdout
