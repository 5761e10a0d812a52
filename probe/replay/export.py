"""Turn a recorded agent session into a replay: a JSON script and a pytest file.

An agent names elements by refs (``ref_12``) and ``#N`` ids that mean something only in
its own session at that moment. The probe therefore records, in each traffic record of
a call that changes the app or reads a value a replay checks, the stable handles of the
call's target (``record["target"]``: the parameter that named it and its objectName path,
QML id or text selector; see
``probe.core.a11y.identity.handles.target_and_object``), and what the method's
declaration says a replay does with it (``record["replay"]``, when it is not "run what
changed the app"). This module turns such records into steps:

- an *action* ``{"do": method, "target": selector, "params": {...}}`` for each call that
  changed the app, with ``"expect"`` holding what its answer showed (a form control's
  value after ``chr.formInput``, a slot's return value, the value a property took) and
  ``"shows"`` the texts its change report named as shown after it (a status line's new
  text, a dialog that opened: the replay waits until each shows);
- a *check* for each reading the agent made: ``qt.properties.get`` becomes
  ``{"check": "property", ...}`` (the replay waits until the property has the value the
  agent saw), ``qt.wait`` / ``qt.ui.exists`` / ``qt.ui.isVisible`` a ``"wait"``, a
  passing ``qt.assert`` an ``"assert"``, and a read of the page (``chr.readPage``,
  ``chr.getPageText``, ``chr.find``) a ``"text"`` check of the texts it showed (a status
  line, a field's value, a match's name: :func:`read_texts`), which the replay waits for.

Everything else (tree reads, screenshots, failed calls) is listed under ``"skipped"``
with the reason. Pure: records in, dicts and text out; no Qt and no connection
(``probe.replay`` runs the steps, ``probe.testing`` starts the app for a pytest file).
"""

from __future__ import annotations

import json
import keyword
import math
import re
import shlex
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

SESSION_FORMAT = "qtmcp-session"  # written by inspector/session_file.py
SESSION_VERSION = 1
SCRIPT_FORMAT = "qtmcp-script"
SCRIPT_VERSION = 1
#: Seconds a replay waits for an element or a value by default.
DEFAULT_TIMEOUT = 5.0

class ExportError(ValueError):
    """The input is no session, or nothing in it can be replayed."""


# ------------------------------------------------------------------------- input


def load_session(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``(app info, call records)`` of a ``.qtmcp-session`` file (frames are ignored)."""
    path = Path(path)
    try:
        fh = path.open(encoding="utf-8")
    except OSError as exc:
        raise ExportError(f"cannot read {path}: {exc.strerror or exc}") from None
    with fh:
        try:
            header = json.loads(fh.readline() or "null")
        except ValueError:
            header = None
        if not isinstance(header, dict) or header.get("format") != SESSION_FORMAT:
            raise ExportError(f"{path} is not a {SESSION_FORMAT} file (save one from the "
                              "inspector: File > Save session)")
        if int(header.get("version", 0)) > SESSION_VERSION:
            raise ExportError(f"{path} is version {header['version']}; this qtmcp reads up "
                              f"to {SESSION_VERSION}")
        records: list[dict[str, Any]] = []
        for line in fh:
            try:
                obj = json.loads(line)
            except ValueError:
                break  # a cut-off last line: keep what came before
            if isinstance(obj, dict) and obj.get("kind") == "call" and \
                    isinstance(obj.get("record"), dict):
                records.append(obj["record"])
    return dict(header.get("app") or {}), records


def parse_rows(text: str | None, count: int) -> list[int]:
    """``"3-9,12"`` (1-based call numbers, as the session player shows them) -> indices."""
    if not text:
        return list(range(count))
    chosen: list[int] = []
    for part in text.replace(" ", "").split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d*))?", part)
        if m is None:
            raise ExportError(f"bad rows {text!r}: use numbers and ranges like 3-9,12")
        first = int(m.group(1))
        last = first if m.group(2) is None else int(m.group(2) or count)
        if first < 1 or last < first or last > count:
            raise ExportError(f"rows {part} are outside 1-{count} (the session has {count} "
                              "calls)")
        chosen.extend(i - 1 for i in range(first, last + 1) if i - 1 not in chosen)
    return sorted(chosen)


def guess_command(app: dict[str, Any]) -> list[str] | None:
    """How to start the recorded app: as it was started (the probe says, ``qt.version``'s
    ``command``), else when it is one qtmcp knows (the demo app, a session of an older
    probe)."""
    command = app.get("command")
    if isinstance(command, list) and command and all(isinstance(a, str) for a in command):
        return [str(a) for a in command]
    if app.get("app") == "qtmcp-demo":
        return ["python", "-m", "resources.demo_app"]
    return None


def split_command(command: str | Sequence[str] | None) -> list[str] | None:
    if command is None or isinstance(command, list):
        return command
    if isinstance(command, str):
        return shlex.split(command) or None
    return list(command)


# ----------------------------------------------------------------------- convert


def condition_text(value: Any) -> str:
    """A value as ``qt.wait``'s ``property:NAME==VALUE`` compares it (probe.core.data.waits)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _replay(rec: dict[str, Any]) -> dict[str, Any]:
    """What the method's declaration says a replay does with the call (the probe's
    traffic mirror records it when it is not the default: run what changed the app)."""
    declared = rec.get("replay")
    if isinstance(declared, dict) and declared.get("how") in ("run", "check", "skip", "none"):
        return declared
    return {"how": "run" if rec.get("changesApp") else "none"}


def _truncated(value: Any) -> bool:
    return isinstance(value, dict) and value.get("truncated") is True and "preview" in value


def _answer(rec: dict[str, Any]) -> Any:
    """What the call returned (traffic records hold the ``{"result", "meta"}`` envelope)."""
    out = rec.get("result")
    if isinstance(out, dict) and "result" in out and "meta" in out:
        return out["result"]
    return out


def _target(rec: dict[str, Any]) -> tuple[str | None, str | None, dict[str, Any] | None]:
    """``(param name, stable selector, item)`` of the call's target; the selector is None
    when the call named one only by a ref or ``#N`` and no handles were recorded."""
    params = rec.get("params")
    params = params if isinstance(params, dict) else {}
    handles = rec.get("target")
    if not isinstance(handles, dict):
        return None, None, None
    key = handles.get("param")
    ident = params.get(key) if isinstance(key, str) else None
    if not isinstance(key, str) or not isinstance(ident, str) or not ident:
        return None, None, None
    if handles.get("selector"):
        return key, str(handles["selector"]), handles.get("item")
    if key != "ref" and not ident.startswith("#") and not ident.startswith("ref_"):
        return key, ident, None  # already a path, selector or symbolic name
    return key, None, None


#: A change report's line of an element that shows another text or value now (``~``), or
#: of one that appeared (``+``): the text it shows after the action is the last quoted
#: text (a new name, a new value) or, for a number, the value after ``->``.
_CHANGED = re.compile(r'^~ (?P<role>[\w ]+?) "(?P<name>(?:[^"\\]|\\.)*)"(?: \[(?P<ref>[^\]]+)\])?'
                      r'(?:: value)? .*-> (?P<new>"(?:[^"\\]|\\.)*"|[-\d.]+)$')
_ADDED = re.compile(r'^\+ (?P<role>[\w ]+?) "(?P<name>(?:[^"\\]|\\.)+)"')
_NUMBER = re.compile(r"[-+]?[\d.,]*")
#: Texts checked after one action at most (the first lines of its report).
SHOWS_LIMIT = 4


def shown_texts(report: Any, own_ref: str | None = None) -> list[str]:
    """The texts a change report (an action's ``changes``) named as shown after it: each
    element's new name or value, each new element's or window's name. Lines inside a new
    window, focus, states, removals, counts and bare numbers are left out (another element
    of the same text may remain; a number is found inside any text); so is the acted-on
    element's own value when ``own_ref`` names it (the step's ``expect`` checks that). A
    quoted text cut with ``…`` is kept up to the cut (the check finds a text holding it)."""
    if not isinstance(report, str):
        return []
    out: list[str] = []
    for line in report.splitlines():
        m = _CHANGED.match(line)
        if m is not None:
            if own_ref is not None and m.group("ref") == own_ref:
                continue
            new = m.group("new")
            text = json.loads(new) if new.startswith('"') else new
        elif (m := _ADDED.match(line)) is not None:
            text = json.loads(f'"{m.group("name")}"')
        else:
            continue
        text = str(text).removesuffix("…").strip()
        if _NUMBER.fullmatch(text):
            continue  # found as a part of any text: "36" is in "2036"
        if text and text not in out:
            out.append(text)
        if len(out) == SHOWS_LIMIT:
            break
    return out


#: Reads whose texts become checks: what the agent saw is what the app must show again.
READS = ("chr.readPage", "chr.getPageText", "chr.find")
#: Texts checked for one read at most (a form's page text gives about 25: its status line
#: comes last, so a smaller bound cut the text most worth checking).
READS_LIMIT = 24
#: In a chr.readPage tree: a static text's line, and a value shown as text.
_STATIC = re.compile(r'^\s*(?:text|heading|status|alert) "(?P<text>(?:[^"\\]|\\.)+)"')
_VALUE = re.compile(r'\bvalue="(?P<text>(?:[^"\\]|\\.)+)"')


def _kept(text: str, out: list[str]) -> None:
    """Add ``text`` to ``out`` unless it is empty, a bare number (found inside any text),
    one character, or already there; a text cut with … is kept up to the cut."""
    text = text.removesuffix("…").strip()
    if len(text) > 1 and not _NUMBER.fullmatch(text) and text not in out:
        out.append(text)


def read_texts(method: str, result: Any) -> list[str]:
    """The texts a read showed the agent, as checks a replay can find again by name or
    value (chr.waitFor): a page's static texts (labels, status lines) and the values its
    fields showed; a page text's lines, a ``name: value`` line as its two halves
    (``Country: France`` -> ``Country``, ``France``: one line may be a field's label and
    value or one text holding a colon, and each half is found either way);
    the names chr.find matched. Names of controls alone are left out of a page (they
    seldom change), and so are numbers (found inside any text); at most READS_LIMIT."""
    if not isinstance(result, dict):
        return []
    out: list[str] = []
    if method == "chr.find":
        for match in result.get("matches") or []:
            if isinstance(match, dict) and isinstance(match.get("name"), str):
                _kept(match["name"], out)
    elif isinstance(result.get("text"), str) and method == "chr.readPage":
        for line in result["text"].splitlines():
            for m in (_STATIC.match(line), _VALUE.search(line)):
                if m is not None:
                    _kept(json.loads(f'"{m.group("text")}"'), out)
    elif isinstance(result.get("text"), str):
        title = result.get("title")
        for line in result["text"].splitlines():
            if line.strip() == title:
                continue
            name, colon, value = line.partition(": ")
            _kept(name, out)  # a label's name, or the first part of a text with a colon
            if colon and value:
                _kept(value, out)
    return out[:READS_LIMIT]


class _Builder:
    """Walks the chosen records once, building steps and the list of what was left out."""

    def __init__(self, records: list[dict[str, Any]], rows: Iterable[int]) -> None:
        self.records = records
        self.rows = list(rows)
        self.steps: list[dict[str, Any]] = []
        self.skipped: list[dict[str, Any]] = []

    def skip(self, row: int, rec: dict[str, Any], why: str) -> None:
        self.skipped.append({"call": row + 1, "method": rec.get("method"), "why": why})

    def add(self, row: int, rec: dict[str, Any], step: dict[str, Any]) -> None:
        step["call"] = row + 1
        client = rec.get("client") or {}
        if client.get("name"):
            step["client"] = client["name"]
        if step.get("check") in ("property", "wait"):
            self._drop_superseded(step)
        self.steps.append(step)

    def _drop_superseded(self, step: dict[str, Any]) -> None:
        """An agent polling a value reads it several times: with no action in between,
        only its last reading of the same thing is the one to wait for."""
        key = (step["check"], step["target"], step.get("property"))
        while self.steps:
            last = self.steps[-1]
            if "do" in last or (last.get("check"), last.get("target"),
                                last.get("property")) != key:
                return
            self.steps.pop()

    def build(self) -> None:
        for row in self.rows:
            rec = self.records[row]
            method = str(rec.get("method", ""))
            role = (rec.get("client") or {}).get("role")
            if role == "inspector":
                self.skip(row, rec, "made by the inspector")
            elif rec.get("notification"):
                self.skip(row, rec, "a notification (no answer to compare)")
            elif not rec.get("ok", True):
                err = rec.get("error") or {}
                name = (err.get("data") or {}).get("name") or err.get("message") or "error"
                self.skip(row, rec, f"failed when recorded ({name})")
            elif (how := _replay(rec))["how"] == "skip":
                self.skip(row, rec, str(how.get("why") or "not replayed"))
            elif _truncated(rec.get("params")):
                self.skip(row, rec, "its params were too large to record")
            elif how["how"] == "check":
                self.check(row, rec, method, str(how.get("check")))
            elif method in READS:
                self.read(row, rec, method)
            elif how["how"] == "run":
                self.action(row, rec, method, list(how.get("expect") or ()))
            else:
                self.skip(row, rec, "reads only")

    def action(self, row: int, rec: dict[str, Any], method: str, expect_fields: list[str]
               ) -> None:
        params = dict(rec.get("params") or {})
        key, selector, item = _target(rec)
        step: dict[str, Any] = {"do": method}
        if key is not None:
            if selector is None:
                self.skip(row, rec, f"its target {params[key]!r} has no stable selector "
                          "recorded (a probe older than session export recorded it)")
                return
            params.pop(key)
            step["target"] = selector
            if item:
                step["item"] = {"role": item.get("role", ""), "name": item.get("name", "")}
        elif "coordinate" in params or method.startswith("cu."):
            step["note"] = "by screen position: breaks when the layout changes"
        step["params"] = params
        result = _answer(rec)
        if isinstance(result, dict) and not _truncated(result):
            expect = {k: result[k] for k in expect_fields if k in result}
            if "checked" in expect and expect.get("value") == "":
                del expect["value"]  # a check box or radio shows no value text
            if expect:
                step["expect"] = expect
            own = result.get("ref") if expect else None
            shows = shown_texts(result.get("changes"), own if isinstance(own, str) else None)
            if shows:
                step["shows"] = shows
        self.add(row, rec, step)

    def read(self, row: int, rec: dict[str, Any], method: str) -> None:
        """A read of the page: the texts it showed become a check (the replay waits until
        the app shows each of them again)."""
        result = _answer(rec)
        texts = read_texts(method, result) if not _truncated(result) else []
        if not texts:
            self.skip(row, rec, "reads only (no text in its answer to check)")
            return
        self.add(row, rec, {"check": "text", "texts": texts})

    def check(self, row: int, rec: dict[str, Any], method: str, kind: str) -> None:
        """A reading the replay waits for or asserts; ``kind`` is what the method's
        declaration says it reads (``Replay.checks``)."""
        params = rec.get("params") or {}
        result = _answer(rec)
        _key, selector, _item = _target(rec)
        if selector is None:
            self.skip(row, rec, "its target has no stable selector recorded")
            return
        if not isinstance(result, dict) or _truncated(result):
            self.skip(row, rec, "its answer was too large to record")
            return
        step: dict[str, Any] = {"target": selector}
        if kind == "property":
            step |= {"check": "property", "property": params.get("name"),
                     "value": result.get("value")}
        elif kind == "assert":
            step |= {"check": "assert", "property": params.get("property"),
                     "operator": params.get("operator", "=="), "value": params.get("value")}
        elif kind == "wait":
            step |= {"check": "wait", "condition": params.get("condition", "visible")}
        elif kind == "exists":
            step |= {"check": "wait",
                     "condition": "exists" if result.get("exists") else "not_exists"}
        elif kind == "visible":
            step |= {"check": "wait", "condition": (
                "not_exists" if not result.get("exists", True) else
                "visible" if result.get("visible") else "not_visible")}
        else:
            self.skip(row, rec, f"{method} reads {kind!r}, which this qtmcp cannot replay")
            return
        self.add(row, rec, step)


def build_script(records: list[dict[str, Any]], app: dict[str, Any] | None = None, *,
                 rows: Iterable[int] | None = None,
                 command: str | Sequence[str] | None = None, source: str | None = None,
                 timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
    """The replay script of ``records`` (all, or the indices in ``rows``)."""
    app = dict(app or {})
    chosen = list(range(len(records))) if rows is None else list(rows)
    builder = _Builder(records, chosen)
    builder.build()
    if not builder.steps:
        reasons = sorted({s["why"] for s in builder.skipped})
        raise ExportError(f"nothing to replay in {len(chosen)} calls: no call changed the "
                          f"app or read a value" + (f" ({'; '.join(reasons)})" if reasons
                                                    else ""))
    calls = [i + 1 for i in chosen]
    given = split_command(command)
    cwd = app.get("cwd") if given is None and isinstance(app.get("cwd"), str) and \
        app.get("command") else None
    return {
        "format": SCRIPT_FORMAT, "version": SCRIPT_VERSION,
        "app": {k: app[k] for k in ("app", "appVersion", "qt", "pyside") if k in app},
        "command": given or guess_command(app),
        #: where the recorded app was started (with its recorded command only)
        "cwd": cwd,
        "timeout": timeout,
        "source": {"session": source, "calls": _ranges(calls), "exported": time.time()},
        "steps": builder.steps,
        "skipped": builder.skipped,
    }


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 7] -> "1-3,7"."""
    parts: list[str] = []
    for n in numbers:
        if parts and n == int(parts[-1].rsplit("-", 1)[-1]) + 1:
            parts[-1] = f"{parts[-1].split('-')[0]}-{n}"
        else:
            parts.append(str(n))
    return ",".join(parts)


# ------------------------------------------------------------------------ script


def check_script(script: Any) -> list[str]:
    """Problems of a script's shape (empty when it is well formed); no probe needed."""
    if not isinstance(script, dict) or script.get("format") != SCRIPT_FORMAT:
        return [f"not a {SCRIPT_FORMAT} file (export one with `qtmcp export`)"]
    if int(script.get("version", 0)) > SCRIPT_VERSION:
        return [f"script version {script['version']}; this qtmcp runs up to {SCRIPT_VERSION}"]
    steps = script.get("steps")
    if not isinstance(steps, list) or not steps:
        return ["'steps' must be a non-empty list"]
    problems = []
    for n, step in enumerate(steps, 1):
        if not isinstance(step, dict):
            problems.append(f"step {n} is not an object")
        elif "do" in step:
            if not isinstance(step["do"], str) or not isinstance(step.get("params", {}), dict):
                problems.append(f"step {n}: 'do' names a method, 'params' is an object")
            shows = step.get("shows", [])
            if not isinstance(shows, list) or not all(isinstance(t, str) and t
                                                      for t in shows):
                problems.append(f"step {n}: 'shows' is a list of texts")
        elif step.get("check") in ("property", "assert"):
            if not isinstance(step.get("target"), str) or not isinstance(
                    step.get("property"), str):
                problems.append(f"step {n}: a {step['check']} check needs 'target' and "
                                "'property'")
        elif step.get("check") == "text":
            texts = step.get("texts")
            if not isinstance(texts, list) or not texts or not all(
                    isinstance(t, str) and t for t in texts):
                problems.append(f"step {n}: a text check needs 'texts', a list of texts")
        elif step.get("check") == "wait":
            if not isinstance(step.get("target"), str) or not isinstance(
                    step.get("condition"), str):
                problems.append(f"step {n}: a wait check needs 'target' and 'condition'")
        else:
            problems.append(f"step {n} is neither an action ('do') nor a check ('check': "
                            "property, assert, wait or text)")
    return problems


def write_script(script: dict[str, Any], path: str | Path) -> Path:
    path = Path(path)
    path.write_text(json.dumps(script, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


# ------------------------------------------------------------------------ pytest


def _py(value: Any) -> str:
    """A JSON value as Python source (strings double-quoted, as ruff formats them)."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_py(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_py(str(k))}: {_py(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float) and not math.isfinite(value):
        return f'float("{value}")'
    return repr(value)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _kwargs(params: dict[str, Any], reserved: Sequence[str]) -> str:
    plain = all(k.isidentifier() and not keyword.iskeyword(k) and k not in reserved
                for k in params)
    if plain:
        return ", ".join(f"{k}={_py(v)}" for k, v in params.items())
    return f"params={_py(params)}"


def _call(name: str, args: list[str]) -> str:
    """``app.name(args)``, wrapped at 100 columns the way ruff would leave it."""
    one = f"    app.{name}({', '.join(a for a in args if a)})"
    if len(one) <= 100:
        return one
    inner = ",\n".join(f"        {a}" for a in args if a)
    return f"    app.{name}(\n{inner},\n    )"


def _step_source(step: dict[str, Any]) -> str:
    if "do" in step:
        args = [_py(step["do"])]
        if "target" in step:
            args.append(_py(step["target"]))
        if "item" in step:
            args.append(f"item={_py(step['item'])}")
        args.append(_kwargs(step.get("params") or {}, ("method", "target", "item", "expect",
                                                       "shows", "call", "params")))
        if "expect" in step:
            args.append(f"expect={_py(step['expect'])}")
        if "shows" in step:
            args.append(f"shows={_py(step['shows'])}")
        return _call("do", args)
    check = step["check"]
    if check == "property":
        return _call("expect_property", [_py(step["target"]), _py(step["property"]),
                                         _py(step["value"])])
    if check == "text":
        return _call("reads", [_py(step["texts"])])
    if check == "assert":
        return _call("expect_assert", [_py(step["target"]), _py(step["property"]),
                                       _py(step.get("operator", "==")), _py(step["value"])])
    return _call("expect", [_py(step["target"]), _py(step["condition"])])


def _comment(n: int, step: dict[str, Any]) -> str:
    what = step.get("do") or {"property": "check the value the agent read",
                              "assert": "check the agent's assertion",
                              "wait": "wait for what the agent saw",
                              "text": "the texts the agent read"}[step["check"]]
    by = f" by {step['client']}" if step.get("client") else ""
    note = f" ({step['note']})" if step.get("note") else ""
    return f"    # step {n} · session call {step.get('call', '?')}{by}: {what}{note}"


def render_pytest(script: dict[str, Any], test_name: str = "test_agent_session") -> str:
    """A pytest file that replays ``script`` against a fresh app it starts itself."""
    src = script.get("source") or {}
    steps = script["steps"]
    checks = count_checks(steps)
    app_name = (script.get("app") or {}).get("app") or "the app"
    command = script.get("command")
    if not command:
        raise ExportError(f"the session does not say how to start {app_name}: give the "
                          "command (e.g. --command 'python app.py')")
    session = Path(src["session"]).name if src.get("session") else "a recorded session"
    skipped = script.get("skipped") or []
    reasons: dict[str, int] = {}
    for s in skipped:
        reasons[s["why"]] = reasons.get(s["why"], 0) + 1
    left_out = "".join(f"\n  {n} call(s): {why}" for why, n in sorted(reasons.items()))
    cwd = script.get("cwd")
    cwd_line = f"#: where the app was started when it was recorded\nAPP_CWD = {_py(cwd)}\n" \
        if isinstance(cwd, str) and cwd else ""
    cwd_arg = "cwd=APP_CWD, " if cwd_line else ""
    head = f'''"""Replay of an agent session on {app_name}: {_plural(len(steps), "step")}, \
{_plural(checks, "check")}.

Exported by `qtmcp export` from {session} (calls {src.get("calls", "?")}). Each step finds
its element by a stable selector and waits for the app instead of sleeping; each check
waits (up to TIMEOUT s) until the app shows the value the agent saw (an answer's value,
a text the change report named), and fails naming the value found. Set
QTMCP_APP_COMMAND to run it against another build of the app.
{"Left out:" + left_out if left_out else ""}
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from probe.testing import AppDriver, launch_app

APP_COMMAND = {_py(list(command))}
{cwd_line}TIMEOUT = {float(script.get("timeout") or DEFAULT_TIMEOUT)!r}


@pytest.fixture
def app() -> Iterator[AppDriver]:
    """A fresh app with the probe in it, closed after the test."""
    with launch_app(APP_COMMAND, {cwd_arg}timeout=TIMEOUT) as driver:
        yield driver


def {test_name}(app: AppDriver) -> None:
'''
    body = []
    for n, step in enumerate(steps, 1):
        body.append(_comment(n, step))
        body.append(_step_source(step))
    return head + "\n".join(body) + "\n"


# ------------------------------------------------------------------------ export


def export(session: str | Path, *, pytest_path: str | Path | None = None,
           script_path: str | Path | None = None, rows: str | None = None,
           command: str | Sequence[str] | None = None, client: str | None = None,
           timeout: float = DEFAULT_TIMEOUT) -> dict[str, Any]:
    """Read a session file, write the pytest file and/or the JSON script; the script."""
    app, records = load_session(session)
    chosen = parse_rows(rows, len(records))
    if client is not None:
        names = sorted({str((r.get("client") or {}).get("name")) for r in records})
        chosen = [i for i in chosen if (records[i].get("client") or {}).get("name") == client]
        if not chosen:
            raise ExportError(f"no calls from a client named {client!r}; the session has "
                              f"{', '.join(names) or 'none'}")
    script = build_script(records, app, rows=chosen, command=command, source=str(session),
                          timeout=timeout)
    if pytest_path is not None:
        Path(pytest_path).write_text(render_pytest(script), encoding="utf-8")
    if script_path is not None:
        write_script(script, script_path)
    return script


def count_checks(steps: list[dict[str, Any]]) -> int:
    """The assertions of ``steps``: each check, each action's compared answer, each text
    an action's change report named, each text a read showed."""
    return sum(("check" in s and s["check"] != "text") + ("expect" in s)
               + len(s.get("shows") or ()) + len(s.get("texts") or ()) for s in steps)


def summary(script: dict[str, Any]) -> str:
    """One line: steps, checks, and what was left out."""
    steps = script["steps"]
    actions = sum(1 for s in steps if "do" in s)
    checks = count_checks(steps)
    skipped = script.get("skipped") or []
    src = script.get("source") or {}
    return (f"{_plural(len(steps), 'step')} ({_plural(actions, 'action')}, "
            f"{_plural(checks, 'check')}) from calls {src.get('calls', '?')}; "
            f"{_plural(len(skipped), 'call')} left out")
