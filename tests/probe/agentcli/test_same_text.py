"""The CLI prints exactly what the MCP tool answers: the same calls through ``qtmcp mcp``
(the MCP SDK's client) and through ``qtmcp`` subcommands, on two fresh demo apps, read
the same characters, change reports and error answers included."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import mcp_types as types
import pytest

from tests.support.agentcli import Cli, runtime_with
from tests.support.app import DemoApp, start_demo
from tests.support.chrome import ref_in
from tests.support.mcp_session import McpSession


@pytest.fixture(scope="module")
def twins() -> Iterator[tuple[DemoApp, DemoApp]]:
    first, second = start_demo(), start_demo()
    yield first, second
    first.stop()
    second.stop()


def _task(say: Callable[[str, dict[str, object], tuple[str, ...]], tuple[bool, str]]
          ) -> list[tuple[bool, str]]:
    """The form task and a few reads and mistakes; ``say(tool, arguments, cli words)``."""
    out = [say("read_page", {"filter": "interactive"}, ("page", "--filter", "interactive"))]
    page = out[0][1]
    fields = [{"ref": ref_in(page, 'textbox "Name"'), "value": "Ada"},
              {"ref": ref_in(page, '"Age"'), "value": "36"},
              {"ref": ref_in(page, "I accept the terms"), "value": "true"}]
    submit = ref_in(page, 'button "Submit"')
    out += [
        say("find", {"query": "newsletter"}, ("find", "newsletter")),
        say("fill_form", {"fields": fields}, ("fill", "--json", json.dumps(fields))),
        say("form_input", {"ref": fields[0]["ref"], "value": "Grace"},
            ("fill", str(fields[0]["ref"]), "Grace")),
        say("computer", {"action": "left_click", "ref": submit}, ("click", submit)),
        say("computer", {"action": "left_click", "ref": "ref_99999"}, ("click", "ref_99999")),
        say("navigate", {"url": "No > Such > Menu"}, ("navigate", "No > Such > Menu")),
        say("get_page_text", {}, ("text",)),
        say("wait_for", {"text": "Submitted"}, ("wait", "--text", "Submitted")),
    ]
    return out


def test_the_cli_prints_what_the_mcp_tool_answers(twins: tuple[DemoApp, DemoApp]) -> None:
    by_mcp, by_cli = twins
    mcp = McpSession("--pid", str(by_mcp.pid), "--caps", "chrome,native")
    try:
        def through_mcp(tool: str, args: dict[str, object], words: tuple[str, ...]
                        ) -> tuple[bool, str]:
            result = mcp.call(tool, args)
            return bool(result.is_error), "\n".join(
                c.text for c in result.content if isinstance(c, types.TextContent))

        told = _task(through_mcp)
    finally:
        mcp.close()
    cli = Cli(runtime_with(by_cli.info), session="twin")
    try:
        def through_cli(tool: str, args: dict[str, object], words: tuple[str, ...]
                        ) -> tuple[bool, str]:
            run = cli.run(*words)
            assert run.code in (0, 1), str(run)
            return run.code == 1, (run.err if run.code else run.out).removesuffix("\n")

        printed = _task(through_cli)
    finally:
        cli.close()
    assert [e for e, _ in told] == [False] * 5 + [True, True, False, False]
    for (error, text), (cli_error, cli_text) in zip(told, printed):
        assert (cli_error, _untimed(cli_text)) == (error, _untimed(text))


def _untimed(text: str) -> str:
    """The text without the milliseconds a wait took (the one figure that may differ)."""
    return re.sub(r'"waitedMs":\d+', '"waitedMs":N', text)
