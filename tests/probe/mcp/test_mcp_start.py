"""``qtmcp mcp`` starts and serves whatever the app's probe answers (#28 item 8): a probe
whose ``qt.schema`` is malformed gives no tools, not an MCP server that exits."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.server import ServerConnection, serve

from tests.support.mcp_session import McpSession

#: qt.schema answers an odd peer might give: each must leave the server running.
MALFORMED: list[Any] = [
    {"methods": [{"nope": 1}]},
    {"methods": "everything"},
    [1, 2, 3],
    {"methods": [{"name": "chr.readPage", "mcp": {"tool": "read_page", "caps": "chrome"},
                  "params": "not a schema"}]},
]


@pytest.fixture(params=range(len(MALFORMED)))
def odd_probe(request: pytest.FixtureRequest) -> Iterator[str]:
    """A WebSocket peer speaking JSON-RPC that answers qt.schema with a malformed value."""
    schema = MALFORMED[request.param]

    def handle(ws: ServerConnection) -> None:
        for message in ws:
            req = json.loads(message)
            result = schema if req.get("method") == "qt.schema" else {}
            ws.send(json.dumps({"jsonrpc": "2.0", "id": req.get("id"),
                                "result": {"result": result, "meta": {}}}))

    with serve(handle, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        yield f"ws://127.0.0.1:{port}"
        server.shutdown()


def test_a_malformed_schema_does_not_stop_the_server(odd_probe: str) -> None:
    session = McpSession("--url", odd_probe, "--token", "x")
    try:
        assert set(session.tools()) == {"list_apps", "switch_app"}
        answer = session.call("read_page")
        assert answer.is_error and answer.content[0].text.startswith("BAD_SCHEMA")
        assert not session.call("list_apps").is_error  # still serving
    finally:
        session.close()
