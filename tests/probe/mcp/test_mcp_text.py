"""The text of a tool's answer, from plain values: a success and an error say a change
report in the same words (the agent CLI prints these texts too)."""

from __future__ import annotations

import mcp_types as types

from probe.exceptions import RemoteError
from probe.mcp import tools as mcp_tools

REPORT = '- dialog "About" [tabId #36]\n~ text "Ready" -> "Saved"'


def _speaker() -> mcp_tools.Speaker:
    return mcp_tools.Speaker({"chr.readPage": "read_page"}, {"tabId": "tab_id"})


def _text(result: types.CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))


def test_an_error_says_its_change_report_as_a_success_does() -> None:
    speak = _speaker()
    ok, _ = mcp_tools.result_text({"result": {"ok": True, "changes": REPORT}}, speak)
    error = RemoteError(1600, "ref_48 was deleted", {
        "name": "REF_NOT_FOUND", "hint": "call chr.readPage", "changes": REPORT})
    failed = _text(mcp_tools.error_result(error, speak=speak))
    assert ok.split("changes:\n", 1)[1] == failed.split("changes:\n", 1)[1]
    assert "[tab_id #36]" in failed and "tabId" not in failed
    assert failed.startswith("REF_NOT_FOUND: ref_48 was deleted\nhint: call read_page\n")
