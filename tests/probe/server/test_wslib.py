"""The answer written straight to the socket (wslib.write_at_once) is, byte for byte, the
frame websockets' own send writes: at each length encoding's edges and in UTF-8."""

from __future__ import annotations

import pytest
from websockets.frames import Frame, Opcode

from probe.server.wslib import text_frame


@pytest.mark.parametrize("text", ["", "x" * 125, "x" * 126, "x" * 65535, "x" * 65536,
                                  '{"jsonrpc":"2.0","id":1,"result":{"é":"ü€𝄞"}}',
                                  "é" * 40000])
def test_a_text_frame_is_the_one_websockets_writes(text: str) -> None:
    data = text.encode()
    assert text_frame(data) == Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])
