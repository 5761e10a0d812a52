"""The values that broke the probe before, and harmless fillers for every other
parameter: shared by the fuzz test and ``bench_fuzz``."""

from __future__ import annotations

import json
from typing import Any

#: The object app-changing methods are fuzzed on: a text box whose properties change
#: nothing else (no window closes, the app does not quit).
THROWAWAY = "notesEdit"

#: The values that broke the probe before, as raw JSON text (json.dumps writes no NaN
#: literal one would send by hand, and no lone surrogate escape).
POISONS: dict[str, str] = {
    "NaN": "NaN", "Infinity": "Infinity", "-Infinity": "-Infinity", "1e400": "1e400",
    "huge float": "1e308", "lone surrogate": '"\\ud800"', "surrogate inside": '"ab\\udfffcd"',
    "surrogate key": '{"\\udc00":1}', "surrogate in a list": '["ok","\\ud800"]',
    "nested 30 (decodes)": "[" * 30 + "1" + "]" * 30,
    "objects nested 30": '{"a":' * 30 + "1" + "}" * 30,
    "nested 40": "[" * 40 + "1" + "]" * 40, "nested 980": "[" * 980 + "1" + "]" * 980,
    "2^31": str(2**31), "2^63": str(2**63), "-2^63-1": str(-2**63 - 1),
    "10^30": "1" + "0" * 30, "4000 digits": "9" * 4000,
    "long string": json.dumps("x" * 100_001),
    "long astral string": json.dumps("\U0001F600" * 50_000, ensure_ascii=False),
    "long list": json.dumps(list(range(20_000))),
}
#: Harmless values for the parameters that are not being poisoned: the throwaway text
#: box, a reading action, short timeouts (a wait that cannot succeed ends soon).
FILLERS: dict[str, Any] = {
    "objectId": THROWAWAY, "target": THROWAWAY, "name": "plainText", "value": "x",
    "method": "toPlainText", "signal": "textChanged", "property": "plainText",
    "action": "screenshot", "text": "a", "keys": "a", "query": "notes", "url": "zzz-nowhere",
    "ref": "ref_999999", "path": "fuzz.json", "definition": "mainWindow",
    "className": "QWidget", "topics": ["sessions"], "steps": [], "enabled": False,
    "approve": False, "gateId": "g0", "clientId": 1, "modelId": "zzz", "row": 0,
    "column": 0, "subscriptionId": "zzz", "reference": "zzz", "expression": "1",
    "coordinate": [5, 5], "start": [5, 5], "end": [6, 6], "region": [0, 0, 10, 10],
    "x": 5, "y": 5,
}
#: Optional parameters set anyway, so that nothing the sweep calls runs for long.
SHORT = {"timeout": 0.3, "duration": 0.05, "seconds": 0.1}
TYPE_FILLERS = {"string": "zzz-fuzz", "integer": 1, "number": 0.5, "boolean": False,
                "array": [], "object": {}}


def filler(name: str, schema: dict[str, Any]) -> Any:
    if name in FILLERS:
        return FILLERS[name]
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    return TYPE_FILLERS.get(kind, "zzz-fuzz")


def poisoned(method: dict[str, Any], param: str, poison: str) -> str:
    """The request text: ``param`` set to the raw ``poison``, the rest filled."""
    props = method["params"]["properties"]
    params = {n: filler(n, props[n]) for n in method["params"]["required"] if n != param}
    params.update({n: v for n, v in SHORT.items() if n in props and n != param})
    body = json.dumps(params)
    inner = f'"{param}":{poison}'
    body = "{" + inner + ("," + body[1:] if params else "}")
    return f'{{"jsonrpc":"2.0","method":"{method["name"]}","params":{body},"id":"p"}}'
