"""What an agent does in each third-party app, and the monkey, shared by the tests and by
tests/bench/bench_realapps.py (which prints the figures: calls per task, readPage
characters per visible control).

Each task goes through the chr.* tools by refs, as an agent's would, and returns once
the app's own state shows the result; a :class:`Counting` client counts the calls.
"""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path
from typing import Any

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support import faultgate
from tests.support.app import wait_until

#: Names of elements the monkey leaves alone: closing and quitting end the session.
UNSAFE = re.compile(r"close|quit|exit|restart|shut ?down|kill|interrupt|delete|remove|"
                    r"reset|undo|amend|push|pull|fetch|float|detach", re.IGNORECASE)
#: Texts and keys the monkey types: nothing that quits an app or a kernel.
TEXTS = ("hello", "42", "a b c", "ünïcødé ✓", "x = 1", "")
KEYS = ("Tab", "Down", "Up", "Left", "Right", "Home", "End", "BackSpace", "space", "Escape")
_LINE = re.compile(r'^\s*(\w+)(?: "((?:[^"\\]|\\.)*)")? \[(ref_\d+)\]')


class Counting:
    """A client that counts the calls an agent's task makes; ``raw`` makes the calls a
    test makes to wait for and check the app's state (not counted)."""

    def __init__(self, qt: Client) -> None:
        self.qt = qt
        self.raw = qt
        self.calls = 0

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        self.calls += 1
        return self.qt.call(method, params or {})


def first(qt: Counting | Client, query: str, role: str | None = None) -> dict[str, Any]:
    """The best chr.find match (of ``role`` if given)."""
    found = qt.call("chr.find", {"query": query})["matches"]
    for match in found:
        if role is None or match["role"] == role:
            return match
    raise AssertionError(f"chr.find {query!r} found no {role or 'element'}: {found}")


# ------------------------------------------------------------------------- tasks


def console_task(qt: Counting) -> str:
    """Jupyter console: run ``print(6 * 7)`` and read the answer. Returns the console's
    text (its QTextEdit's plainText, read from the widget itself)."""
    console = first(qt, "textbox", "textbox")
    seen = [""]

    def text_when(pattern: str) -> str | None:
        seen[0] = qt.raw.call("qt.properties.get", {"objectId": console["id"],
                                                "name": "plainText"})["value"]
        return seen[0] if re.search(pattern, seen[0]) else None

    wait_until(lambda: text_when(r"In \[1\]: $"), 60, "the kernel's first prompt")
    qt.call("chr.type", {"ref": console["ref"], "text": "print(6 * 7)"})
    qt.call("chr.key", {"ref": console["ref"], "text": "Return"})
    try:
        text = wait_until(lambda: text_when(r"print\(6 \* 7\)\n42\n"), 60,
                          "the kernel's answer 42")
    except AssertionError:
        raise AssertionError(f"no answer 42 in the console:\n{seen[0][-1000:]}") from None
    qt.call("chr.getPageText", {})  # the agent reads the answer
    return text


def make_repo(path: Path) -> Path:
    """A git repository with one commit, a modified file and an untracked one."""
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=path, check=True, capture_output=True)

    path.mkdir(parents=True, exist_ok=True)
    git("init", "-q", "-b", "master")
    git("config", "user.email", "agent@example.com")
    git("config", "user.name", "Agent")
    (path / "notes.txt").write_text("first line\n")
    git("add", "notes.txt")
    git("commit", "-q", "-m", "Start")
    (path / "notes.txt").write_text("first line\nsecond line\n")
    (path / "draft.txt").write_text("not yet\n")
    return path


def git_task(qt: Counting, repo: Path) -> str:
    """git-cola: stage the modified file and commit it with a message. Returns the
    repository's latest commit subject (git log: the app's effect on its own data)."""
    wait_until(lambda: "notes.txt" in qt.raw.call("chr.getPageText")["text"], 30,
               "git-cola to list the modified file")  # it reads the repository later
    page = qt.call("chr.readPage", {"filter": "interactive"})["text"]
    qt.call("chr.click", {"ref": _ref(page, "treeitem", "notes.txt")})
    qt.call("chr.navigate", {"url": "Commit > Stage / Unstage"})
    wait_until(lambda: _git(repo, "diff", "--cached", "--name-only") == "notes.txt",
               30, "notes.txt to be staged")
    qt.call("chr.formInput", {"ref": _ref(page, "textbox", "Commit summary"),
                              "value": "Add the second line"})
    qt.call("chr.click", {"ref": _ref(page, "button", "Commit")})
    return wait_until(lambda: _git(repo, "log", "-1", "--format=%s").replace("Start", ""),
                      30, "the new commit")


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True,
                          check=True).stdout.strip()


def tasklist_task(qt: Counting) -> dict[str, Any]:
    """progress-list (QML): add a task and tick it done. Returns the app's TaskModel
    figures, read from the model itself (qml.evaluate on the window)."""
    page = qt.call("chr.readPage", {"filter": "interactive"})
    field = _ref(page["text"], "textbox", "Add a task...")
    qt.call("chr.formInput", {"ref": field, "value": "Write the report"})
    qt.call("chr.click", {"ref": _ref(page["text"], "button", "Add")})

    def box() -> str | None:
        text = qt.raw.call("chr.readPage", {"filter": "interactive"})["text"]
        return _ref(text, "checkbox", "Write the report", missing_ok=True)

    wait_until(box, 30, "the new task's check box")  # the ListView makes it later
    page = qt.call("chr.readPage", {"filter": "interactive"})
    qt.call("chr.formInput", {"ref": _ref(page["text"], "checkbox", "Write the report"),
                              "value": True})
    window = qt.raw.call("chr.tabsContext")["tabs"][0]["tabId"]
    return {k: qt.raw.call("qml.evaluate", {"objectId": window, "expression": e})["value"]
            for k, e in (("rows", "taskModel.rowCount()"),
                         ("percent", "taskModel.percentageComplete"))}


def _ref(text: str, role: str, name: str, missing_ok: bool = False) -> Any:
    for line in text.splitlines():
        m = _LINE.match(line)
        if m and m.group(1) == role and (m.group(2) or "") == name:
            return m.group(3)
    if missing_ok:
        return None
    raise AssertionError(f"no {role} {name!r} with a ref in:\n{text}")


# ------------------------------------------------------------------------ monkey


def refs_of(text: str) -> list[tuple[str, str, str]]:
    """(ref, role, name) of each element with a ref in a readPage outline."""
    out = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if m:
            out.append((m.group(3), m.group(1), m.group(2) or ""))
    return out


def monkey(qt: Client, actions: int = 300, seed: int = 18, avoid: str = "",
           history: list[tuple[str, dict[str, Any]]] | None = None) -> dict[str, int]:
    """``actions`` random chr.* actions on refs from chr.readPage (closing and quitting
    left out, and elements named by ``avoid``, a regular expression: an app's own
    closing button may have another name); returns how often each error name was
    answered, and ``ok`` the actions that succeeded. INTERNAL_ERROR fails."""
    unsafe = re.compile(f"{UNSAFE.pattern}|{avoid}", re.IGNORECASE) if avoid else UNSAFE
    rng = random.Random(seed)
    errors: dict[str, int] = {}
    refs: list[tuple[str, str, str]] = []
    for i in range(actions):
        if i % 15 == 0 or not refs:
            try:
                page = qt.call("chr.readPage", {"max_chars": 200_000})
            except RemoteError as exc:
                assert exc.name != "INTERNAL_ERROR", exc.data
                errors[exc.name] = errors.get(exc.name, 0) + 1
                continue
            refs = [r for r in refs_of(page["text"]) if not unsafe.search(r[2])]
            if not refs:
                continue
        ref, role, name = rng.choice(refs)
        method, params = _action(rng, ref, role)
        if history is not None:
            history.append((method, {**params, "role": role, "name": name}))
        try:
            qt.call(method, params)
            errors["ok"] = errors.get("ok", 0) + 1
        except RemoteError as exc:
            assert exc.name != "INTERNAL_ERROR", (method, params, exc.data)
            errors[exc.name] = errors.get(exc.name, 0) + 1
    return errors


def _action(rng: random.Random, ref: str, role: str) -> tuple[str, dict[str, Any]]:
    kind = rng.choice(("click", "click", "hover", "scroll", "type", "key", "form", "read",
                       "scrollTo", "find"))
    if kind == "click":
        return "chr.click", {"ref": ref, "clickCount": rng.choice((1, 1, 2)),
                             "button": rng.choice(("left", "left", "left", "right"))}
    if kind == "hover":
        return "chr.hover", {"ref": ref}
    if kind == "scroll":
        return "chr.scroll", {"ref": ref, "scroll_direction": rng.choice(("up", "down")),
                              "scroll_amount": rng.randint(1, 5)}
    if kind == "type":
        return "chr.type", {"ref": ref, "text": rng.choice(TEXTS)}
    if kind == "key":
        return "chr.key", {"ref": ref, "text": rng.choice(KEYS)}
    if kind == "form":
        value: Any = rng.choice((True, False, 3, "hello", "", 1e9, "Tab"))
        return "chr.formInput", {"ref": ref, "value": value}
    if kind == "scrollTo":
        return "chr.scrollTo", {"ref": ref}
    if kind == "find":
        return "chr.find", {"query": rng.choice(("button", "ok", role, "x y z"))}
    return "chr.readPage", {"ref_id": ref, "format": rng.choice(("text", "json"))}


def random_run(qt: Client, seed: int, actions: int = 300, avoid: str = "") -> dict[str, int]:
    """A seeded random run of ``actions`` chr.* actions (:func:`monkey`): no answer is
    INTERNAL_ERROR, the app still answers, and the probe met no fault in it (any element
    it could not read is listed with its traceback). Returns the outcomes."""
    done: list[tuple[str, dict[str, Any]]] = []
    try:
        outcomes = monkey(qt, actions, seed=seed, avoid=avoid, history=done)
    except Exception as exc:  # say where the run was when it ended
        raise AssertionError(f"seed {seed}, action {len(done)}: {exc}; the last ones: "
                             f"{done[-5:]}") from exc
    assert qt.call("qt.ping")["pong"] is True
    met = faultgate.probe_faults(qt)
    assert not met, f"seed {seed}: probe faults " + "\n".join(
        f"{f['message']}\n{f.get('traceback', '')}" for f in met)
    return outcomes
