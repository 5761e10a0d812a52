"""The agent skill: ``qtmcp skill`` prints SKILL.md, ``--install DIR`` writes it.

The text is ``skill.md`` beside this module, with the command list made from the
commands' own rows (:data:`probe.agentcli.commands.COMMANDS`), so the skill names every
command with the arguments it takes now. Its example is run literally by a test.
"""

from __future__ import annotations

import sys
from pathlib import Path

from probe.agentcli.commands import COMMANDS

#: The folder the skill takes in an agent's skills folder (``DIR/qtmcp/SKILL.md``).
NAME = "qtmcp"


def command_list() -> str:
    """One line per command: its usage, then what it does."""
    lines = [f"- `{c.usage()}`: {c.summary}" for c in COMMANDS.values()]
    return "\n".join(lines)


def text() -> str:
    """SKILL.md as an agent reads it."""
    template = Path(__file__).with_name("skill.md").read_text(encoding="utf-8")
    return template.replace("{commands}", command_list())


def install(folder: str) -> Path:
    """Write ``folder/qtmcp/SKILL.md``; the path written."""
    target = Path(folder).expanduser() / NAME / "SKILL.md"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text(), encoding="utf-8")
    return target


def command(folder: str | None) -> int:
    """``qtmcp skill [--install DIR]``."""
    if folder is None:
        sys.stdout.write(text())
        return 0
    try:
        path = install(folder)
    except OSError as exc:
        print(f"qtmcp skill: cannot write the skill in {folder}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    print(path)
    return 0
