"""MCP tools from probe methods: the one name table, schema -> tool, result -> content.

No hand-written schemas or tables here: each tool's name, capability set, input schema
and description are the probe method's own declaration, fetched at run time with
``qt.schema`` (its ``mcp`` entry). A tool whose method the connected probe lacks is not
listed. Pure functions of plain values (no I/O), so the
conversion is tested without a server.

MCP speaks MCP: a tool's parameters are spelt in snake_case (``tab_id`` for the probe's
``tabId``; the probe's spelling is accepted too), and the text an agent reads (tool
descriptions, error messages and hints) names tools and their parameters, never probe
methods (:func:`speak`).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types

from probe.exceptions import RemoteError

#: The capability sets, in the order their tools are listed; ``qtmcp mcp --caps`` picks
#: them (default ``chrome``). Which tool is in which set is each method's declaration
#: (``mcp`` in ``qt.schema``): chrome is Claude in Chrome parity (shared/CHROME_TOOLS.md),
#: native the Qt objects, qml the Quick scenes, data item models and timers, control the
#: human in the inspector.
CAP_SETS = ("chrome", "native", "qml", "data", "control")
DEFAULT_CAPS = ("chrome",)
SAVE_TO = "save_to"
SAVE_TO_SCHEMA = {"type": "string",
                  "description": "write the result to this file in the server's output folder "
                                 "instead (a picture as PNG/JPEG)"}
#: With ``save_to``: replace a file of that name (else an existing file is refused).
OVERWRITE = "overwrite"
OVERWRITE_SCHEMA = {"type": "boolean", "description": "with save_to: replace an existing file"}
#: Bytes a picture may have inline (base64 makes it a third larger: under 1 MB of text).
INLINE_IMAGE_BYTES = 700_000
#: Probe parameters the server sets itself (a picture's byte budget): not in tool schemas.
MANAGED = frozenset({"maxBytes"})
#: Words that are Qt's, not parameter names, in the prose an agent reads.
_PROSE = frozenset({"objectName", "className", "windowTitle", "toolTip"})

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

_METHOD = re.compile(r"\b(?:chr|cu|qt|qml|probe)\.[A-Za-z]+(?:\.[A-Za-z]+)*\b")
_CAMEL = re.compile(r"(?<![\w.])[a-z]+(?:[A-Z][a-z0-9]*)+(?![\w])")


def parse_caps(text: str | Iterable[str] | None) -> tuple[str, ...]:
    """``"chrome,qml"`` or ``["all"]`` -> the capability sets; ValueError names the known."""
    if text is None:
        return DEFAULT_CAPS
    words = [w.strip().lower() for part in ([text] if isinstance(text, str) else text)
             for w in part.split(",") if w.strip()]
    if "all" in words:
        return CAP_SETS
    unknown = [w for w in words if w not in CAP_SETS]
    if unknown or not words:
        raise ValueError(f"unknown capability set {', '.join(unknown) or '(none)'}: give "
                         f"{', '.join(CAP_SETS)} or all, comma-separated")
    return tuple(dict.fromkeys(words))


def snake(name: str) -> str:
    """``tabId`` -> ``tab_id`` (a name with no capital stays as it is)."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda m: "_" + m.group(1).lower(), name)


@dataclass
class Route:
    """Where a tool goes: its probe method and its argument names -> the method's."""

    method: str
    params: dict[str, str] = field(default_factory=dict)
    max_bytes: str | None = None

    def arguments(self, args: dict[str, Any]) -> dict[str, Any]:
        """The tool's arguments under the probe's names (the probe's own names pass)."""
        return {self.params.get(k, k): v for k, v in args.items()}


@dataclass(frozen=True)
class Entry:
    """One method as MCP knows it, from its declaration: its tool (and set), and how an
    agent is told of it when it has no tool here."""

    method: str
    tool: str | None = None
    caps: str | None = None
    spoken: str | None = None
    heavy: bool = False


def catalog(schema: dict[str, Any]) -> dict[str, Entry]:
    """Method name -> its MCP entry, for every method whose declaration names one."""
    out: dict[str, Entry] = {}
    for m in schema.get("methods", []):
        said = m.get("mcp") or {}
        if said:
            out[m["name"]] = Entry(m["name"], said.get("tool"), said.get("caps"),
                                   said.get("spoken"), bool(said.get("heavy")))
    return out


@dataclass
class Speaker:
    """Rewrites probe wording into MCP wording for one set of enabled tools."""

    tools: dict[str, str]  # probe method -> enabled tool
    params: dict[str, str]  # probe parameter name -> MCP name (only those that differ)
    entries: dict[str, Entry] = field(default_factory=dict)  # every method's MCP entry

    def __call__(self, text: str) -> str:
        text = _METHOD.sub(self._method, text)
        return _CAMEL.sub(lambda m: self.params.get(m.group(0), m.group(0))
                          if m.group(0) not in _PROSE else m.group(0), text)

    def _method(self, m: re.Match[str]) -> str:
        """A probe method as the agent can call it: its tool here, a tool here that does
        the same, or its tool in another set with the ``--caps`` that brings it."""
        name = m.group(0)
        if name in self.tools:
            return self.tools[name]
        entry = self.entries.get(name)
        instead = entry.spoken if entry is not None else None
        if instead is not None and instead.split()[0] in self.tools.values():
            return instead
        other = entry.tool if entry is not None and entry.tool else (
            instead.split()[0] if instead is not None else None)
        caps = self.cap_of(other) if other is not None else None
        if caps is not None:
            return f"{instead or other} (qtmcp mcp --caps {caps})"
        return instead or name

    def cap_of(self, tool: str) -> str | None:
        """The capability set a tool belongs to (any set, enabled or not)."""
        return next((e.caps for e in self.entries.values() if e.tool == tool), None)


@dataclass
class Toolset:
    """The tools of one app for the chosen capability sets."""

    tools: list[types.Tool]
    routes: dict[str, Route]
    speak: Speaker
    caps: tuple[str, ...] = DEFAULT_CAPS

    def cap_of(self, tool: str) -> str | None:
        """The capability set of ``tool``, enabled here or not."""
        return self.speak.cap_of(tool)


def methods_of(schema: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """``qt.schema``'s method list as name -> description."""
    return {m["name"]: m for m in schema.get("methods", [])}


def input_schema(params: dict[str, Any], speak: Speaker | None = None,
                 heavy: bool = False) -> tuple[dict[str, Any], dict[str, str]]:
    """A probe params schema as an MCP tool input schema (an object schema at the root,
    snake_case names, MCP wording); and its MCP names -> probe names."""
    src = _open(copy.deepcopy(params)) if params else {}
    out = {k: v for k, v in src.items() if k not in ("properties", "required")}
    out.setdefault("type", "object")
    names = {p: snake(p) for p in src.get("properties", {})}
    required = [names[p] for p in src.get("required") or []]
    props: dict[str, Any] = {}
    for p, schema in src.get("properties", {}).items():
        if p in MANAGED:
            continue
        if speak is not None and isinstance(schema.get("description"), str):
            schema["description"] = speak(schema["description"])
        props[names[p]] = schema if names[p] in required else _optional(schema)
    if heavy:
        props[SAVE_TO] = dict(SAVE_TO_SCHEMA)
        props[OVERWRITE] = dict(OVERWRITE_SCHEMA)
    out["properties"] = props
    if required:
        out["required"] = required
    return out, {mcp: p for p, mcp in names.items() if mcp != p}


def _open(schema: Any) -> Any:
    """``schema`` without ``additionalProperties: false`` (the probe refuses unknown
    arguments itself, with their names; the flag only costs characters in every list)."""
    if isinstance(schema, dict):
        return {k: _open(v) for k, v in schema.items()
                if not (k == "additionalProperties" and v is False)}
    if isinstance(schema, list):
        return [_open(v) for v in schema]
    return schema


def _optional(schema: dict[str, Any]) -> dict[str, Any]:
    """An optional parameter's schema without its ``null``: leaving it out says the same."""
    kinds = schema.get("type")
    if isinstance(kinds, list) and "null" in kinds:
        rest = [k for k in kinds if k != "null"]
        return {**schema, "type": rest[0] if len(rest) == 1 else rest}
    options = schema.get("anyOf")
    if isinstance(options, list) and {"type": "null"} in options:
        rest = [o for o in options if o != {"type": "null"}]
        out = {k: v for k, v in schema.items() if k != "anyOf"}
        return {**rest[0], **out} if len(rest) == 1 else {**out, "anyOf": rest}
    return schema


def concise(doc: str) -> str:
    """A docstring's first paragraph on one line: what a tool list needs, no more."""
    return " ".join(doc.strip().split("\n\n", 1)[0].split())


def tool_of(name: str, method: dict[str, Any], speak: Speaker | None = None
            ) -> tuple[types.Tool, Route]:
    """One MCP tool from one probe method's description (``qt.schema`` entry)."""
    changes = bool(method.get("changesApp"))
    doc = concise(method.get("description") or method.get("summary") or method["name"])
    heavy = bool((method.get("mcp") or {}).get("heavy"))
    schema, renames = input_schema(method.get("params") or {}, speak, heavy)
    max_bytes = next((p for p in (method.get("params") or {}).get("properties", {})
                      if p == "maxBytes"), None)
    tool = types.Tool(
        name=name,
        description=speak(doc) if speak is not None else doc,
        input_schema=schema,
        # From the declaration: a method that changes the app can also close or crash
        # it (a click on Quit, a property set), so hosts ask before running it. A tool
        # with save_to writes a file (in the output folder only): not read-only either.
        annotations=types.ToolAnnotations(
            read_only_hint=not (changes or heavy), destructive_hint=changes,
            open_world_hint=False),
    )
    return tool, Route(method["name"], renames, max_bytes)


def build_tools(schema: dict[str, Any], caps: Iterable[str] = DEFAULT_CAPS) -> Toolset:
    """Tools of the chosen capability sets for the methods this probe has, set by set in
    ``CAP_SETS`` order, each set in the order of ``qt.schema``."""
    caps = tuple(caps)
    methods = methods_of(schema)
    entries = catalog(schema)
    chosen = {e.tool: e.method for c in CAP_SETS if c in caps
              for e in entries.values() if e.tool and e.caps == c}
    params = {p: snake(p) for m in methods.values()
              for p in (m.get("params") or {}).get("properties", {}) if snake(p) != p}
    speak = Speaker({m: name for name, m in chosen.items()}, params, entries)
    tools: list[types.Tool] = []
    routes: dict[str, Route] = {}
    for name, method in chosen.items():
        tool, route = tool_of(name, methods[method], speak)
        tools.append(tool)
        routes[name] = route
    return Toolset(tools, routes, speak, caps)


def tool_list_chars(tools: Iterable[types.Tool]) -> int:
    """Characters of the tools' JSON as a client receives it in tools/list."""
    return len(types.ListToolsResult(tools=list(tools)).model_dump_json(
        by_alias=True, exclude_none=True))


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


#: Meta fields that are the probe's own bookkeeping, not news for an agent (``via``
#: names the probe method an action went through).
_QUIET_META = frozenset({"durationMs", "via"})


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
            "call (a ref_id / object_id, a smaller depth, a filter), raise max_chars or "
            "give save_to]")


def result_text(envelope: dict[str, Any], speak: Speaker | None = None
                ) -> tuple[str, list[tuple[str, str]]]:
    """A probe result envelope as the text an agent reads, and its pictures (base64, mime).

    Every action's answer has one layout: the result, then ``meta:`` when there is any,
    then the ``changes:`` block (what changed on the page), wherever the probe put it.
    With ``speak`` the text names tools and their parameters, never probe methods.
    """
    images: list[tuple[str, str]] = []
    result = _pull_images(envelope.get("result"), images)
    meta = {k: v for k, v in (envelope.get("meta") or {}).items() if k not in _QUIET_META}
    changes = None
    if isinstance(result, dict) and "changes" in result:
        result = dict(result)
        changes = result.pop("changes")
    elif "changes" in meta:
        changes = meta.pop("changes")
    text = render_text(result)
    if meta:
        text += f"\nmeta: {_dumps(meta)}"
    if isinstance(changes, str) and changes:
        text += f"\nchanges:\n{changes}"
    elif changes:
        text += f"\nchanges: {_dumps(changes)}"
    return (speak(text) if speak is not None else text), images


def result_content(envelope: dict[str, Any], *, max_chars: int = DEFAULT_MAX_CHARS,
                   speak: Speaker | None = None) -> list[types.ContentBlock]:
    """A probe result envelope as MCP content: the text, then any pictures as images."""
    text, images = result_text(envelope, speak)
    content: list[types.ContentBlock] = [types.TextContent(text=cap(text, max_chars))]
    content += [types.ImageContent(data=data, mime_type=mime) for data, mime in images]
    return content


def limit_for(arguments: dict[str, Any], default: int = DEFAULT_MAX_CHARS) -> int:
    """The text budget of a call: its own max_chars (plus room for fields), else the default."""
    asked = arguments.get("max_chars")
    if isinstance(asked, int) and not isinstance(asked, bool) and asked > 0:
        return asked + _MAX_CHARS_SLACK
    return default


def error_result(exc: RemoteError, *, max_chars: int = 8_000, speak: Speaker | None = None
                 ) -> types.CallToolResult:
    """A probe error as a tool error the agent can recover from: name, message, hint, data.

    With ``speak`` the text names MCP tools and parameters. The schema of an INVALID_PARAMS
    is left out: the agent has the tool's input schema already, and repeating it costs
    thousands of characters per mistake.
    """
    said = speak or (lambda text: text)
    data = {k: v for k, v in exc.data.items()
            if k not in ("name", "hint", "changes", "expected", "received")}
    hint = exc.hint
    if "expected" in exc.data:
        hint = "the tool's input schema lists its parameters and their types"
    lines = [f"{exc.name}: {said(exc.message)}"]
    if hint:
        lines.append(f"hint: {said(hint)}")
    if data:
        lines.append(f"data: {said(_dumps(data))}")
    if isinstance(exc.data.get("changes"), str):  # in the words of a success's report
        lines.append(f"changes:\n{said(exc.data['changes'])}")
    return failure("\n".join(lines), max_chars=max_chars,
                   structured={"error": exc.name, "message": said(exc.message),
                               "hint": said(hint) if hint else hint})


def failure(text: str, *, max_chars: int = 8_000,
            structured: dict[str, Any] | None = None) -> types.CallToolResult:
    """A tool error (``isError``) with ``text`` for the agent."""
    return types.CallToolResult(content=[types.TextContent(text=cap(text, max_chars))],
                                structured_content=structured, is_error=True)
