"""Run a replay (``probe.replay.export``'s steps) against a live app, step by step.

Every step names its element by a stable selector. Before an action the replayer waits
(``qt.wait … exists``, on the probe, woken by the app's own events) until the element
is there; a chr.* method gets a ref for it through ``qt.ui.handles``. A check waits until
the app shows the value the agent saw (``qt.wait … property:NAME==VALUE``), so nothing
sleeps. The first step whose outcome differs from the recording raises
:class:`Divergence`: step number, what was expected, what was found.

Used by ``qtmcp replay`` (a JSON script) and by exported pytest files through
``probe.testing.AppDriver``. Talks to the probe only through :class:`probe.client.Client`.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from typing import Any

from probe.exceptions import RemoteError
from probe.replay.export import DEFAULT_TIMEOUT, check_script, condition_text


class ScriptError(ValueError):
    """The script cannot run at all (bad shape, a method the probe does not have)."""


class Divergence(AssertionError):
    """The app did something else than when the session was recorded.

    An AssertionError, so pytest shows it as a test failure with its message.
    """

    def __init__(self, step: int, what: str, expected: str, found: str,
                 target: str | None = None, call: int | None = None) -> None:
        self.step = step
        self.what = what
        self.expected = expected
        self.found = found
        self.target = target
        self.call = call
        super().__init__(self.report())

    def report(self) -> str:
        where = f" (session call {self.call})" if self.call is not None else ""
        lines = [f"diverged at step {self.step}{where}: {self.what}"]
        if self.target:
            lines.append(f"  target:   {self.target}")
        lines.append(f"  expected: {self.expected}")
        lines.append(f"  found:    {self.found}")
        return "\n".join(lines)


@dataclass
class Report:
    """How a script run went: steps passed, and the divergence if one stopped it."""

    steps: int
    passed: int = 0
    seconds: float = 0.0
    divergence: Divergence | None = None
    results: list[Any] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.divergence is None


def _short(value: Any, limit: int = 200) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def same(a: Any, b: Any) -> bool:
    """JSON values equal (numbers within float noise)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b if isinstance(a, bool) and isinstance(b, bool) else a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b)


class Replayer:
    """Steps against one connected app. ``client`` is a :class:`probe.client.Client`."""

    def __init__(self, client: Any, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.client = client
        self.timeout = timeout
        self.step = 0
        #: the session call the current step came from (not ``call``: AppDriver.call is
        #: the method a hand-written step calls)
        self.session_call: int | None = None
        self._params: dict[str, list[str]] | None = None
        self._elements: dict[str, list[str]] = {}

    # -- what the probe offers

    def params_of(self, method: str) -> list[str] | None:
        """The param names of ``method`` (None when the probe has no such method)."""
        if self._params is None:
            schema = self.client.call("qt.schema")
            methods = schema.get("methods", [])
            self._params = {m["name"]: list((m.get("params") or {}).get("properties") or {})
                            for m in methods}
            self._elements = {m["name"]: list(m.get("element") or []) for m in methods}
        return self._params.get(method)

    def element_param(self, method: str) -> str | None:
        """The param of ``method`` that names its element (its declaration says which)."""
        self.params_of(method)
        return next(iter(self._elements.get(method) or []), None)

    def check(self, script: dict[str, Any]) -> None:
        """ScriptError listing every problem before anything runs (shape, unknown methods)."""
        problems = check_script(script)
        if not problems:
            import difflib

            for n, step in enumerate(script["steps"], 1):
                method = step.get("do")
                if method is not None and self.params_of(method) is None:
                    close = difflib.get_close_matches(method, list(self._params or {}), n=3)
                    problems.append(f"step {n}: the probe has no method {method!r}"
                                    + (f" (did you mean {', '.join(close)}?)" if close else ""))
        if problems:
            raise ScriptError("; ".join(problems))

    # -- steps

    def _next(self, call: int | None) -> int:
        self.step += 1
        self.session_call = call
        return self.step

    def _diverged(self, what: str, expected: str, found: str,
                  target: str | None = None) -> Divergence:
        return Divergence(self.step, what, expected, found, target, self.session_call)

    def _found(self, exc: RemoteError) -> str:
        return f"{exc.name}: {exc.message}"

    def wait_for(self, target: str, what: str, timeout: float | None = None) -> None:
        """Wait until ``target`` exists (an element the recorded step acted on)."""
        __tracebackhide__ = True  # pytest: show the test's line
        try:
            self.client.call("qt.wait", {"objectId": target, "condition": "exists",
                                         "timeout": self.timeout if timeout is None else timeout})
        except RemoteError as exc:
            if exc.name == "TIMEOUT":
                found = f"no element matches {target!r} after {exc.data.get('timeout')} s"
                seen = (exc.data.get("lastObserved") or {}).get("error")
                raise self._diverged(what, "the element exists", found + (
                    f" ({seen})" if seen else ""), target) from None
            raise self._diverged(what, "the element exists", self._found(exc), target) from None

    def _ref(self, target: str, item: dict[str, Any] | None, what: str) -> str:
        """A ref, in this client's ref space, for the element (or the item under it)."""
        __tracebackhide__ = True  # pytest: show the test's line
        try:
            owner = self.client.call("qt.ui.handles", {"objectId": target})
        except RemoteError as exc:
            raise self._diverged(what, "one element to act on", self._found(exc),
                                 target) from None
        if not owner.get("ref"):
            raise self._diverged(what, "an element with a ref (a widget or Qt Quick item)",
                                 f"a {owner.get('className')} (no accessible element)", target)
        if not item:
            return str(owner["ref"])
        role, name = item.get("role"), item.get("name")
        page = self.client.call("chr.readPage", {"ref_id": owner["ref"], "format": "json",
                                                 "depth": 100})
        found = _find_node(page.get("tree") or [], role, name)
        if found is None:
            matches = self.client.call("chr.find", {"query": name or role}).get("matches", [])
            found = next((m.get("ref") for m in matches
                          if m.get("role") == role and m.get("name") == name and m.get("ref")),
                         None)
        if found is None:
            raise self._diverged(what, f"{role} {name!r} in it", "no such item", target)
        return str(found)

    def do(self, method: str, target: str | None = None, *, item: dict[str, Any] | None = None,
           expect: dict[str, Any] | None = None, shows: list[str] | None = None,
           call: int | None = None, params: dict[str, Any] | None = None,
           **more: Any) -> Any:
        """One action: ``method`` on the element ``target`` names (its ref, selector or id
        param is filled in), then compare the answer's ``expect`` fields and wait until
        the app shows each of ``shows`` (the texts the recorded change report named). The
        method's params come as keywords, or as ``params`` when a name is taken."""
        __tracebackhide__ = True  # pytest: show the test's line
        params = {**(params or {}), **more}
        self._next(call)
        what = method + (f" on {_name(target)}" if target else "") + (
            f" ({item['role']} {item.get('name')!r})" if item else "")
        names = self.params_of(method)
        if names is None:
            raise ScriptError(f"step {self.step}: the probe has no method {method!r}")
        if target is not None:
            key = self.element_param(method)
            if key is None:
                raise ScriptError(f"step {self.step}: {method} takes no element (params: "
                                  f"{', '.join(names)})")
            self.wait_for(target, what)
            params[key] = self._ref(target, item, what) if key == "ref" else target
        try:
            result = self.client.call(method, params)
        except RemoteError as exc:
            raise self._diverged(what, "the call succeeds, as it did when recorded",
                                 self._found(exc), target) from None
        for key, want in (expect or {}).items():
            got = result.get(key) if isinstance(result, dict) else None
            if not same(got, want):
                raise self._diverged(what, f"{key} == {_short(want)}", f"{key} == {_short(got)}",
                                     target)
        for text in shows or ():
            self.shows(text, what, target)
        return result

    def shows(self, text: str, what: str, target: str | None = None) -> None:
        """Wait until the app shows ``text`` (a name or value in any open window, as
        chr.waitFor finds it); a Divergence naming it otherwise."""
        __tracebackhide__ = True  # pytest: show the test's line
        expected = f"the app shows {_short(text)} (the recorded change report named it)"
        try:
            self.client.call("chr.waitFor", {"text": text, "timeout": self.timeout,
                                             "report_changes": False})
        except RemoteError as exc:
            found = self._found(exc)
            if exc.name == "TIMEOUT":
                found = f"no name or value containing it after {self.timeout:g} s"
            raise self._diverged(what, expected, found, target) from None

    def reads(self, texts: list[str], *, timeout: float | None = None,
              call: int | None = None) -> None:
        """Wait until the app shows each text the agent read (a label's text, a field's
        value, a match's name, as chr.waitFor finds names and values)."""
        __tracebackhide__ = True  # pytest: show the test's line
        self._next(call)
        for text in texts:
            try:
                self.client.call("chr.waitFor", {
                    "text": text, "timeout": self.timeout if timeout is None else timeout,
                    "report_changes": False})
            except RemoteError as exc:
                found = self._found(exc)
                if exc.name == "TIMEOUT":
                    found = (f"no name or value containing it after "
                             f"{self.timeout if timeout is None else timeout:g} s")
                raise self._diverged("a text the agent read",
                                     f"the app shows {_short(text)}", found) from None

    def expect_property(self, target: str, name: str, value: Any, *,
                        timeout: float | None = None, call: int | None = None) -> None:
        """Wait until property ``name`` of ``target`` has ``value`` (what the agent read)."""
        __tracebackhide__ = True  # pytest: show the test's line
        self._next(call)
        text = condition_text(value)
        what = f"{name} of {_name(target)}"
        expected = f"{name} == {_short(value)}"
        timeout = self.timeout if timeout is None else timeout
        if text != text.lstrip():  # qt.wait trims the value: settle, then compare once
            self.client.call("qt.waitIdle", {"timeout": timeout})
            try:
                got = self.client.call("qt.properties.get", {"objectId": target, "name": name})
            except RemoteError as exc:
                raise self._diverged(what, expected, self._found(exc), target) from None
            if not same(got.get("value"), value):
                raise self._diverged(what, expected, f"{name} == {_short(got.get('value'))}",
                                     target)
            return
        try:
            self.client.call("qt.wait", {"objectId": target, "condition": f"property:{name}=="
                                         + text, "timeout": timeout})
        except RemoteError as exc:
            raise self._diverged(what, expected, self._observed(exc, name, timeout),
                                 target) from None

    def _observed(self, exc: RemoteError, name: str, timeout: float) -> str:
        if exc.name != "TIMEOUT":
            return self._found(exc)
        seen = exc.data.get("lastObserved") or {}
        if seen.get("exists") is False:
            return f"no element matches the target ({seen.get('error', 'not found')})"
        if "value" in seen:
            return f"{name} == {_short(seen['value'])} (still, after {timeout:g} s)"
        return f"{_short(seen)} after {timeout:g} s"

    def expect(self, target: str, condition: str, *, timeout: float | None = None,
               call: int | None = None) -> None:
        """Wait until ``target`` meets ``condition`` (exists, visible, enabled, …)."""
        __tracebackhide__ = True  # pytest: show the test's line
        self._next(call)
        timeout = self.timeout if timeout is None else timeout
        try:
            self.client.call("qt.wait", {"objectId": target, "condition": condition,
                                         "timeout": timeout})
        except RemoteError as exc:
            found = self._found(exc)
            if exc.name == "TIMEOUT":
                found = f"{_short(exc.data.get('lastObserved'))} after {timeout:g} s"
            raise self._diverged(f"wait until {_name(target)} is {condition}", condition, found,
                                 target) from None

    def expect_assert(self, target: str, name: str, operator: str, value: Any, *,
                      timeout: float | None = None, call: int | None = None) -> None:
        """The agent's passing ``qt.assert``, checked once the app is idle."""
        __tracebackhide__ = True  # pytest: show the test's line
        if operator == "==":
            self.expect_property(target, name, value, timeout=timeout, call=call)
            return
        self._next(call)
        self.client.call("qt.waitIdle", {"timeout": self.timeout if timeout is None
                                         else timeout})
        try:
            self.client.call("qt.assert", {"objectId": target, "property": name,
                                           "operator": operator, "value": value})
        except RemoteError as exc:
            actual = exc.data.get("actual") if exc.name == "ASSERTION_FAILED" else None
            found = f"{name} == {_short(actual)}" if exc.name == "ASSERTION_FAILED" \
                else self._found(exc)
            raise self._diverged(f"{name} of {_name(target)}", f"{name} {operator} {_short(value)}",
                                 found, target) from None

    # -- scripts

    def run_step(self, step: dict[str, Any]) -> Any:
        call = step.get("call")
        if "do" in step:
            return self.do(step["do"], step.get("target"), item=step.get("item"),
                           expect=step.get("expect"), shows=step.get("shows"), call=call,
                           params=step.get("params"))
        check = step["check"]
        if check == "text":
            return self.reads(step["texts"], call=call)
        if check == "property":
            return self.expect_property(step["target"], step["property"], step.get("value"),
                                        call=call)
        if check == "assert":
            return self.expect_assert(step["target"], step["property"],
                                      step.get("operator", "=="), step.get("value"), call=call)
        return self.expect(step["target"], step["condition"], call=call)

    def run(self, script: dict[str, Any]) -> Report:
        """Check the script, then run its steps until the first divergence."""
        self.check(script)
        if script.get("timeout"):
            self.timeout = float(script["timeout"])
        report = Report(len(script["steps"]))
        start = time.monotonic()
        try:
            for step in script["steps"]:
                report.results.append(self.run_step(step))
                report.passed += 1
        except Divergence as exc:
            report.divergence = exc
        report.seconds = time.monotonic() - start
        return report


def _name(target: str) -> str:
    """The short name of a selector for messages: its last path segment."""
    return target.rstrip("/").rsplit("/", 1)[-1] or target


def _find_node(tree: Any, role: Any, name: Any) -> str | None:
    """The ref of the first node with this role and name in a chr.readPage JSON tree."""
    stack = list(tree) if isinstance(tree, list) else [tree]
    while stack:
        node = stack.pop(0)
        if not isinstance(node, dict):
            continue
        if node.get("role") == role and node.get("name") == name and node.get("ref"):
            return str(node["ref"])
        stack.extend(node.get("children") or [])
    return None


def load_script(path: str) -> dict[str, Any]:
    """A JSON script from ``path``; ScriptError when it is no script."""
    try:
        with open(path, encoding="utf-8") as fh:
            script = json.load(fh)
    except OSError as exc:
        raise ScriptError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise ScriptError(f"{path} is not JSON: {exc}") from None
    problems = check_script(script)
    if problems:
        raise ScriptError(f"{path}: " + "; ".join(problems))
    return script
