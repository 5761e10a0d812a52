"""``qtmcp mcp``: a Model Context Protocol server that lets agents drive Qt apps.

The server is a client of the probe (through ``probe.client`` only). Its tools are the
probe's methods named as in probe/mcp/tools.py, with schemas fetched from the connected
probe (``qt.schema``); ``list_apps`` and ``switch_app`` are its own. It names itself to the
probe as an agent, so every tool call shows in the probe's traffic mirror.

Which app: ``--pid`` / ``--app`` / ``--url``, else the only probe running, else one it
starts itself (``qtmcp mcp -- python app.py``) and stops on exit. Transport: stdio, or
streamable HTTP with ``--http PORT``.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import mcp_types as types
from mcp.server.lowlevel import NotificationOptions, Server
from mcp.server.stdio import stdio_server

from probe import __version__, discovery
from probe.client import AsyncClient
from probe.exceptions import (
    CallTimeout,
    ConnectError,
    ConnectionLost,
    QtmcpError,
    RemoteError,
    UnsafeFolder,
)
from probe.launcher.launch import LaunchError, parse_command, spawn, stop_app, wait_for_probe
from probe.mcp import saved, waits
from probe.mcp import tools as mcp_tools
from probe.mcp.outdir import DEFAULT_DIR, OutputDir

log = logging.getLogger("qtmcp.mcp")

SERVER_NAME = "qtmcp"
#: How the server names itself to the probe until the MCP client says its own name.
PROBE_CLIENT_NAME = "qtmcp-mcp"

INSTRUCTIONS = """\
Drive a running Qt (PySide6) desktop app. The tools follow the Claude in Chrome tools: \
read_page gives the window's accessibility tree with refs (ref_N), find looks elements up, \
form_input / fill_form set fields by ref, computer clicks/types/scrolls/takes screenshots by \
ref or coordinate, batch runs several actions in one call, wait_for waits for a text, \
get_page_text reads the text, tabs_context lists the top-level windows (a window is a \
'tab'), read_console_messages reads the app's log. A ref names one element for the whole \
session. Every action answers with 'changes': what it changed on the page since you last \
read it (values, texts, states, elements and windows that came or went, with their refs), \
so there is no need to read the page again after acting. Dialogs and menus never block a \
call: an action that opens one returns at once and its result's 'modal' names it (kind, title, \
tabId); a dialog is a tab (read_page tab_id) whose buttons you click by ref, an open menu or \
popup shows at the end of read_page; Escape closes it; file_upload answers a file dialog. \
list_apps shows running Qt apps \
with the probe; switch_app picks one. USER_DECLINED means a human watching in the qtmcp \
inspector rejected a call."""
#: What each capability set adds to the instructions when it is on, or says when it is off.
CAPS_NOTES = {
    "native": "Native tools reach Qt objects directly (get_object_tree, get_property, "
              "set_property, invoke_method, wait_for_object).",
    "qml": "QML tools read Qt Quick scenes (qml_tree, qml_item, qml_bindings).",
    "data": "Data tools page through item models (list_models, get_model_rows).",
    "control": "get_user_selection (or the qtmcp://selection resource) is what the human "
               "selected in the inspector; highlight_element shows them an element.",
}


def instructions(caps: tuple[str, ...]) -> str:
    """The server's instructions for these capability sets (and how to get the others)."""
    parts = [INSTRUCTIONS, *(CAPS_NOTES[c] for c in caps if c in CAPS_NOTES)]
    off = [c for c in mcp_tools.CAP_SETS if c not in caps]
    if off:
        parts.append(f"More tools come with `qtmcp mcp --caps {','.join((*caps, *off))}` "
                     f"(sets: {', '.join(off)}).")
    return " ".join(parts)

#: The server's own tools (not probe methods, so their schemas are written here).
LOCAL_TOOLS = [
    types.Tool(
        name="list_apps",
        title="List running Qt apps",
        description="Qt apps running with the qtmcp probe (pid, app name, started), and which "
                    "one the tools act on now.",
        input_schema={"type": "object", "properties": {}, "additionalProperties": False},
        annotations=types.ToolAnnotations(read_only_hint=True, open_world_hint=False),
    ),
    types.Tool(
        name="switch_app",
        title="Act on another Qt app",
        description="Make the tools act on another running Qt app, chosen by pid or by "
                    "(part of) its name as list_apps shows them. The tool list follows the "
                    "new app's probe.",
        input_schema={
            "type": "object",
            "properties": {
                "pid": {"type": "integer", "description": "process id from list_apps"},
                "app": {"type": "string", "minLength": 1,
                        "description": "app name, or a part of it, from list_apps"},
            },
            "additionalProperties": False,
        },
        annotations=types.ToolAnnotations(read_only_hint=False, destructive_hint=False,
                                          idempotent_hint=True, open_world_hint=False),
    ),
]
LOCAL_NAMES = {t.name for t in LOCAL_TOOLS}


class NoApp(QtmcpError):
    """No app is connected and none can be chosen without asking."""


class BadSchema(QtmcpError):
    """The app's probe sent a ``qt.schema`` the server cannot read: no tools from it."""


@dataclass
class Link:
    """The connection to one app's probe, with the tools its schema offers."""

    client: AsyncClient
    info: discovery.ProbeInfo | None
    toolset: mcp_tools.Toolset
    named: str = ""

    @property
    def tools(self) -> list[types.Tool]:
        return self.toolset.tools

    @property
    def pid(self) -> int | None:
        return self.info.pid if self.info else None

    def describe(self) -> dict[str, Any]:
        info = self.info
        return {"pid": info.pid, "app": info.label, "url": info.url} if info else {
            "url": self.client.url}


def _client_identity(ctx: Any, default: str = PROBE_CLIENT_NAME) -> tuple[str, str]:
    """The MCP client's (name, version) from its initialize params, else ``default``
    (the CLI's daemon has no MCP client: it passes no ``ctx``)."""
    params = getattr(getattr(ctx, "session", None), "client_params", None)
    info = getattr(params, "client_info", None)
    if info is not None and info.name:
        return info.name[:100], (info.version or "")[:100]
    return default, __version__


class Bridge:
    """Holds the current app link and turns MCP requests into probe calls.

    ``name`` and ``role`` are how it introduces itself to the probe (the inspector shows
    them) until an MCP client says its own name: the agent CLI's sessions
    (:mod:`probe.agentcli.daemon`) speak through a bridge as ``qtmcp-cli`` / ``cli``.
    """

    def __init__(self, *, pid: int | None = None, app: str | None = None,
                 url: str | None = None, token: str | None = None,
                 command: list[str] | None = None,
                 max_chars: int = mcp_tools.DEFAULT_MAX_CHARS,
                 caps: tuple[str, ...] = mcp_tools.DEFAULT_CAPS,
                 output_dir: str | os.PathLike[str] = DEFAULT_DIR,
                 timeout: float = waits.BASE_SECONDS, name: str = PROBE_CLIENT_NAME,
                 role: str = "agent") -> None:
        self.target = {"pid": pid, "app": app, "url": url, "token": token}
        self.name = name
        self.role = role
        self.command = command or []
        self.max_chars = max_chars
        self.caps = caps
        self.output = OutputDir(output_dir)
        self.timeout = timeout
        self.link: Link | None = None
        self.child: subprocess.Popen[Any] | None = None
        self._lock = asyncio.Lock()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        """Start the app of ``command`` if given, then connect to the chosen app if any."""
        if self.command:
            self.child = start_app(self.command)
            atexit.register(stop_app, self.child)
            info = await asyncio.to_thread(wait_for_probe, self.child.pid, 60.0, self.child)
            self.target = {"pid": info.pid, "app": None, "url": None, "token": None}
        try:
            await self.ensure()
        except (NoApp, QtmcpError) as exc:  # serve anyway: the agent can list and switch
            log.warning("no app connected yet: %s", exc)

    async def close(self) -> None:
        if self.link is not None:
            with contextlib.suppress(Exception):
                await self.link.client.close()
            self.link = None
        if self.child is not None:
            await asyncio.to_thread(stop_app, self.child)
            self.child = None

    async def ensure(self) -> Link:
        """The current link; connect to the configured or the only running app if none."""
        if self.link is not None and not self.link.client.closed:
            return self.link
        self.link = None
        explicit = {k: v for k, v in self.target.items() if v}
        if explicit:
            return await self.connect(**explicit)
        probes = discovery.list_probes()
        if len(probes) == 1:
            return await self.connect(pid=probes[0].pid)
        if not probes:
            raise NoApp("No Qt app with the qtmcp probe is running. Start one with "
                        "`qtmcp launch app.py` (or probe.install() in the app), then call "
                        "list_apps and switch_app.")
        listing = ", ".join(f"pid {p.pid} ({p.app})" for p in probes)
        raise NoApp(f"{len(probes)} Qt apps are running ({listing}); call switch_app with "
                    "the pid or name of the one to drive.")

    async def connect(self, pid: int | None = None, app: str | None = None,
                      url: str | None = None, token: str | None = None) -> Link:
        """Connect to an app's probe, fetch its schema and make it the current link."""
        client = await AsyncClient.connect(url, token, pid=pid, app=app, name=self.name,
                                           role=self.role)
        try:
            schema = await client.call("qt.schema")
            info = client.info or await self._info_of(client)
        except BaseException:
            await client.close()
            raise
        try:
            toolset = mcp_tools.build_tools(schema, self.caps)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            await client.close()
            raise BadSchema(f"the app's probe sent a qt.schema this server cannot read "
                            f"({type(exc).__name__}: {str(exc)[:200]}); is it a qtmcp probe "
                            "of this version?") from None
        old, self.link = self.link, Link(client, info, toolset, self.name)
        if old is not None:
            with contextlib.suppress(Exception):
                await old.client.close()
        return self.link

    @staticmethod
    async def _info_of(client: AsyncClient) -> discovery.ProbeInfo | None:
        version = await client.call("qt.version")
        found = discovery.find(pid=version.get("pid"))
        return found[0] if found else None

    async def _introduce(self, link: Link, ctx: Any) -> None:
        """Tell the probe the MCP client's name, so the traffic mirror shows who calls."""
        name, version = _client_identity(ctx, self.name)
        if link.named != name:
            await link.client.call("probe.hello", {"name": name, "role": self.role,
                                                   "version": version})
            link.named = name

    # ------------------------------------------------------------------ handlers

    async def list_tools(self, ctx: Any, params: Any) -> types.ListToolsResult:
        try:
            link = await self.ensure()
        except QtmcpError:  # no app, or one whose schema is unreadable: the local tools
            return types.ListToolsResult(tools=list(LOCAL_TOOLS))
        return types.ListToolsResult(tools=[*link.tools, *LOCAL_TOOLS])

    async def call_tool(self, ctx: Any, params: types.CallToolRequestParams,
                        via: dict[str, Any] | None = None) -> types.CallToolResult:
        """Run one tool; ``via``: how its user asked for it, for the traffic mirror (an
        agent CLI command line), else the tool and its arguments."""
        name, args = params.name, dict(params.arguments or {})
        try:
            if name == "list_apps":
                return self._ok(self.list_apps())
            if name == "switch_app":
                result = await self.switch_app(args)
                await _tools_changed(ctx)
                return self._ok(result)
            async with self._lock:
                link = await self.ensure()
                await self._introduce(link, ctx)
            route = link.toolset.routes.get(name)
            if route is None:
                return self._unknown(name, link)
            return await self._call(link, name, route, args, via)
        except RemoteError as exc:
            speak = self.link.toolset.speak if self.link is not None else None
            return mcp_tools.error_result(exc, speak=speak)
        except NoApp as exc:
            return mcp_tools.failure(f"NO_APP: {exc}")
        except UnsafeFolder as exc:  # the discovery folder is not the user's own
            return mcp_tools.failure(f"UNSAFE_FOLDER: {exc}")
        except ConnectionLost as exc:
            self.link = None
            return mcp_tools.failure(f"APP_GONE: the app's probe went away ({exc}). It may have "
                                     "exited; call list_apps and switch_app.")
        except CallTimeout as exc:
            return mcp_tools.failure(f"TIMEOUT: {exc}. The app may be busy; try app_status.")
        except ConnectError as exc:
            return mcp_tools.failure(f"CONNECT_FAILED: {exc}\nhint: call list_apps to see the "
                                     "running Qt apps and switch_app to pick one.")
        except BadSchema as exc:
            return mcp_tools.failure(f"BAD_SCHEMA: {exc}\nhint: call list_apps and "
                                     "switch_app to drive another app.")
        except (ValueError, TypeError) as exc:  # never an SDK error with code 0
            log.exception("tool %s failed", name)
            return mcp_tools.failure(f"INVALID_ARGUMENTS: {exc}")

    async def _call(self, link: Link, name: str, route: mcp_tools.Route,
                    args: dict[str, Any], via: dict[str, Any] | None = None
                    ) -> types.CallToolResult:
        """One probe call for a tool: its arguments renamed, its result as content (or
        written to the file ``save_to`` names)."""
        # the user's words, for the mirror: the agent's tool call, or the command typed
        via = via or {"tool": name, "arguments": dict(args)}
        path = args.pop(mcp_tools.SAVE_TO, None)
        overwrite = args.pop(mcp_tools.OVERWRITE, False) is True
        params = route.arguments(args)
        if route.max_bytes and path is None:  # a picture inline stays under 1 MB
            params.setdefault(route.max_bytes, mcp_tools.INLINE_IMAGE_BYTES)
        wait = waits.budget(params, self.timeout)
        try:
            envelope = await link.client.call_envelope(route.method, params, timeout=wait,
                                                       via=via)
        except CallTimeout:
            await self._cancel(link)
            return mcp_tools.failure(
                f"TIMEOUT: no answer from the app within {wait:g} s. The call was cancelled "
                "(the server dropped its connection to the app, which stops the call's steps "
                "that have not started); a step already running in the app may still finish."
                "\nhint: the app may be busy (app_status); read the page before retrying, "
                "since part of the call may have taken effect.")
        if path is not None:
            return saved.save(envelope, path, self.output, self.max_chars, overwrite=overwrite)
        return types.CallToolResult(content=mcp_tools.result_content(
            envelope, max_chars=mcp_tools.limit_for(args, self.max_chars),
            speak=link.toolset.speak))

    async def _cancel(self, link: Link) -> None:
        """Stop a call the server gave up on: closing the connection makes the probe cancel
        that connection's calls (a GUI job not yet started is skipped). The next call
        connects again, to the same app."""
        if link.pid is not None and not any(self.target.values()):
            self.target = {"pid": link.pid, "app": None, "url": None, "token": None}
        with contextlib.suppress(Exception):
            await link.client.close()
        if self.link is link:
            self.link = None

    def _unknown(self, name: str, link: Link) -> types.CallToolResult:
        known = ", ".join([*link.toolset.routes, *LOCAL_NAMES])
        caps = link.toolset.cap_of(name)
        if caps is not None:
            sets = ",".join(dict.fromkeys((*self.caps, caps)))
            return mcp_tools.failure(f"NOT_ENABLED: '{name}' is in the '{caps}' tool set, "
                                     f"which this server does not offer.\nhint: start it "
                                     f"with `qtmcp mcp --caps {sets}`. Tools now: {known}")
        return mcp_tools.failure(f"No tool named '{name}' for this app. Tools: {known}")

    async def list_resources(self, ctx: Any, params: Any) -> types.ListResourcesResult:
        """The control-room resources (the human's selection in the inspector)."""
        return types.ListResourcesResult(resources=[
            types.Resource(uri=uri, name=name, description=doc, mime_type="application/json")
            for uri, (_method, name, doc) in mcp_tools.RESOURCES.items()])

    async def read_resource(self, ctx: Any, params: types.ReadResourceRequestParams
                            ) -> types.ReadResourceResult:
        """A resource's current value, read from the probe (JSON text)."""
        uri = str(params.uri)
        entry = mcp_tools.RESOURCES.get(uri)
        if entry is None:
            raise ValueError(f"no resource {uri}; resources: {', '.join(mcp_tools.RESOURCES)}")
        async with self._lock:
            link = await self.ensure()
            await self._introduce(link, ctx)
        value = await link.client.call(entry[0])
        return types.ReadResourceResult(contents=[types.TextResourceContents(
            uri=uri, mime_type="application/json", text=json.dumps(value, default=str))])

    def _ok(self, value: Any) -> types.CallToolResult:
        return types.CallToolResult(content=mcp_tools.result_content({"result": value},
                                                                     max_chars=self.max_chars))

    def list_apps(self) -> dict[str, Any]:
        current = self.link.pid if self.link and not self.link.client.closed else None
        apps = [{"pid": p.pid, "app": p.label, "argv": p.argv[:6], "url": p.url, "qt": p.qt,
                 "started": p.started, "current": p.pid == current,
                 "startedByMe": self.child is not None and self.child.pid == p.pid}
                for p in discovery.list_probes()]
        return {"apps": apps, "current": current}

    async def switch_app(self, args: dict[str, Any]) -> dict[str, Any]:
        pid, app = args.get("pid"), args.get("app")
        unknown = sorted(set(args) - {"pid", "app"})
        if unknown or (pid is None and not app) or (pid is not None and not isinstance(pid, int)):
            raise NoApp("switch_app takes pid (integer) or app (name); call list_apps to see "
                        "them." + (f" Unknown arguments: {', '.join(unknown)}." if unknown else ""))
        matches = discovery.find(pid=pid, app=app)
        if len(matches) != 1:
            apps = ", ".join(f"pid {p.pid} ({p.label})" for p in discovery.list_probes()) or "none"
            what = "No" if not matches else f"{len(matches)}"
            raise NoApp(f"{what} running apps match {args}; running: {apps}.")
        async with self._lock:
            link = await self.connect(pid=matches[0].pid)
            self.target = {"pid": matches[0].pid, "app": None, "url": None, "token": None}
        out: dict[str, Any] = {
            "current": link.describe(), "tools": [t.name for t in link.tools],
            "note": "refs, tab ids and #N ids start again in this app: call tabs_context or "
                    "read_page for fresh ones"}
        others = await _other_agents(link)
        if others:
            out["warning"] = (f"another agent session drives this app too ({', '.join(others)})"
                              ": your actions and theirs interleave")
        return out


async def _other_agents(link: Link) -> list[str]:
    """Names of the other agent sessions connected to the app ``link`` speaks to (this
    server's own session is one of the agents it lists)."""
    try:
        sessions = await link.client.call("probe.sessions", timeout=5)
    except (RemoteError, CallTimeout, ConnectionLost):
        return []
    agents = [str(s.get("name") or s.get("id")) for s in sessions if s.get("role") == "agent"]
    return agents[1:] if len(agents) > 1 else []


async def _tools_changed(ctx: Any) -> None:
    """Tell the client the tool list may differ now (another app, another probe)."""
    with contextlib.suppress(Exception):
        await ctx.session.send_tool_list_changed()


# ---------------------------------------------------------------------- child app


def start_app(command: list[str]) -> subprocess.Popen[Any]:
    """Start ``[python] script.py args`` or ``[python] -m module args`` with the probe.

    The child's stdin is closed and its stdout goes to our stderr: our stdout is the MCP
    channel when serving over stdio.
    """
    try:
        target, args, module, python = parse_command(command)
    except ValueError:
        raise SystemExit("qtmcp mcp: give the app after --, e.g. `qtmcp mcp -- python app.py`"
                         ) from None
    if not module and not target.endswith(".py") and not Path(target).is_file():
        raise SystemExit(f"qtmcp mcp: cannot start {target!r}: give a Python script or -m "
                         "module (`qtmcp mcp -- python app.py`)")
    try:
        return spawn(target, args, module=module, python=python, stdin=subprocess.DEVNULL,
                     stdout=sys.stderr.fileno())
    except LaunchError as exc:  # the way forward, not a dead child
        raise SystemExit(f"qtmcp mcp: {exc}") from None


# ---------------------------------------------------------------------- server


def build_server(bridge: Bridge) -> Server[Any]:
    """The MCP server object: tools/list and tools/call go to the bridge."""
    return Server(SERVER_NAME, version=__version__, title="qtmcp: drive Qt apps",
                  instructions=instructions(bridge.caps), on_list_tools=bridge.list_tools,
                  on_call_tool=bridge.call_tool, on_list_resources=bridge.list_resources,
                  on_read_resource=bridge.read_resource)


async def serve(bridge: Bridge, http_port: int | None = None,
                host: str = "127.0.0.1") -> None:
    """Run the MCP server until the client goes away (stdio) or we are stopped (HTTP)."""
    server = build_server(bridge)
    try:
        await bridge.start()
        if http_port is None:
            options = server.create_initialization_options(NotificationOptions(
                tools_changed=True))
            async with stdio_server() as (read, write):
                await server.run(read, write, options)
        else:
            import uvicorn

            app = server.streamable_http_app(host=host)
            config = uvicorn.Config(app, host=host, port=http_port, log_level="warning")
            print(f"qtmcp mcp: streamable HTTP on http://{host}:{http_port}/mcp",
                  file=sys.stderr)
            await uvicorn.Server(config).serve()
    finally:
        with anyio.CancelScope(shield=True):
            await bridge.close()


def run(*, pid: int | None = None, app: str | None = None, url: str | None = None,
        token: str | None = None, command: list[str] | None = None,
        http_port: int | None = None, host: str = "127.0.0.1",
        max_chars: int = mcp_tools.DEFAULT_MAX_CHARS,
        caps: tuple[str, ...] = mcp_tools.DEFAULT_CAPS,
        output_dir: str | os.PathLike[str] = DEFAULT_DIR,
        timeout: float = waits.BASE_SECONDS) -> int:
    """Entry point of ``qtmcp mcp``."""
    logging.basicConfig(level=os.environ.get("QTMCP_MCP_LOG", "WARNING"), stream=sys.stderr,
                        format="qtmcp mcp: %(levelname)s %(message)s")
    signal.signal(signal.SIGTERM, _exit_on_signal)
    bridge = Bridge(pid=pid, app=app, url=url, token=token, command=command,
                    max_chars=max_chars, caps=caps, output_dir=output_dir,
                    timeout=timeout)
    try:
        anyio.run(serve, bridge, http_port, host)
    except KeyboardInterrupt:
        pass
    except (RuntimeError, TimeoutError) as exc:
        if bridge.command and bridge.link is None:
            print(f"qtmcp mcp: the app did not start: {exc}", file=sys.stderr)
            return 1
        raise
    finally:
        if bridge.child is not None:
            stop_app(bridge.child)
    return 0


def _exit_on_signal(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt
