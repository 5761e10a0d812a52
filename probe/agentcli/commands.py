"""The agent subcommands: one row each, naming the MCP tool it calls and how its words
become that tool's arguments.

The parser, the call and the skill's command list all come from the rows
(:data:`COMMANDS`). What a command prints is the tool's answer as the MCP server gives it
(:mod:`.daemon` runs the server's own bridge); only ``screenshot`` also writes the picture
to a file. Light on purpose: argparse and the session's socket, no Qt, no MCP SDK.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from probe.agentcli import sessions
from probe.exceptions import QtmcpError
from probe.mcp.outdir import DEFAULT_DIR, OutputDir, Refused


class Usage(ValueError):
    """The command line does not say a call: exit status 2, with what would."""


class Failed(QtmcpError):
    """What the command did after the answer failed (exit status 1): said as a tool error."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(f"{message}\nhint: {hint}")


Call = tuple[str, dict[str, Any]]
_REF = re.compile(r"^\s*ref_\d+\s*$")


@dataclass(frozen=True)
class Command:
    """One agent subcommand: its words, the MCP tool(s) it speaks for, how it calls."""

    name: str
    tools: tuple[str, ...]
    summary: str
    arguments: Callable[[argparse.ArgumentParser], None]
    call: Callable[[argparse.Namespace], Call]
    #: Turns the answer into output; None prints the tool's text.
    output: Callable[[sessions.Answer, argparse.Namespace], str] | None = None

    def usage(self) -> str:
        """``qtmcp page [--filter {interactive,all}] [--ref REF] …``: its own arguments."""
        p = argparse.ArgumentParser(prog=f"qtmcp {self.name}", add_help=False)
        self.arguments(p)
        return " ".join(p.format_usage().split())[len("usage: "):]


def _given(**pairs: Any) -> dict[str, Any]:
    """The tool arguments that were given (an option left out keeps the tool's default)."""
    return {k: v for k, v in pairs.items() if v is not None and v is not False}


def _tab(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tab", metavar="TAB", help="the window or dialog (tab_id from "
                   "`qtmcp tabs`, a title or objectName); default: the active one")


# ------------------------------------------------------------------- the rows


def _page_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--filter", choices=("interactive", "all"),
                   help="interactive: only what you act on (and the groups around it)")
    p.add_argument("--ref", help="only this element's subtree")
    p.add_argument("--depth", type=int, metavar="N", help="levels of the tree (15)")
    _tab(p)


def _page(ns: argparse.Namespace) -> Call:
    return "read_page", _given(filter=ns.filter, ref_id=ns.ref, depth=ns.depth,
                               tab_id=ns.tab)


def _find_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("query", metavar="QUERY",
                   help="words of a name, role, label or tool tip ('submit button')")
    _tab(p)


def _find(ns: argparse.Namespace) -> Call:
    return "find", _given(query=ns.query, tab_id=ns.tab)


def _click_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("ref", metavar="REF",
                   help="the element's ref (ref_12)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--double", action="store_true", help="double-click")
    how.add_argument("--right", action="store_true", help="right-click (a context menu)")


def _click(ns: argparse.Namespace) -> Call:
    action = "double_click" if ns.double else "right_click" if ns.right else "left_click"
    return "computer", {"action": action, "ref": ns.ref}


def _fill_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("ref", nargs="?", metavar="REF",
                   help="the field's ref")
    p.add_argument("value", nargs="?", metavar="VALUE",
                   help="text; a number; true/false for a check box "
                   "or radio; an option's text for a combo box")
    p.add_argument("--json", metavar="FIELDS",
                   help="several fields at once: '[{\"ref\": \"ref_3\", \"value\": \"Ada\"}, …]'")


def _fill(ns: argparse.Namespace) -> Call:
    if ns.json is not None:
        if ns.ref is not None:
            raise Usage("give REF VALUE or --json FIELDS, not both")
        try:
            fields = json.loads(ns.json)
        except ValueError as exc:
            raise Usage(f"--json is not JSON: {exc}") from None
        if not isinstance(fields, list) or not all(isinstance(f, dict) for f in fields):
            raise Usage("--json takes a list of {\"ref\": …, \"value\": …}")
        return "fill_form", {"fields": fields}
    if ns.ref is None or ns.value is None:
        raise Usage("give REF VALUE (qtmcp fill ref_3 Ada) or --json FIELDS")
    return "form_input", {"ref": ns.ref, "value": ns.value}


def _type_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("text", metavar="TEXT",
                   help="the text to type")
    p.add_argument("--ref", help="click this element first (then type at its cursor); "
                   "default: where the focus is")


def _type(ns: argparse.Namespace) -> Call:
    if ns.ref is None:
        return "computer", {"action": "type", "text": ns.text}
    # MCP's computer types only where the focus is: a click first, as an agent would
    return "batch", {"actions": [{"action": "left_click", "ref": ns.ref},
                                 {"action": "type", "text": ns.text}]}


def _key_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("keys", metavar="KEYS",
                   help="space-separated combos: 'ctrl+a Delete', Return, Escape")
    p.add_argument("--repeat", type=int, metavar="N", help="press them N times")


def _key(ns: argparse.Namespace) -> Call:
    return "computer", _given(action="key", text=ns.keys, repeat=ns.repeat)


def _navigate_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("where", metavar="WHERE",
                   help="a menu path 'File > Save As...', a tab's name, an "
                   "action's text, back or forward")
    _tab(p)


def _navigate(ns: argparse.Namespace) -> Call:
    return "navigate", _given(url=ns.where, tab_id=ns.tab)


def _screenshot_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", nargs="?", metavar="FILE",
                   help=f"where to write the picture (default: a new "
                   f"file in ./{DEFAULT_DIR})")


def _screenshot(ns: argparse.Namespace) -> Call:
    return "computer", {"action": "screenshot"}


def _save_picture(answer: sessions.Answer, ns: argparse.Namespace) -> str:
    """Write the answer's picture to FILE (or a new file in ./qtmcp-output); its path."""
    if not answer.images:
        raise Failed("NO_PICTURE: the screenshot answer has no picture",
                     f"the answer was: {answer.text[:300]}")
    data, mime = answer.images[0]
    raw = base64.b64decode(data)
    suffix = ".jpg" if mime == "image/jpeg" else ".png"
    if ns.file:
        path = Path(ns.file).expanduser().absolute()
        try:
            path.write_bytes(raw)
        except OSError as exc:
            raise Failed(f"WRITE_FAILED: cannot write {path}: {exc.strerror or exc}",
                         "give a FILE in a folder that exists and you may write") from None
        return str(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out = OutputDir(DEFAULT_DIR)
    for n in range(1, 1000):
        try:
            return str(out.write(f"screenshot-{stamp}-{n}{suffix}", raw))
        except Refused:  # that name exists: the next
            continue
    raise Failed(f"WRITE_FAILED: no free file name for the screenshot in {out.root}",
                 "give FILE")


def _text_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--max-chars", type=int, metavar="N", help="longest text (50000)")
    _tab(p)


def _text(ns: argparse.Namespace) -> Call:
    return "get_page_text", _given(max_chars=ns.max_chars, tab_id=ns.tab)


def _console_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("pattern", nargs="?", metavar="PATTERN",
                   help="a regular expression the messages match "
                   "(give one to keep the answer short)")
    p.add_argument("--errors", action="store_true", help="only errors and exceptions")
    p.add_argument("--clear", action="store_true", help="empty the buffer after reading")
    p.add_argument("--limit", type=int, metavar="N", help="latest N messages (100)")


def _console(ns: argparse.Namespace) -> Call:
    return "read_console_messages", _given(pattern=ns.pattern, only_errors=ns.errors,
                                           clear=ns.clear, limit=ns.limit)


def _wait_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--text", help="until this text shows (a part of a name or value)")
    p.add_argument("--gone", metavar="TEXT", help="until this text is gone")
    p.add_argument("--ms", type=int, metavar="N", help="just wait N milliseconds")
    p.add_argument("--timeout", type=float, metavar="S", help="seconds at most (10)")
    _tab(p)


def _wait(ns: argparse.Namespace) -> Call:
    if ns.ms is not None:
        if ns.text is not None or ns.gone is not None:
            raise Usage("give --ms alone, or --text / --gone")
        return "computer", {"action": "wait", "duration": ns.ms / 1000}
    if ns.text is None and ns.gone is None:
        raise Usage("give --text TEXT, --gone TEXT or --ms N")
    for flag, value in (("--text", ns.text), ("--gone", ns.gone)):
        if value is not None and _REF.match(value):  # no text reads ref_7: it would pass
            raise Usage(f"{flag} takes a text that shows, not a ref: wait for the element's "
                        f"name or value (e.g. {flag} 'Loading')")
    return "wait_for", _given(text=ns.text, text_gone=ns.gone, timeout=ns.timeout,
                              tab_id=ns.tab)


def _upload_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="the file(s) to choose in the open file dialog (for a save dialog "
                   "the file to write, for a folder dialog the folder)")


def _upload(ns: argparse.Namespace) -> Call:
    return "file_upload", {"paths": [os.path.abspath(os.path.expanduser(p))
                                     for p in ns.paths]}


def _no_args(p: argparse.ArgumentParser) -> None:
    pass


def _tabs(ns: argparse.Namespace) -> Call:
    return "tabs_context", {}


def _problems_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--kind", action="append", metavar="KIND",
                   help="only this kind (unnamed_control, text_cut, covered, …); repeatable")
    p.add_argument("--limit", type=int, metavar="N", help="at most N problems (200)")


def _problems(ns: argparse.Namespace) -> Call:
    return "find_problems", _given(kinds=ns.kind, limit=ns.limit)


COMMANDS: dict[str, Command] = {c.name: c for c in (
    Command("page", ("read_page",), "read the window: its elements with refs",
            _page_args, _page),
    Command("find", ("find",), "find elements by words; up to 20 with refs",
            _find_args, _find),
    Command("click", ("computer",), "click an element by ref", _click_args, _click),
    Command("fill", ("form_input", "fill_form"), "set a field's value (or several)",
            _fill_args, _fill),
    Command("type", ("computer", "batch"), "type text as keystrokes", _type_args, _type),
    Command("key", ("computer",), "press keys where the focus is (or in an open menu)",
            _key_args, _key),
    Command("navigate", ("navigate",), "trigger a menu entry, open a tab, run an action",
            _navigate_args, _navigate),
    Command("screenshot", ("computer",), "save a picture of the window; prints its path",
            _screenshot_args, _screenshot, _save_picture),
    Command("text", ("get_page_text",), "all visible text of the window", _text_args, _text),
    Command("console", ("read_console_messages",), "the app's log and exceptions",
            _console_args, _console),
    Command("wait", ("wait_for", "computer"), "wait for a text to show or go, or a time",
            _wait_args, _wait),
    Command("upload", ("file_upload",), "answer the open file dialog with paths",
            _upload_args, _upload),
    Command("tabs", ("tabs_context",), "the app's windows and dialogs", _no_args, _tabs),
    Command("problems", ("find_problems",), "what is wrong in the app's windows",
            _problems_args, _problems),
)}


# ------------------------------------------------------------------ the parser


def _common(p: argparse.ArgumentParser) -> None:
    """Which app and which session: every agent command takes these."""
    who = p.add_argument_group("app and session")
    who.add_argument("--pid", type=int, help="the app's process id (default: the only "
                     "app running; `qtmcp ls` lists them)")
    who.add_argument("--app", help="the app's name, or part of it")
    who.add_argument("--url", help="ws://127.0.0.1:PORT of the probe")
    who.add_argument("--token", help="the probe's token (default: from discovery); every "
                     "user of this machine sees a command line: prefer --token-file")
    who.add_argument("--token-file", metavar="FILE",
                     help="read the probe's token from FILE (mode 0600; its first line)")
    who.add_argument("-s", "--session", metavar="NAME",
                     help=f"the session that keeps refs between calls (default: "
                     f"${sessions.SESSION_ENV}, else '{sessions.DEFAULT}')")


def add_parsers(sub: Any) -> None:
    """Add the agent subcommands, ``session`` and ``skill`` to ``qtmcp``'s subparsers."""
    for c in COMMANDS.values():
        p = sub.add_parser(c.name, help=f"{c.summary} (MCP: {', '.join(c.tools)})",
                           description=f"{c.summary[0].upper()}{c.summary[1:]}. Prints what "
                           f"the MCP tool {' / '.join(c.tools)} answers; refs last for the "
                           "session. Exit status 0, 1 on an error answer (on stderr), 2 on "
                           "bad usage.")
        c.arguments(p)
        _common(p)
    p = sub.add_parser("session", help="list or close the agent CLI's sessions",
                       description="A session holds the connection to each app and the refs "
                       "it gave out, so `qtmcp page` then `qtmcp click ref_7` works. It "
                       "starts with the first agent command and ends by itself after "
                       f"{sessions.IDLE_SECONDS // 60} idle minutes "
                       f"(${sessions.IDLE_ENV} seconds).")
    p.add_argument("action", choices=("list", "close"))
    p.add_argument("name", nargs="?", help="the session to close (default: this shell's)")
    p.add_argument("--all", action="store_true", help="close every session")
    p = sub.add_parser("skill", help="print the agent skill (SKILL.md), or install it",
                       description="The skill tells a coding agent how to drive a Qt app "
                       "with these commands.")
    p.add_argument("--install", metavar="DIR", help="write DIR/qtmcp/SKILL.md (e.g. "
                   "~/.claude/skills or .claude/skills)")


NAMES = (*COMMANDS, "session", "skill")


#: Options that pick the app or the session (and the token): not part of what was asked.
_WHO = ("--pid", "--app", "--url", "--token", "--token-file", "-s", "--session")


def said(argv: list[str]) -> str:
    """The command as the user typed it, for whoever watches the traffic: ``qtmcp`` and
    its words, without the options that pick the app or session (never the token)."""
    words: list[str] = []
    skip = False
    for word in argv:
        if skip:
            skip = False
            continue
        if word in _WHO:
            skip = True
            continue
        if word.startswith(tuple(f"{o}=" for o in _WHO)):
            continue
        words.append(word)
    return shlex.join(["qtmcp", *words])
