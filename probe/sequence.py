"""Several probe calls in one session from the shell: ``qtmcp call --lines FILE`` (or ``-``).

Refs (``ref_12``) and ``#N`` ids name things only inside the session that got them, so a
sequence of separate ``qtmcp call`` runs cannot use them; here every line is a call made
on one connection, and each result is printed as one JSON line as soon as it comes (a
script or a coprocess can read the refs of one answer before it writes the next line).

A line is a JSON object ``{"method": "chr.click", "params": {"ref": "ref_7"}}`` or the
short form ``chr.click {"ref": "ref_7"}``; blank lines and ``#`` comments are skipped. The
first call that fails stops the run (``keep_going`` runs on); the exit code is 1 if any
failed, 2 for a line that is no call.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from probe.client import Client
from probe.exceptions import RemoteError


class BadLine(ValueError):
    """A line that is no call; says which line and what a call looks like."""


def parse_line(line: str, number: int) -> tuple[str, dict[str, Any] | list[Any] | None] | None:
    """``(method, params)`` of one line; None for a blank line or a comment."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    try:
        if text.startswith("{"):
            obj = json.loads(text)
            method, params = obj.get("method"), obj.get("params")
        else:
            method, _, rest = text.partition(" ")
            params = json.loads(rest) if rest.strip() else None
    except (ValueError, AttributeError) as exc:
        raise BadLine(f"line {number}: not JSON ({exc}); write {{\"method\": \"chr.readPage\", "
                      "\"params\": {}} or: chr.readPage {}") from None
    valid_params = params is None or isinstance(params, (dict, list))
    if not (isinstance(method, str) and method) or not valid_params:
        raise BadLine(f"line {number}: needs a method name and params as a JSON object, e.g. "
                      "chr.click {\"ref\": \"ref_7\"}")
    return method, params


def run(client: Client, lines: Iterable[str], out: TextIO, *, envelope: bool = False,
        keep_going: bool = False) -> int:
    """Make each line's call in ``client``'s session and print its answer; the exit code."""
    failed = False
    for number, line in enumerate(lines, start=1):
        call = parse_line(line, number)
        if call is None:
            continue
        method, params = call
        record: dict[str, Any] = {"line": number, "method": method}
        try:
            answer = client.call_envelope(method, params)
            record.update(answer if envelope else {"result": answer["result"]})
        except RemoteError as exc:
            failed = True
            record["error"] = {"name": exc.name, "message": exc.message, "hint": exc.hint,
                               "data": exc.data}
        out.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")
        out.flush()
        if failed and not keep_going:
            break
    return 1 if failed else 0
