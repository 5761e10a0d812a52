"""The skill: ``qtmcp skill`` prints a SKILL.md an agent can follow, and following its
example literally on the demo does what it says.

The literal run starts the demo as the skill tells (``qtmcp demo --no-inspector``), runs
each ``$ qtmcp …`` line of the example as it is written, checks that every line the
example shows under a command is in what that command printed, and that the app holds
the values afterwards.
"""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe import discovery
from probe.agentcli.commands import COMMANDS
from probe.client import Client
from probe.wire.qt_properties import PropertyValue
from tests.support.agentcli import Cli, runtime_with
from tests.support.app import ROOT, wait_until
from tests.support.realapp import RealApp


@pytest.fixture(scope="module")
def cli() -> Iterator[Cli]:
    runner = Cli(runtime_with(), session="skill")
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def skill(cli: Cli) -> str:
    return cli.ok("skill")


def _example(skill: str) -> list[tuple[str, list[str]]]:
    """The example's commands, each with the lines it shows under it."""
    block = skill.split("## Example", 1)[1].split("```", 2)[1]
    steps: list[tuple[str, list[str]]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif line.strip() and steps:
            steps[-1][1].append(line.strip())
    return steps


def test_the_skill_has_what_an_agent_reads(skill: str, cli: Cli, tmp_path: Path) -> None:
    front = re.match(r"---\nname: (\S+)\ndescription: (.+)\n---\n", skill)
    assert front and front.group(1) == "qtmcp" and "Qt" in front.group(2)
    for part in ("## Commands", "## Rules", "## Example", "changes:", "unread",
                 "Read before acting", "REF_NOT_FOUND"):
        assert part in skill
    for name in COMMANDS:  # every command, with its arguments as the parser takes them
        assert f"- `qtmcp {name}" in skill
    written = Path(cli.ok("skill", "--install", str(tmp_path)).strip())
    assert written == tmp_path / "qtmcp" / "SKILL.md"
    assert written.read_text(encoding="utf-8") == skill


def test_the_skill_says_unread_as_the_cli_prints_it(skill: str) -> None:
    """On the app that plants raising controls (tests/apps/raising_app.py), the page the
    CLI prints marks them with the words rule 5 of the skill explains."""
    app = RealApp([str(ROOT / "tests" / "apps" / "raising_app.py")])
    cli = Cli(runtime_with(app.info), session="unread")
    try:
        wait_until(lambda: "Raising" in cli.run("tabs").out, 30, "the app's window")
        app.client().call("qt.methods.invoke", {"objectId": "raising", "method": "arm"})
        page = cli.ok("page", "--tab", "Raising")
    finally:
        cli.close()
        app.stop()
    for words in ("(unread: ", "unreadElements"):
        assert words in page, page
        assert words.strip() in skill.split("## Rules", 1)[1]


def test_the_readme_gives_the_skill_size_it_has(skill: str) -> None:
    said = re.search(r"the skill: about ([\d,]+) characters", (ROOT / "README.md").read_text())
    assert said, "README gives no size of the skill"
    assert int(said.group(1).replace(",", "")) == round(len(skill), -2), len(skill)


def test_following_the_example_literally_fills_the_demo_form(skill: str, cli: Cli) -> None:
    steps = _example(skill)
    assert [shlex.split(c)[1] for c, _ in steps] == ["page", "fill", "click"]
    demo = subprocess.Popen([sys.executable, "-m", "probe.cli", "demo", "--no-inspector"],
                            cwd=ROOT, env=cli.env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert demo.stderr is not None
        for line in demo.stderr:  # it says so once the app answers
            if "demo app pid" in line:
                break
        else:
            raise AssertionError(f"qtmcp demo did not start (exit {demo.wait()})")
        for command, shown in steps:
            words = shlex.split(command)
            assert words[0] == "qtmcp"
            out = cli.ok(*words[1:])
            lines = {line.strip() for line in out.splitlines()}
            missing = [s for s in shown if s not in lines]
            assert not missing, f"{command} printed:\n{out}\nbut the skill shows {missing}"
        info = discovery.list_probes(Path(cli.runtime))[0]
        with Client.connect(info.url, info.token, name="skill-check", role="test") as qt:
            def held(name: str, prop: str) -> object:
                return qt.call("qt.properties.get", {"objectId": name, "name": prop},
                               result=PropertyValue)["value"]

            assert held("nameEdit", "text") == "Ada" and held("ageSpin", "value") == 36
            assert held("termsCheck", "checked") is True
            assert held("statusLabel", "text") == "Submitted: Ada"
    finally:
        demo.send_signal(signal.SIGINT)  # as Ctrl+C: it stops its app
        try:
            demo.wait(30)
        except subprocess.TimeoutExpired:
            demo.kill()
        wait_until(lambda: not discovery.list_probes(Path(cli.runtime)), 30, "the demo gone")
