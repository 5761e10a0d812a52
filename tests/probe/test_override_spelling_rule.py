"""Every Qt virtual the probe overrides carries both spellings (``probe/overrides.py``).

In an app that chose PySide6's snake_case, Qt looks up an override such as
``eventFilter`` as ``event_filter``: a probe class without :func:`every_spelling` is never
called there (its event filter was dead, so change reports said "no visible change" and
the live view sent no frame; tests/realapps/test_features.py). This reads every module of
the probe and fails on a class made from a Qt class (a base named ``Q…``) that defines a
public camelCase method without the decorator.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

PROBE = Path(__file__).resolve().parents[2] / "probe"
_CAMEL = re.compile(r"^[a-z]+[A-Z]")


def _base_names(node: ast.ClassDef) -> list[str]:
    return [b.id if isinstance(b, ast.Name) else b.attr if isinstance(b, ast.Attribute) else ""
            for b in node.bases]


def _undecorated() -> list[str]:
    out = []
    for path in sorted(PROBE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.ClassDef) or \
                    not any(n.startswith("Q") for n in _base_names(node)):
                continue
            camel = [f.name for f in node.body
                     if isinstance(f, ast.FunctionDef) and _CAMEL.match(f.name)]
            marked = any(isinstance(d, ast.Name) and d.id == "every_spelling"
                         for d in node.decorator_list)
            if camel and not marked:
                out.append(f"{path.relative_to(PROBE.parent)}: {node.name} ({', '.join(camel)})")
    return out


def test_every_qt_override_of_the_probe_has_both_spellings() -> None:
    assert _undecorated() == []


def test_the_rule_sees_the_classes_it_is_about() -> None:
    """The eight event filters (the rule would pass vacuously if it found no class)."""
    marked = [path for path in PROBE.rglob("*.py") if "@every_spelling" in path.read_text()]
    assert len(marked) >= 8
