"""README's layout map names every folder and top-level module of the tree, so a newcomer
finds where things are (and a new folder cannot be added without saying what it holds)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _layout() -> str:
    """The code block of README's Development › Layout item."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("- Layout:")
    block = re.search(r"```\n(.*?)```", text[start:], re.S)
    assert block is not None, "README's Layout item has no code block"
    return block.group(1)


def _entries(layout: str) -> dict[str, set[str]]:
    """Folder path (``probe/core``) -> the names the map lists under it."""
    out: dict[str, set[str]] = {"": set()}
    stack: list[tuple[int, str]] = []
    for line in layout.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        names: list[str] = []
        for word in line.split():  # the names lead the line: folders/ and modules.py
            if not re.fullmatch(r"[\w.]+(/|\.py)", word):
                break
            names.append(word)
        if not names:
            continue  # a description's second line
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        for name in names:
            out.setdefault(parent, set()).add(name.rstrip("/"))
        if len(names) == 1 and names[0].endswith("/"):
            path = f"{parent}/{names[0].rstrip('/')}".lstrip("/")
            out.setdefault(path, set())
            stack.append((indent, path))
    return out


def _folders(path: Path) -> set[str]:
    return {p.name for p in path.iterdir()
            if p.is_dir() and not p.name.startswith((".", "_")) and p.name != "shim"
            and any(p.rglob("*.py"))}


def test_the_layout_names_every_folder_and_module() -> None:
    listed = _entries(_layout())
    missing: list[str] = []
    for folder in ("probe", "probe/core", "inspector", "tests"):
        names = listed.get(folder, set())
        for name in sorted(_folders(ROOT / folder)):
            if name not in names:
                missing.append(f"{folder}/{name}/")
    for module in sorted((ROOT / "probe").glob("*.py")):
        if module.name != "__init__.py" and module.name not in listed.get("probe", set()):
            missing.append(f"probe/{module.name}")
    for top in ("probe", "inspector", "resources", "tests", "packaging"):
        if top not in listed[""]:
            missing.append(f"{top}/")
    assert not missing, f"README's layout map does not name: {', '.join(missing)}"


def test_contributing_points_at_files_that_exist() -> None:
    """Every file CONTRIBUTING.md says to copy or to edit is there."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    paths = {p for p in re.findall(r"`((?:probe|inspector|tests|resources)/[\w/.]+)`", text)
             if "<" not in p}
    assert len(paths) > 20
    missing = sorted(p for p in paths if not (ROOT / p).exists())
    assert not missing, f"CONTRIBUTING.md names files that are not there: {missing}"
