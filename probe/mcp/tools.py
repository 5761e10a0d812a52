"""MCP tools from probe methods: the one name table, schema -> tool, result -> content.

No hand-written schemas here: each tool's input schema and description are the probe
method's own declaration, fetched at run time with ``qt.schema``. A tool whose method the
connected probe lacks is not listed. Pure functions of plain values (no I/O), so the
conversion is tested without a server.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import mcp_types as types

from probe.exceptions import RemoteError

#: THE table: MCP tool name -> probe method. Browser names first, so an agent that
#: knows the Claude in Chrome tools knows these; then native tools for what a browser
#: has no word for. Order is the order tools are listed in.
TOOLS: dict[str, str] = {
    # Claude in Chrome parity (shared/CHROME_TOOLS.md)
    "read_page": "chr.readPage",
    "find": "chr.find",
    "form_input": "chr.formInput",
    "computer": "chr.computer",
    "get_page_text": "chr.getPageText",
    "navigate": "chr.navigate",
    "tabs_context": "chr.tabsContext",
    "read_console_messages": "chr.readConsoleMessages",
    "file_upload": "chr.fileChooser",
    # computer use: the whole window's picture with its coordinates
    "screenshot": "cu.screenshot",
    # native Qt: objects, properties, methods, signals, waits
    "get_object_tree": "qt.objects.tree",
    "inspect_object": "qt.objects.inspect",
    "find_objects": "qt.objects.query",
    "list_properties": "qt.properties.list",
    "get_property": "qt.properties.get",
    "set_property": "qt.properties.set",
    "list_methods": "qt.methods.list",
    "invoke_method": "qt.methods.invoke",
    "wait_for": "qt.wait",
    "wait_for_signal": "qt.waitSignal",
    "wait_for_idle": "qt.waitIdle",
    "screenshot_element": "qt.ui.screenshot",
    "app_status": "qt.ping",
    "app_version": "qt.version",
    # control room: a human in the inspector works with the agent
    "get_user_selection": "probe.selection.get",
    "highlight_element": "probe.highlight",
    "element_handles": "qt.ui.handles",
}

#: MCP resources: URI -> (probe method, name, description). Read with the method's result.
RESOURCES: dict[str, tuple[str, str, str]] = {
    "qtmcp://selection": (
        "probe.selection.get", "user_selection",
        "The element the human selected in the qtmcp inspector, with its ref, #N id, "
        "selector, symbolic name and bounds (null when nothing is selected)."),
}

#: Base64 openings of the picture formats the probe encodes.
_IMAGE_MAGIC = {"iVBORw0KGgo": "image/png", "/9j/": "image/jpeg"}

#: Text longer than this per tool result is cut (unless the call asked for max_chars).
DEFAULT_MAX_CHARS = 50_000

#: Room over a call's own max_chars for the few JSON fields around its text.
_MAX_CHARS_SLACK = 2_000


def methods_of(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``qt.schema``'s method list as name -> description."""
    return {m["name"]: m for m in schema.get("methods", [])}


def input_schema(params: dict[str, Any]) -> dict[str, Any]:
    """A probe params schema as an MCP tool input schema (an object schema at the root)."""
    out = copy.deepcopy(params) if params else {}
    out.setdefault("type", "object")
    out.setdefault("properties", {})
    if not out.get("required"):
        out.pop("required", None)
    return out


def tool_of(name: str, method: dict[str, Any]) -> types.Tool:
    """One MCP tool from one probe method's description (``qt.schema`` entry)."""
    changes = bool(method.get("changesApp"))
    doc = method.get("description") or method.get("summary") or method["name"]
    return types.Tool(
        name=name,
        title=method.get("summary") or None,
        description=f"{doc}\n\n(probe method {method['name']})",
        input_schema=input_schema(method.get("params") or {}),
        # From the declaration: a method that changes the app can also close or crash
        # it (a click on Quit, a property set), so hosts ask before running it.
        annotations=types.ToolAnnotations(
            read_only_hint=not changes, destructive_hint=changes, open_world_hint=False),
    )


def build_tools(schema: dict[str, Any]) -> tuple[list[types.Tool], dict[str, str]]:
    """Tools for the methods this probe has, and their name -> method map."""
    methods = methods_of(schema)
    tools: list[types.Tool] = []
    routes: dict[str, str] = {}
    for name, method in TOOLS.items():
        if method in methods:
            tools.append(tool_of(name, methods[method]))
            routes[name] = method
    return tools, routes


# --------------------------------------------------------------------- results


def _image_mime(value: str) -> str | None:
    if len(value) < 64:
        return None
    for magic, mime in _IMAGE_MAGIC.items():
        if value.startswith(magic):
            return mime
    return None


def _pull_images(value: Any, found: list[tuple[str, str]], depth: int = 0) -> Any:
    """``value`` with base64 pictures replaced by a marker; the pictures go to ``found``."""
    if isinstance(value, str):
        mime = _image_mime(value)
        if mime is None:
            return value
        found.append((value, mime))
        return f"<{mime}, {len(value)} base64 chars: attached as image {len(found)}>"
    if depth >= 3:
        return value
    if isinstance(value, dict):
        return {k: _pull_images(v, found, depth + 1) for k, v in value.items()}
    if isinstance(value, list) and len(value) <= 16:
        return [_pull_images(v, found, depth + 1) for v in value]
    return value


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def render_text(result: Any) -> str:
    """Text an agent reads well: multi-line text fields raw, the rest as compact JSON."""
    if isinstance(result, str):
        return result
    if not isinstance(result, dict):
        return _dumps(result)
    blocks = {k: v for k, v in result.items() if isinstance(v, str) and "\n" in v}
    rest = {k: v for k, v in result.items() if k not in blocks}
    parts = [_dumps(rest)] if rest or not blocks else []
    parts += [f"{key}:\n{text}" for key, text in blocks.items()]
    return "\n".join(parts)


def cap(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return (f"{text[:limit]}\n[truncated: {len(text) - limit} more characters; narrow the "
            "call (a ref_id / objectId, a smaller depth, a filter) or raise max_chars]")


def result_content(envelope: dict[str, Any], *, max_chars: int = DEFAULT_MAX_CHARS
                   ) -> list[types.ContentBlock]:
    """A probe result envelope as MCP content: the text, then any pictures as images."""
    images: list[tuple[str, str]] = []
    result = _pull_images(envelope.get("result"), images)
    text = render_text(result)
    meta = {k: v for k, v in (envelope.get("meta") or {}).items() if k != "durationMs"}
    if meta:
        text += f"\nmeta: {_dumps(meta)}"
    content: list[types.ContentBlock] = [types.TextContent(text=cap(text, max_chars))]
    content += [types.ImageContent(data=data, mime_type=mime) for data, mime in images]
    return content


def limit_for(arguments: dict[str, Any], default: int = DEFAULT_MAX_CHARS) -> int:
    """The text budget of a call: its own max_chars (plus room for fields), else the default."""
    asked = arguments.get("max_chars")
    if isinstance(asked, int) and not isinstance(asked, bool) and asked > 0:
        return asked + _MAX_CHARS_SLACK
    return default


def error_result(exc: RemoteError, *, max_chars: int = 8_000) -> types.CallToolResult:
    """A probe error as a tool error the agent can recover from: name, message, hint, data."""
    data = {k: v for k, v in exc.data.items() if k not in ("name", "hint")}
    lines = [f"{exc.name}: {exc.message}"]
    if exc.hint:
        lines.append(f"hint: {exc.hint}")
    if data:
        lines.append(f"data: {_dumps(data)}")
    return failure("\n".join(lines), max_chars=max_chars,
                   structured={"error": exc.name, "message": exc.message, "hint": exc.hint})


def failure(text: str, *, max_chars: int = 8_000,
            structured: dict[str, Any] | None = None) -> types.CallToolResult:
    """A tool error (``isError``) with ``text`` for the agent."""
    return types.CallToolResult(content=[types.TextContent(text=cap(text, max_chars))],
                                structured_content=structured, is_error=True)
