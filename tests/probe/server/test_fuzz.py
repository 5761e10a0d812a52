"""Generated messages against a live demo app: every request gets a spec-correct answer,
notifications get none, the app keeps answering, and no traceback reaches its stderr.

Besides the generated messages, every parameter of every method in ``qt.schema`` gets
each of the values that broke the probe before (NaN/Infinity, lone surrogates, deep
nesting, huge integers, long strings), the other parameters filled with harmless values.
``pytest -q -s tests/probe/server/test_fuzz.py`` prints the counts (``fuzz: ...``) at the end.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as ws_connect

from probe import protocol
from tests.support.app import DemoApp, start_demo
from tests.support.poisons import POISONS, THROWAWAY, poisoned

#: The JSON-RPC 2.0 spec's own codes; every other code must come from the error table.
SPEC_CODES = {-32700, -32600, -32601, -32602, -32603}
TABLE_CODES = {kind.code: kind.name for kind in protocol.ERRORS.values()}
#: Examples per test; the whole file sends several thousand messages in under a minute.
EXAMPLES = 500
#: Same examples every run (a CI failure reproduces locally); no example database.
FUZZ = settings(deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**63),
                      st.floats(allow_nan=False, allow_infinity=False),
                      st.text(max_size=40))
#: Big strings (up to ~100 KB, some of them astral-plane unicode), cheap to generate.
big_text = st.builds(lambda ch, n: ch * n, st.characters(), st.integers(0, 100_000))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    demo = start_demo()
    yield demo
    demo.stop()


@pytest.fixture(scope="module")
def read_only_methods(app: DemoApp) -> list[str]:
    qt = app.client()
    schema = qt.call("qt.schema")["methods"]
    # Only methods that neither change the app nor start streams: the fuzzer must not
    # click "Quit".
    return sorted(m["name"] for m in schema
                  if not m["changesApp"] and not m["name"].startswith("probe.frames"))


@pytest.fixture(scope="module")
def ws(app: DemoApp) -> Iterator[ClientConnection]:
    # No keepalive: its thread draws each ping's payload from the global ``random``, and a
    # ping during a draw made Hypothesis warn of a strategy that uses ``random``.
    with ws_connect(f"{app.url}/?token={app.token}", compression=None, max_size=None,
                    ping_interval=None) as conn:
        yield conn


#: Counts over the whole file: messages sent, requests answered per the spec, internal errors.
COUNTS = {"messages": 0, "answered": 0, "internal": 0}


class Exchange:
    """Send one message, then a sentinel ping; collect what came back before it."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = conn
        self.n = 0

    def send(self, text: str) -> list[Any]:
        self.n += 1
        COUNTS["messages"] += 1
        sentinel = f"sentinel-{self.n}"
        self.conn.send(text)
        self.conn.send(json.dumps({"jsonrpc": "2.0", "method": "qt.ping", "id": sentinel}))
        replies: list[Any] = []
        expected = expects_reply(text)
        seen_sentinel = False
        while not (seen_sentinel and (replies or not expected)):
            msg = json.loads(self.conn.recv(timeout=15))
            if all(isinstance(m, dict) and "method" in m and "id" not in m
                   for m in (msg if isinstance(msg, list) and msg else [msg])):
                continue  # notifications (a stream some fuzzed call started; several
                # close in time come as one array), not a reply
            if isinstance(msg, dict) and msg.get("id") == sentinel:
                assert msg["result"]["result"]["pong"] is True, "app stopped answering"
                # The fuzzed call may be slower than the ping: its reply can come after.
                seen_sentinel = True
                continue
            replies.append(msg)
        return replies


def is_notification(v: Any) -> bool:
    """A valid request without an id: the only thing that gets no answer."""
    return (isinstance(v, dict) and "id" not in v and v.get("jsonrpc") == "2.0"
            and isinstance(v.get("method"), str)
            and isinstance(v.get("params", {}), (dict, list))
            and set(v) <= {"jsonrpc", "method", "params"})


def expects_reply(text: str) -> bool:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return True
    if isinstance(value, list):
        return not value or not all(is_notification(v) for v in value)
    return not is_notification(value)


def check_error(reply: dict[str, Any]) -> None:
    if "error" in reply and reply["error"].get("code") == -32603:
        COUNTS["internal"] += 1
    assert reply["jsonrpc"] == "2.0"
    assert set(reply) == {"jsonrpc", "id", "error"} or set(reply) == {"jsonrpc", "id", "result"}
    if "error" in reply:
        err = reply["error"]
        assert isinstance(err["code"], int) and isinstance(err["message"], str)
        assert err["data"]["name"] and err["data"]["hint"], err
        assert err["code"] in SPEC_CODES or err["code"] in TABLE_CODES, err
        assert TABLE_CODES.get(err["code"]) == err["data"]["name"], err
        assert err["code"] != -32603, f"internal error: {err}"
    COUNTS["answered"] += 1


@settings(FUZZ, max_examples=EXAMPLES)
@given(text=st.one_of(
    st.text(max_size=60),
    st.text(alphabet=string.printable, max_size=60).map(lambda s: "{" + s),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    json_value.map(json.dumps),
))
def test_malformed_messages(ws: ClientConnection, text: str) -> None:
    replies = Exchange(ws).send(text)
    if not expects_reply(text):
        assert replies == []
        return
    assert len(replies) == 1 or isinstance(replies[0], list)
    for reply in replies[0] if isinstance(replies[0], list) else replies:
        check_error(reply)
        if "error" in reply and reply["error"]["code"] in (-32700,):
            assert reply["id"] is None


request_strategy = st.fixed_dictionaries(
    {"jsonrpc": st.just("2.0"),
     "method": st.one_of(st.text(max_size=20), st.sampled_from(["qt.ping", "qt.version",
                                                                "qt.schema", "qt.modes"])),
     "params": st.one_of(st.dictionaries(st.text(max_size=10), json_value, max_size=4),
                         st.lists(json_value, max_size=4))},
    optional={"id": st.one_of(st.integers(), st.text(max_size=10), st.none())})


@settings(FUZZ, max_examples=EXAMPLES)
@given(req=request_strategy)
def test_well_formed_requests_random_methods_and_params(ws: ClientConnection,
                                                        req: dict[str, Any]) -> None:
    replies = Exchange(ws).send(json.dumps(req))
    if is_notification(req):
        assert replies == []
        return
    (reply,) = replies
    check_error(reply)
    assert reply["id"] == req["id"]


@settings(FUZZ, max_examples=EXAMPLES)
@given(data=st.data())
def test_known_methods_with_random_params(ws: ClientConnection, read_only_methods: list[str],
                                          data: st.DataObject) -> None:
    method = data.draw(st.sampled_from(read_only_methods))
    params = data.draw(st.dictionaries(st.sampled_from(["objectId", "name", "depth", "timeout",
                                                        "filter", "x", "prefix", "ref"]),
                                       st.one_of(json_value, big_text), max_size=3))
    (reply,) = Exchange(ws).send(json.dumps(
        {"jsonrpc": "2.0", "method": method, "params": params, "id": 1}))
    check_error(reply)


@pytest.fixture(scope="module")
def throwaway_properties(app: DemoApp) -> dict[str, str]:
    """Writable properties of the throwaway object and their types."""
    props = app.client().call("qt.properties.list", {"objectId": THROWAWAY})["properties"]
    # every type, sizes and fonts too: the probe bounds them by what the screens show
    types = {p["name"]: p.get("type", "") for p in props
             if p.get("writable") and p["name"] != "objectName"}  # keep it findable
    assert "plainText" in types and len(types) > 10, types
    return types


#: Values of the right type for a property (so many sets get through), by Qt type.
TYPED = {"QString": st.one_of(st.text(max_size=40), big_text), "bool": st.booleans(),
         "int": st.integers(-2**40, 2**40),
         "double": st.floats(allow_nan=False, allow_infinity=False),
         "QSize": st.fixed_dictionaries({"width": st.integers(-2**32, 2**32),
                                         "height": st.integers(-2**32, 2**32)}),
         "QRect": st.fixed_dictionaries({k: st.integers(-2**32, 2**32)
                                         for k in ("x", "y", "width", "height")}),
         "QFont": st.fixed_dictionaries({"pointSizeF": st.floats(0.1, 1e308)})}


@settings(FUZZ, max_examples=300)
@given(data=st.data())
def test_property_set_on_a_throwaway_object(ws: ClientConnection,
                                            throwaway_properties: dict[str, str],
                                            data: st.DataObject) -> None:
    """An app-changing method with generated values: a spec-correct answer each time."""
    name = data.draw(st.one_of(st.sampled_from(sorted(throwaway_properties)),
                               st.text(max_size=20)))
    typed = TYPED.get(throwaway_properties.get(name, ""), json_value)
    value = data.draw(st.one_of(typed, json_value, big_text))
    (reply,) = Exchange(ws).send(json.dumps(
        {"jsonrpc": "2.0", "method": "qt.properties.set", "id": "set",
         "params": {"objectId": THROWAWAY, "name": name, "value": value}}))
    check_error(reply)
    assert reply["id"] == "set"
    event(reply["error"]["data"]["name"] if "error" in reply else "set")


@settings(FUZZ, max_examples=150)
@given(batch=st.lists(request_strategy, min_size=1, max_size=8))
def test_batches(ws: ClientConnection, batch: list[dict[str, Any]]) -> None:
    replies = Exchange(ws).send(json.dumps(batch))
    expected = [r.get("id") for r in batch if not is_notification(r)]
    if not expected:
        assert replies == []
        return
    (arr,) = replies
    assert isinstance(arr, list)
    assert sorted(map(repr, (r["id"] for r in arr))) == sorted(map(repr, expected))
    for reply in arr:
        check_error(reply)


def test_huge_and_deep_messages(ws: ClientConnection) -> None:
    ex = Exchange(ws)
    deep = "[" * 100000 + "]" * 100000
    (reply,) = ex.send(deep)
    assert reply["error"]["code"] in (-32700, -32600)
    unicode = json.dumps({"jsonrpc": "2.0", "method": "qt.schema",
                          "params": {"prefix": "\u2603\U0001F600" * 1000}, "id": "u"})
    (reply,) = ex.send(unicode)
    assert reply["result"]["result"]["methods"] == []
    for size in (10_000, 100_000):  # big strings through a real app change, read back
        text = ("\u00e9\U0001F600 ligne\n" * size)[:size]
        (reply,) = ex.send(json.dumps({"jsonrpc": "2.0", "method": "qt.properties.set",
                                       "id": size, "params": {"objectId": THROWAWAY,
                                                              "name": "plainText",
                                                              "value": text}}))
        assert reply["result"]["result"]["value"] == text


def test_every_parameter_of_every_method_with_each_poison(ws: ClientConnection,
                                                          app: DemoApp) -> None:
    schema = app.client().call("qt.schema")["methods"]
    ex = Exchange(ws)
    failures: list[str] = []
    sent = 0
    for method in schema:
        for param in method["params"]["properties"]:
            for label, poison in POISONS.items():
                text = poisoned(method, param, poison)
                (reply,) = ex.send(text)
                sent += 1
                try:
                    check_error(reply)
                    assert reply["id"] == "p", reply
                except AssertionError as exc:
                    failures.append(f"{method['name']} {param}={label}: {str(exc)[:300]}")
    ex.send(json.dumps({"jsonrpc": "2.0", "method": "probe.frames.stop", "id": "end"}))
    assert sent >= 111 * 2 * len(POISONS) // 2
    assert not failures, f"{len(failures)} of {sent}:\n" + "\n".join(failures[:30])


def test_no_traceback_reached_the_app(app: DemoApp) -> None:
    app.client().call("qt.ping")
    assert not [line for line in app.stderr_lines if "Traceback" in line], app.stderr_lines[-20:]


def test_counts(app: DemoApp) -> None:
    """The run's counts: every request answered per the spec, no internal error."""
    print(f"\nfuzz: {COUNTS['messages']} messages sent, {COUNTS['answered']} requests "
          f"answered per spec, {COUNTS['internal']} internal errors")
    assert COUNTS["internal"] == 0
    assert COUNTS["messages"] > 5000
