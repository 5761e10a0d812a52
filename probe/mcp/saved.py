"""``save_to``: a heavy tool result written to a file, answered with its path.

A screenshot is some hundred kilobytes and a big tree tens of thousands of characters: an
agent that only needs to keep them (or look at them later with its own file tools) gives
``save_to`` and gets the path and a short summary instead of the bytes in its context. A
picture is written as the PNG/JPEG file it is; anything else as the text the agent would
have read, uncut. A change report (``changes``) is always answered inline. Files go only
to the server's output folder (:mod:`probe.mcp.outdir`).
"""

from __future__ import annotations

import base64
import json
from typing import Any

import mcp_types as types

from probe.mcp import tools as mcp_tools
from probe.mcp.outdir import OutputDir, Refused


def _summary(result: Any) -> Any:
    """What stays inline: the result's small fields (no picture data, no long text)."""
    if not isinstance(result, dict):
        return None
    return {k: v for k, v in result.items()
            if not (isinstance(v, str) and (len(v) > 200 or "\n" in v)) and k != "changes"}


def save(envelope: dict[str, Any], name: Any, out: OutputDir, max_chars: int, *,
         overwrite: bool = False) -> types.CallToolResult:
    """Write the result of ``envelope`` to ``name`` in the output folder; the answer says
    where and what (or why not: SAVE_REFUSED, SAVE_FAILED)."""
    text, images = mcp_tools.result_text(envelope)
    result = envelope.get("result")
    data = base64.b64decode(images[0][0]) if images else text.encode("utf-8")
    try:
        target = out.write(name, data, overwrite=overwrite)
    except Refused as exc:
        return mcp_tools.failure(f"SAVE_REFUSED: {exc}")
    except OSError as exc:
        return mcp_tools.failure(
            f"SAVE_FAILED: cannot write {out.display(name)}: {exc.strerror or exc}\nhint: give "
            f"save_to a file name in the output folder {out.root} (its folders must exist).")
    info: dict[str, Any] = {"saved_to": str(target), "bytes": len(data)}
    if images:
        info["mime"] = images[0][1]
    else:
        info.update(chars=len(text), lines=text.count("\n") + 1)
    rest = _summary(result)
    if rest:
        info["result"] = rest
    out_text = json.dumps(info, ensure_ascii=False, separators=(",", ":"), default=str)
    if isinstance(result, dict) and isinstance(result.get("changes"), str):
        out_text += f"\nchanges:\n{result['changes']}"
    return types.CallToolResult(content=[types.TextContent(text=mcp_tools.cap(out_text,
                                                                               max_chars))])
