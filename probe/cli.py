"""The ``qtmcp`` command: launch, attach, ls, call, schema, demo, export, replay, mcp, inspect,
and the agent commands (page, find, click, fill, …: :mod:`probe.agentcli`).

Each command imports what it needs when it runs (imports inside the ``cmd_*`` functions):
``qtmcp ls`` and the agent commands must not pay for Qt, the MCP SDK or the inspector.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shlex
import signal
import stat
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from probe import discovery, private
from probe.agentcli import commands as agent
from probe.agentcli import run as agent_run
from probe.agentcli import sessions as agent_sessions
from probe.exceptions import QtmcpError, RemoteError
from probe.mcp.outdir import DEFAULT_DIR as MCP_OUTPUT_DIR
from probe.mcp.waits import BASE_SECONDS as MCP_WAIT


def _add_target(p: argparse.ArgumentParser) -> None:
    p.add_argument("--pid", type=int, help="the app's process id (from `qtmcp ls`)")
    p.add_argument("--app", help="the app's name, or part of it")
    p.add_argument("--url", help="ws://127.0.0.1:PORT of the probe")
    _add_token(p, "the probe's token (default: from discovery)")


#: Why a token never belongs on the command line.
ARGV_TOKEN = ("every user of this machine sees a command line (ps): prefer --token-file FILE "
              "or QTMCP_TOKEN")


def _add_token(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--token", help=f"{what}; {ARGV_TOKEN}")
    p.add_argument("--token-file", metavar="FILE",
                   help="read the token from FILE (mode 0600; its first line)")


def read_token_file(path: str) -> str:
    """The token in ``path``'s first line; refused (TokenFileError) when others may read
    the file, as ssh refuses such a key."""
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            if stat.S_ISREG(st.st_mode) and st.st_mode & 0o077:
                raise TokenFileError(f"{path} may be read by other users (mode "
                                     f"{stat.S_IMODE(st.st_mode):04o}): chmod 600 {path}")
            line = fh.read(4096).decode("utf-8", "replace").splitlines()
    except OSError as exc:
        raise TokenFileError(f"cannot read the token file {path}: {exc.strerror or exc}"
                             ) from None
    token = line[0].strip() if line else ""
    if not token:
        raise TokenFileError(f"the token file {path} is empty")
    return token


class TokenFileError(QtmcpError):
    """--token-file names a file that cannot be read, is empty or is not private."""


def _take_token(ns: argparse.Namespace) -> None:
    """``--token-file`` becomes ``ns.token``; a ``--token`` on the command line is warned
    about (it still works)."""
    if getattr(ns, "token_file", None):
        ns.token = read_token_file(ns.token_file)
    elif getattr(ns, "token", None):
        print(f"qtmcp: warning: --token: {ARGV_TOKEN}", file=sys.stderr)


def _add_probe_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, help="port to listen on (default: any free port)")
    _add_token(p, "token clients must present (default: random)")
    p.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--allow-remote", action="store_true", default=None,
                   help="allow a non-loopback --host (reachable from other machines)")
    p.add_argument("--no-auth", action="store_true", default=None,
                   help="accept clients without a token (insecure)")
    p.add_argument("--allow-eval", action="store_true", default=None,
                   help="let clients run JavaScript in QML items with qml.evaluate")
    p.add_argument("--native-dialogs", action="store_true", default=False,
                   help="keep the desktop's native file and message dialogs (by default "
                   "the app gets Qt's own, which agents can read and answer)")


def _probe_options(ns: argparse.Namespace) -> dict[str, Any]:
    return {"port": ns.port, "token": ns.token, "host": ns.host,
            "allow_remote": ns.allow_remote, "no_auth": ns.no_auth,
            "allow_eval": ns.allow_eval, "native_dialogs": ns.native_dialogs}


#: Which MCP clients need --http, and why (``qtmcp mcp --help`` and the README say it).
MCP_CLIENTS = (
    "Refs (ref_12), tab ids and #N ids live in the server's session with the app. Clients "
    "that keep one server for the conversation (Claude Code, Claude Desktop, Cursor, VS "
    "Code) use stdio. Clients that start a new server for every call (the MCP Inspector's "
    "--cli, one-shot scripts) lose them between calls: run `qtmcp mcp --http 8765` once and "
    "point them at http://127.0.0.1:8765/mcp.")


class _Version(argparse.Action):
    """``--version``, its text made only when asked for: reading the installed PySide6's
    version imports importlib.metadata, which every other command would pay for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 **_: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(version_text())  # on stdout, as argparse's own version action does
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qtmcp", description="See and drive PySide6 apps: probe, MCP server, inspector.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("launch", help="run a Qt app (PySide6, PyQt6, C++) with the probe",
                       description="Run an unmodified app with the probe injected: a "
                       "PySide6 or PyQt6 script or module, or a C++ Qt 6 program (./app; its "
                       "Qt release needs `qtmcp runtime` once). Also reads QTMCP_PORT / "
                       "QTMCP_TOKEN from the environment (a token there or in --token-file "
                       "stays out of the process list).")
    _add_probe_options(p)
    p.add_argument("-m", dest="module", help="run a module instead of a script")
    p.add_argument("args", nargs=argparse.REMAINDER,
                   help="script.py [args...], ./program [args...] (or module args)")

    p = sub.add_parser("attach", help="put the probe into a running Qt app (uses gdb)",
                       description="Inject the probe into an already running PySide6, PyQt6 "
                       "or C++ Qt 6 app: gdb runs a few lines on its main thread (Python's, "
                       "or the shim that starts Python in a C++ app), which schedule "
                       "probe.install() on the app's event loop.")
    p.add_argument("pid", type=int, help="the app's process id")
    p.add_argument("--timeout", type=float, default=30.0, help="seconds to wait (30)")
    _add_probe_options(p)

    p = sub.add_parser("runtime", help="prepare the PySide6 of a Qt release (PyQt6, C++ apps)",
                       description="The probe joins a PyQt6 or C++ app with PySide6 of "
                       "exactly the app's Qt release. This installs it once with pip into "
                       "qtmcp's cache ($QTMCP_CACHE, else ~/.cache/qtmcp), where launch, "
                       "attach and probe.install() find it. Give the release (6.4.2), a "
                       "program (./app: its Qt release is read), or --pid; no argument lists "
                       "what is prepared.")
    p.add_argument("target", nargs="?", help="a Qt release, or a Qt program")
    p.add_argument("--pid", type=int, help="a running app: prepare for its Qt release")

    p = sub.add_parser("ls", help="list running probes")
    p.add_argument("--json", action="store_true", help="machine-readable output (with tokens)")

    p = sub.add_parser("call", help="call one probe method and print the result as JSON",
                       description="Call one method, or with --lines several in one session "
                       "(refs and #N ids of one answer work in the next): one call per line, "
                       "{\"method\": ..., \"params\": {...}} or `chr.click {\"ref\": "
                       "\"ref_7\"}`; each answer is printed as a JSON line when it comes.")
    p.add_argument("method", nargs="?", help="e.g. qt.ping, qt.objects.tree")
    p.add_argument("params", nargs="?", default=None, help="params as a JSON object")
    p.add_argument("--envelope", action="store_true", help="print result and meta")
    p.add_argument("--lines", metavar="FILE", help="calls as JSON lines from FILE (- = stdin)")
    p.add_argument("--keep-going", action="store_true",
                   help="with --lines: go on after a call fails")
    _add_target(p)

    p = sub.add_parser("schema", help="list the probe's methods (--json: with their schemas)",
                       description="Each method of the app's probe with its one-line "
                       "summary; * marks those that change the app. --json prints the "
                       "whole schema: parameters, results, descriptions.")
    p.add_argument("--prefix", default="", help="only methods starting with this, e.g. chr.")
    p.add_argument("--json", action="store_true", help="the full schema as JSON")
    _add_target(p)

    p = sub.add_parser("mcp", help="MCP server: let agents drive Qt apps",
                       description="Model Context Protocol server (stdio, or streamable HTTP "
                       "with --http). Drives the app given by --pid/--app/--url, else the only "
                       "one running, else the one after -- which it starts and stops: "
                       "qtmcp mcp -- python app.py",
                       epilog=MCP_CLIENTS)
    _add_target(p)
    p.add_argument("--http", type=int, metavar="PORT",
                   help="serve streamable HTTP on PORT (for clients that start a server per "
                        "call: see below)")
    p.add_argument("--host", default="127.0.0.1", help="address for --http (127.0.0.1)")
    p.add_argument("--max-chars", type=int, default=50_000,
                   help="longest text a tool returns (default 50000)")
    p.add_argument("--caps", default="chrome",
                   help="tool sets, comma-separated: chrome (default: pages, refs, forms, "
                   "computer, batch), native (Qt objects), qml, data (item models), control "
                   "(the inspector's human), or all")
    p.add_argument("--output-dir", default=MCP_OUTPUT_DIR, metavar="DIR",
                   help="the only folder tools write files in (save_to); default "
                   f"./{MCP_OUTPUT_DIR}, made on the first write")
    p.add_argument("--timeout", type=float, default=MCP_WAIT, metavar="SECONDS",
                   help="how long a tool waits for the app beyond the waits the call asks "
                   "for (its timeout, a batch's steps); past it the call is cancelled "
                   f"(default {MCP_WAIT:g})")
    p.add_argument("app_command", nargs=argparse.REMAINDER, metavar="-- APP",
                   help="-- python app.py [args...]: start this app, stop it on exit")

    p = sub.add_parser("inspect", help="open the inspector GUI (connect dialog without a target)")
    _add_target(p)
    p.add_argument("--theme", choices=("light", "dark"), help="light or dark")

    p = sub.add_parser("export", help="turn a recorded agent session into a test",
                       description="Turn a .qtmcp-session (inspector: File > Save session) "
                       "into a pytest file that starts the app and replays the agent's "
                       "actions by stable selectors, checking the values it saw, and/or a "
                       "JSON script for `qtmcp replay`.")
    p.add_argument("session", help="the .qtmcp-session file")
    p.add_argument("--pytest", metavar="OUT.py", help="write a pytest file")
    p.add_argument("--script", metavar="OUT.json", help="write a JSON script for qtmcp replay")
    p.add_argument("--rows", help="only these calls, numbered as in the session player: 3-9,12")
    p.add_argument("--client", help="only the calls of the client with this name")
    p.add_argument("--command", dest="launch_command",
                   help="how to start the app, e.g. 'python app.py' (default: as the "
                   "recorded app was started, which the session says)")
    p.add_argument("--timeout", type=float, default=5.0,
                   help="seconds each step waits for the app (5)")

    p = sub.add_parser("replay", help="run a JSON script (qtmcp export) against a live app",
                       description="Run the steps of a script from `qtmcp export --script` "
                       "against a running app (--pid/--app/--url, else the only one running) "
                       "or one it starts (--launch). Stops at the first step whose outcome "
                       "differs from the recording and reports it (exit code 1).")
    p.add_argument("script", help="the .json script")
    _add_target(p)
    p.add_argument("--launch", nargs="?", const=True, metavar="CMD",
                   help="start the app first: the script's command, or CMD "
                   "('python app.py'); stopped at the end")
    p.add_argument("--timeout", type=float, help="seconds each step waits (default: the "
                   "script's)")

    p = sub.add_parser("demo", help="start the demo app with the probe and the inspector")
    _add_probe_options(p)
    p.add_argument("--no-inspector", action="store_true",
                   help="only the demo app with the probe (e.g. for an agent or a script)")
    p.add_argument("--snapshot", metavar="FILE.png",
                   help="offscreen: fill the inspector's panes, save a picture of it, exit")
    agent.add_parsers(sub)
    return parser


def cmd_launch(ns: argparse.Namespace) -> int:
    args = list(ns.args)
    if args and args[0] == "--":
        args = args[1:]
    try:
        return _launch(ns, args)
    except KeyboardInterrupt:
        # Ctrl+C while the app's own Python code ran (start-up, or between two event
        # loops): the app ends as asked, without a traceback
        return 130


def _launch(ns: argparse.Namespace, args: list[str]) -> int:
    from probe.launcher import native, pythons
    from probe.launcher.launch import run_in_process

    if ns.module:
        run_in_process(ns.module, args, module=True, **_probe_options(ns))
    elif not args:
        print("qtmcp launch: give a script (qtmcp launch app.py), a program (qtmcp launch "
              "./app) or -m module", file=sys.stderr)
        return 2
    elif pythons.is_python(args[0]):  # qtmcp launch /other/venv/bin/python app.py
        if len(args) < 2:
            print(f"qtmcp launch: give the script {args[0]} runs (qtmcp launch {args[0]} "
                  "app.py)", file=sys.stderr)
            return 2
        options = {k: v for k, v in _probe_options(ns).items() if v is not None}
        token = options.pop("token", None)
        if token is not None:  # the environment, not the command line every user sees
            os.environ["QTMCP_TOKEN"] = str(token)
        try:
            argv = pythons.launch_argv(args[0], args[1:], options)
        except pythons.PythonError as exc:
            print(f"qtmcp launch: {exc}", file=sys.stderr)
            return 2
        try:
            os.execv(argv[0], argv)  # returns only on error
        except OSError as exc:
            print(f"qtmcp launch: cannot run {args[0]}: {exc}", file=sys.stderr)
            return 2
    elif native.is_native(args[0]):
        try:
            native.exec_app(args[0], args[1:], _probe_options(ns))  # returns only on error
        except (native.NativeError, RuntimeError, OSError) as exc:
            print(f"qtmcp launch: {exc}", file=sys.stderr)
            return 2
    else:
        run_in_process(args[0], args[1:], **_probe_options(ns))
    return 0


def cmd_attach(ns: argparse.Namespace) -> int:
    from probe.launcher.attach import AttachError, attach

    try:
        info = attach(ns.pid, timeout=ns.timeout, **_probe_options(ns))
    except AttachError as exc:
        print(f"qtmcp attach: {exc}", file=sys.stderr)
        return 1
    print(f"qtmcp attach: probe running in pid {info.pid} ({info.app}) at {info.url}")
    return 0


def cmd_runtime(ns: argparse.Namespace) -> int:
    from probe.bootstrap import qtrelease, runtime

    target = ns.target
    try:
        if ns.pid is None and target and not runtime.is_release(target) \
                and not os.path.exists(target):
            print(f"qtmcp runtime: {target!r} is neither a Qt release (major.minor.patch, "
                  "e.g. 6.4.2) nor a program", file=sys.stderr)
            return 2
        if ns.pid is not None or (target and not runtime.is_release(target)):
            core = qtrelease.core_library(ns.pid) if ns.pid is not None else \
                qtrelease.linked_core(target)
            if core is None:
                what = f"process {ns.pid}" if ns.pid is not None else target
                print(f"qtmcp runtime: {what} uses no Qt 6 (no libQt6Core)", file=sys.stderr)
                return 2
            target = qtrelease.library_release(core)
        if not target:
            ready = runtime.prepared()
            for release, folder in ready.items():
                print(f"{release}  {folder}")
            if not ready:
                print(f"no PySide6 prepared yet (in {runtime.cache_dir() / 'pyside6'}); "
                      "qtmcp runtime 6.4.2 prepares one")
            return 0
        already = runtime.find(target)
        folder = already or runtime.prepare(target, quiet=False)
    except (runtime.PrepareError, RuntimeError) as exc:
        print(f"qtmcp runtime: {exc}", file=sys.stderr)
        return 1
    state = "already prepared" if already else "prepared"
    print(f"qtmcp runtime: PySide6 for Qt {target} {state} in {folder}")
    return 0


def cmd_ls(ns: argparse.Namespace) -> int:
    probes = discovery.list_probes()
    if ns.json:
        print(json.dumps([p.to_json() for p in probes], indent=2))
        return 0
    if not probes:
        print(f"no running probes (in {private.folder()})")
        return 0
    print(f"{'PID':>7}  {'APP':<24} {'URL':<26} {'QT':<8} UP")
    for p in probes:
        up = time.time() - p.started
        print(f"{p.pid:>7}  {p.app[:24]:<24} {p.url:<26} {p.qt:<8} {up:,.0f}s")
    return 0


def version_text() -> str:
    """``qtmcp 0.1.0 (Python 3.11.7, PySide6 6.11.3)`` without importing Qt."""
    from importlib import metadata

    import probe

    try:
        pyside = metadata.version("PySide6-Essentials")
    except metadata.PackageNotFoundError:
        pyside = "not installed"
    return f"qtmcp {probe.__version__} (Python {sys.version.split()[0]}, PySide6 {pyside})"


def _target(ns: argparse.Namespace) -> tuple[str, str | None]:
    """The probe's URL and token from --url/--token, else from discovery by --pid/--app;
    errors name the flags to pass."""
    if ns.url:
        return ns.url, ns.token
    info = agent_sessions.only_app(ns.pid, ns.app)
    return info.url, ns.token or info.token


def _client(ns: argparse.Namespace) -> Any:
    from probe.client import Client

    url, token = _target(ns)
    return Client.connect(url, token, name="qtmcp-cli", role="cli")


def cmd_call(ns: argparse.Namespace) -> int:
    if ns.lines is not None:
        return _call_lines(ns)
    if ns.method is None:
        print("qtmcp call: give a method (qtmcp call qt.ping) or --lines FILE", file=sys.stderr)
        return 2
    try:
        params = json.loads(ns.params) if ns.params else None
    except ValueError as exc:
        print(f"qtmcp call: params are not JSON: {exc}", file=sys.stderr)
        return 2
    # the command as typed, for whoever watches the traffic (never the token or url)
    said = shlex.join(["qtmcp", "call", ns.method, *([ns.params] if ns.params else [])])
    with _client(ns) as client:
        out = client.call_envelope(ns.method, params, via={"command": said})
        print(json.dumps(out if ns.envelope else out["result"], indent=2, ensure_ascii=False))
    return 0


def _call_lines(ns: argparse.Namespace) -> int:
    from probe import sequence

    try:
        source = sys.stdin if ns.lines == "-" else open(ns.lines, encoding="utf-8")
    except OSError as exc:
        print(f"qtmcp call: cannot read {ns.lines}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        with _client(ns) as client:
            return sequence.run(client, source, sys.stdout, envelope=ns.envelope,
                                keep_going=ns.keep_going)
    except sequence.BadLine as exc:
        print(f"qtmcp call: {exc}", file=sys.stderr)
        return 2
    finally:
        if source is not sys.stdin:
            source.close()


def cmd_schema(ns: argparse.Namespace) -> int:
    with _client(ns) as client:
        schema = client.call("qt.schema", {"prefix": ns.prefix})
    if ns.json:
        print(json.dumps(schema, indent=2))
        return 0
    methods = schema.get("methods") or []
    width = max((len(m["name"]) for m in methods), default=0)
    for m in methods:
        print(f"{m['name']:<{width}} {'*' if m.get('changesApp') else ' '} "
              f"{m.get('summary', '')}")
    print(f"\n{len(methods)} methods; * changes the app. `qtmcp schema --json` gives their "
          "parameters; `--prefix chr.` narrows the list.", file=sys.stderr)
    return 0


def cmd_demo(ns: argparse.Namespace) -> int:
    """The demo app with the probe in its own process, and the inspector attached to it.

    Ctrl+C (or SIGTERM) ends both cleanly at any moment, start-up included: the app is
    told to quit at once, while the inspector closes as if its window was closed (its
    exit handlers remove its discovery file). The app runs in a session of its own, so a
    terminal's Ctrl+C reaches only this process, which stops the app itself (and removes
    the file if the app could not).
    """
    from probe.launcher.launch import stop_app

    started: list[Any] = []
    asked: list[int] = []
    terminated: list[Any] = []

    def stop_now() -> None:
        """The user asked to stop: the app quits now, while the inspector closes (once: a
        second SIGTERM would reach the app in its exit handlers)."""
        for proc in started:
            if proc.poll() is None and proc not in terminated:
                terminated.append(proc)
                proc.terminate()

    def on_signal(signum: int, _frame: Any) -> None:
        asked.append(signum)
        stop_now()
        raise KeyboardInterrupt

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, on_signal)
    code = 1
    try:
        code = _demo(ns, started, stop_now, asked)
    except KeyboardInterrupt:  # a signal while waiting (no inspector, or before it ran)
        code = 130
    except Exception:
        if not asked:
            raise
        code = 130  # a Ctrl+C inside an import can surface as another error
    finally:
        # stopping: a signal now must not cut the clean-up short, nor kill us once Python
        # tears down (it restores the default handlers)
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, signal.SIG_IGN)
        for app in started:
            stop_app(app, terminated=app in terminated)
            discovery.remove(discovery.path_for(app.pid))  # if it died before it could
    _exit_now(code)
    return code


def _demo(ns: argparse.Namespace, started: list[Any], stop_now: Callable[[], None],
          asked: list[int]) -> int:
    """Start the demo app (into ``started``) and wait for it, or run the inspector on it
    (``stop_now`` when a signal asks it to close; ``asked``: the signals that came); the
    exit code."""
    from probe.launcher.display import plugin_problem
    from probe.launcher.launch import spawn, wait_for_probe

    if ns.snapshot:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"  # the picture needs no display
    elif sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")
                                                 or os.environ.get("QT_QPA_PLATFORM")):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        print("qtmcp demo: no display; running offscreen (use xvfb-run to see the windows)",
              file=sys.stderr)
    problem = plugin_problem()
    if problem is not None:  # the app and the inspector would both abort
        print(f"qtmcp demo: {problem.message()}", file=sys.stderr)
        return 1
    env = {k: str(v) for k, v in (("QTMCP_PORT", ns.port), ("QTMCP_TOKEN", ns.token),
                                  ("QTMCP_HOST", ns.host)) if v is not None}
    if ns.no_auth:
        env["QTMCP_NO_AUTH"] = "1"
    if ns.allow_remote:
        env["QTMCP_ALLOW_REMOTE"] = "1"
    if ns.allow_eval:
        env["QTMCP_ALLOW_EVAL"] = "1"
    app = spawn("resources.demo_app", ["--place=left"], module=True, env=env,
                die_with_parent=True, start_new_session=True)
    started.append(app)
    try:
        info = wait_for_probe(app.pid, timeout=30, proc=app)
        _wait_until_up(app, info)
    except (RuntimeError, TimeoutError) as exc:
        print(f"qtmcp demo: the demo app did not start ({exc}); its own messages are "
              "above", file=sys.stderr)
        return 1
    print(f"qtmcp demo: demo app pid {info.pid} at {info.url}; try `qtmcp ls`, "
          f"`qtmcp call qt.ping --pid {info.pid}` or `qtmcp mcp --pid {info.pid}`",
          file=sys.stderr)
    if ns.no_inspector:
        return app.wait()
    from inspector.app import main as inspector_main

    snapshot = [f"--snapshot={ns.snapshot}"] if ns.snapshot else []
    return inspector_main([f"--pid={info.pid}", "--place=right", *snapshot],
                          on_interrupt=stop_now, interrupted=lambda: bool(asked))


def _exit_now(code: int) -> None:
    """End the process at once, exit handlers run and output flushed: with Qt and the
    inspector loaded, Python's module teardown takes about a second more, which a user
    sees as Ctrl+C not working."""
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)

def _wait_until_up(app: Any, info: discovery.ProbeInfo, timeout: float = 30.0) -> None:
    """Until the app's event loop answers (its probe runs before its window exists: a
    plugin or display problem kills it after the discovery file was written)."""
    from probe.client import Client

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if app.poll() is not None:
            raise RuntimeError(f"it exited with code {app.returncode}")
        try:
            with Client.connect(info.url, info.token, name="qtmcp-demo", role="cli") as c:
                while time.monotonic() < deadline and app.poll() is None:
                    if not c.call("qt.ping", {"timeout": 0.5})["busy"]:
                        return
        except (QtmcpError, OSError) as exc:
            if app.poll() is not None:
                raise RuntimeError(f"it exited with code {app.returncode}") from exc
            time.sleep(0.1)
    raise TimeoutError(f"its event loop did not answer within {timeout:g} s")


def cmd_export(ns: argparse.Namespace) -> int:
    from probe.replay.export import ExportError, export, summary

    if not (ns.pytest or ns.script):
        print("qtmcp export: give --pytest OUT.py and/or --script OUT.json", file=sys.stderr)
        return 2
    try:
        script = export(ns.session, pytest_path=ns.pytest, script_path=ns.script,
                        rows=ns.rows, command=ns.launch_command, client=ns.client,
                        timeout=ns.timeout)
    except ExportError as exc:
        print(f"qtmcp export: {exc}", file=sys.stderr)
        return 2
    written = " and ".join(p for p in (ns.pytest, ns.script) if p)
    print(f"qtmcp export: wrote {written}: {summary(script)}")
    return 0


def cmd_replay(ns: argparse.Namespace) -> int:
    from probe.replay.replayer import Replayer, ScriptError, load_script

    try:
        script = load_script(ns.script)
    except ScriptError as exc:
        print(f"qtmcp replay: {exc}", file=sys.stderr)
        return 2
    proc = None
    if ns.launch is not None:
        from probe.launcher.launch import stop_app, wait_for_probe
        from probe.replay import testing

        command = script.get("command") if ns.launch is True else ns.launch
        if not command:
            print("qtmcp replay: the script has no app command; give --launch 'python app.py'",
                  file=sys.stderr)
            return 2
        cwd = script.get("cwd") if ns.launch is True else None
        proc = testing.start(command, cwd=cwd if isinstance(cwd, str) and cwd else None)
        try:
            info = wait_for_probe(proc.pid, timeout=testing.START_TIMEOUT, proc=proc)
        except (RuntimeError, TimeoutError) as exc:
            stop_app(proc)
            print(f"qtmcp replay: the app did not start: {exc}", file=sys.stderr)
            return 1
        ns.url, ns.token, ns.pid, ns.app = info.url, info.token, None, None
    try:
        with _client(ns) as client:
            replayer = Replayer(client)
            if ns.timeout is not None:
                script = {**script, "timeout": ns.timeout}
            try:
                report = replayer.run(script)
            except ScriptError as exc:
                print(f"qtmcp replay: {exc}", file=sys.stderr)
                return 2
    finally:
        if proc is not None:
            stop_app(proc)
    if report.divergence is not None:
        print(f"qtmcp replay: {report.divergence.report()}\n  ({report.passed} of "
              f"{report.steps} steps passed before it)", file=sys.stderr)
        return 1
    print(f"qtmcp replay: all {report.steps} steps passed in {report.seconds:.1f} s")
    return 0


def cmd_mcp(ns: argparse.Namespace) -> int:
    from probe.mcp import server as mcp
    from probe.mcp.tools import parse_caps

    try:
        caps = parse_caps(ns.caps)
    except ValueError as exc:
        print(f"qtmcp mcp: {exc}", file=sys.stderr)
        return 2
    command = list(ns.app_command)
    if command and command[0] == "--":
        command = command[1:]
    return mcp.run(pid=ns.pid, app=ns.app, url=ns.url, token=ns.token, command=command,
                   http_port=ns.http, host=ns.host, max_chars=ns.max_chars, caps=caps,
                   output_dir=ns.output_dir, timeout=ns.timeout)


def cmd_inspect(ns: argparse.Namespace) -> int:
    from inspector.app import main as inspector_main  # Qt only when the GUI is asked for

    argv = [f"--{k}={v}" for k in ("url", "token", "pid", "app", "theme")
            if (v := getattr(ns, k)) is not None]
    return inspector_main(argv)


COMMANDS = {"launch": cmd_launch, "attach": cmd_attach, "runtime": cmd_runtime, "ls": cmd_ls,
            "call": cmd_call, "schema": cmd_schema, "demo": cmd_demo, "mcp": cmd_mcp,
            "inspect": cmd_inspect, "export": cmd_export, "replay": cmd_replay,
            **dict.fromkeys(agent.NAMES, agent_run.run)}


def _split_launch(argv: list[str]) -> list[str]:
    """Put the app's own arguments behind ``--`` so argparse leaves them alone."""
    if not argv or argv[0] != "launch":
        return argv
    with_value = {"--port", "--token", "--token-file", "--host"}
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            return argv
        if arg == "-m" and i + 1 < len(argv):
            return [*argv[:i + 2], "--", *argv[i + 2:]]
        if arg in with_value:
            i += 2
            continue
        if arg.startswith("-"):
            i += 1
            continue
        return [*argv[:i], "--", *argv[i:]]
    return argv


#: Options whose value may start with ``-`` (a token a user was given): argparse would
#: read ``--token -x`` as a missing value followed by an option.
_FREE_VALUES = ("--token",)


def _join_values(argv: list[str]) -> list[str]:
    """``--token -x`` -> ``--token=-x`` (before ``--``: what follows is the app's)."""
    out: list[str] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            return [*out, *argv[i:]]
        if arg in _FREE_VALUES and i + 1 < len(argv):
            out.append(f"{arg}={argv[i + 1]}")
            i += 2
            continue
        out.append(arg)
        i += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    ns = build_parser().parse_args(_join_values(_split_launch(args)))
    ns.argv = args  # the words typed: an agent command says them to the traffic mirror
    try:
        _take_token(ns)
        code = COMMANDS[ns.command](ns)
        sys.stdout.flush()  # a closed pipe shows here, not at exit
        return code
    except RemoteError as exc:
        print(json.dumps({"error": exc.name, "message": exc.message, "hint": exc.hint,
                          "data": exc.data}, indent=2), file=sys.stderr)
        return 1
    except QtmcpError as exc:
        print(f"qtmcp: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader left (qtmcp ls | head): stop quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
