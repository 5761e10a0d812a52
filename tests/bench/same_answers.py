"""The answers of the page reads, saved and compared: a speed change must not change a byte.

    python tests/bench/same_answers.py save FILE      # before the change
    python tests/bench/same_answers.py compare FILE   # after it: exit 1 on any difference

Reads, over a real connection, the demo app (every window it lists as a tab, each read in
every format and filter, the first groups and fields by ref, find and page text) and the
bench form of 2,000 controls (the same, twice in a row: the second read reissues refs); the demo
again on each page of its tab widget, clicked.
Each answer is kept whole (text, JSON trees, refs, ids, notes); the timing meta is left
out. Not a benchmark: a check to run around a change of the read's code (#41).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from _common import demo_app
from probe.client import Client

FORMS = (("text", "all"), ("text", "interactive"), ("json", "all"), ("json", "interactive"))
QUERIES = ("email", "button", "country", "submit", "name", "check box")


def _reads(client: Client, tab: Any, tag: str, out: dict[str, Any]) -> None:
    for fmt, flt in FORMS:
        params: dict[str, Any] = {"format": fmt, "filter": flt, "max_chars": 100_000_000}
        if tab is not None:
            params["tabId"] = tab
        out[f"{tag} readPage {fmt}/{flt}"] = client.call("chr.readPage", params)
    page = client.call("chr.readPage", {"format": "json", "max_chars": 100_000_000,
                                        **({"tabId": tab} if tab is not None else {})})
    refs = [n["ref"] for n in _nodes(page["tree"]) if "ref" in n][:40]
    for ref in refs:
        out[f"{tag} readPage ref_id={ref}"] = client.call("chr.readPage", {"ref_id": ref})
    for q in QUERIES:
        out[f"{tag} find {q}"] = client.call(
            "chr.find", {"query": q, **({"tabId": tab} if tab is not None else {})})
    out[f"{tag} getPageText"] = client.call(
        "chr.getPageText", {"tabId": tab} if tab is not None else {})
    out[f"{tag} readPage again"] = client.call("chr.readPage", {"max_chars": 100_000_000})


def _nodes(tree: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for n in tree:
        out.append(n)
        out += _nodes(n.get("children", []))
    return out


def answers() -> dict[str, Any]:
    out: dict[str, Any] = {}
    with demo_app() as app:
        client = app.client(name="same-answers")
        tabs = client.call("chr.tabsContext", {})
        out["demo tabs"] = tabs["tabs"]
        for tab in tabs["tabs"]:
            _reads(client, tab["tabId"], f"demo {tab['tabId']}", out)
        page = client.call("chr.readPage", {"format": "json", "max_chars": 100_000_000})
        for n in [n for n in _nodes(page["tree"]) if n["role"] == "tab"]:
            client.call("chr.click", {"ref": n["ref"]})  # each page of the demo's tabs
            _reads(client, None, f"demo tab {n['name']}", out)
    with demo_app("--bench-form", "2000") as app:
        client = app.client(name="same-answers")
        _reads(client, None, "bench", out)
        _reads(client, None, "bench again", out)
    return out


def main() -> None:
    what, path = sys.argv[1], Path(sys.argv[2])
    got = answers()
    if what == "save":
        path.write_text(json.dumps(got, ensure_ascii=False, indent=1, sort_keys=True))
        print(f"saved {len(got)} answers to {path}")
        return
    want = json.loads(path.read_text())
    differ = [k for k in sorted(set(want) | set(got)) if want.get(k) != got.get(k)]
    for k in differ[:20]:
        print(f"DIFFERS: {k}")
    print(f"{len(got)} answers, {len(differ)} differ")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
