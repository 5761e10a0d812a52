"""``save_to``: a heavy tool result written to a file, answered with its path.

A screenshot is some hundred kilobytes and a big tree tens of thousands of characters: an
agent that only needs to keep them (or look at them later with its own file tools) gives
``save_to`` and gets the path and a short summary instead of the bytes in its context. A
picture is written as the PNG/JPEG file it is; anything else as the text the agent would
have read, uncut. A change report (``changes``) is always answered inline.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import mcp_types as types

from probe.mcp import tools as mcp_tools


def _summary(result: Any) -> Any:
    """What stays inline: the result's small fields (no picture data, no long text)."""
    if not isinstance(result, dict):
        return None
    return {k: v for k, v in result.items()
            if not (isinstance(v, str) and (len(v) > 200 or "\n" in v)) and k != "changes"}


def save(envelope: dict[str, Any], path: str, max_chars: int) -> types.CallToolResult:
    """Write the result of ``envelope`` to ``path``; the answer says where and what."""
    target = Path(path).expanduser()
    if not target.is_absolute():
        target = Path.cwd() / target
    text, images = mcp_tools.result_text(envelope)
    result = envelope.get("result")
    try:
        if images:
            data = base64.b64decode(images[0][0])
            target.write_bytes(data)
            info: dict[str, Any] = {"saved_to": str(target), "bytes": len(data),
                                    "mime": images[0][1]}
        else:
            target.write_text(text, encoding="utf-8")
            info = {"saved_to": str(target), "chars": len(text),
                    "lines": text.count("\n") + 1}
    except OSError as exc:
        return mcp_tools.failure(
            f"SAVE_FAILED: cannot write {target}: {exc.strerror or exc}\nhint: give save_to "
            f"a file in a folder that exists and may be written (absolute, or relative to "
            f"{Path.cwd()}).")
    rest = _summary(result)
    if rest:
        info["result"] = rest
    out = json.dumps(info, ensure_ascii=False, separators=(",", ":"), default=str)
    if isinstance(result, dict) and isinstance(result.get("changes"), str):
        out += f"\nchanges:\n{result['changes']}"
    return types.CallToolResult(content=[types.TextContent(text=mcp_tools.cap(out, max_chars))])
