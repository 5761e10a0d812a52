"""The protocol module on plain values: decoding, envelopes, the error table, schemas."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

import pytest

from probe import protocol
from probe.protocol import RpcError
from probe.server.registry import P, Registry, check, schema_of


def test_decode_single_request() -> None:
    msg = protocol.decode('{"jsonrpc":"2.0","method":"qt.ping","params":{},"id":7}')
    assert not msg.batch
    (req,) = msg.items
    assert isinstance(req, protocol.Request)
    assert (req.method, req.id, req.is_notification) == ("qt.ping", 7, False)


def test_a_request_says_how_its_user_asked_for_it() -> None:
    """``via``: the MCP tool or CLI command behind a call, kept for the traffic mirror."""
    said = {"tool": "computer", "arguments": {"action": "left_click", "ref": "ref_3"}}
    msg = protocol.encode(protocol.request("chr.computer", {"action": "left_click"}, 9, said))
    (req,) = protocol.decode(msg).items
    assert isinstance(req, protocol.Request) and req.via == said and req.id == 9
    (plain,) = protocol.decode(protocol.encode(protocol.request("qt.ping", None, 1))).items
    assert isinstance(plain, protocol.Request) and plain.via is None


def test_decode_notification_has_no_id() -> None:
    (req,) = protocol.decode('{"jsonrpc":"2.0","method":"qt.ping"}').items
    assert isinstance(req, protocol.Request) and req.is_notification


@pytest.mark.parametrize(
    ("raw", "name", "rid"),
    [
        ("{not json", "PARSE_ERROR", None),
        ("[]", "INVALID_REQUEST", None),
        ('"text"', "INVALID_REQUEST", None),
        ('{"jsonrpc":"1.0","method":"a","id":3}', "INVALID_REQUEST", 3),
        ('{"jsonrpc":"2.0","method":5,"id":"x"}', "INVALID_REQUEST", "x"),
        ('{"jsonrpc":"2.0","method":"a","params":3,"id":4}', "INVALID_REQUEST", 4),
        ('{"jsonrpc":"2.0","method":"a","id":{"bad":1}}', "INVALID_REQUEST", None),
        ('{"jsonrpc":"2.0","method":"a","id":1,"extra":true}', "INVALID_REQUEST", 1),
        ('{"jsonrpc":"2.0","method":"a","id":2,"via":"computer"}', "INVALID_REQUEST", 2),
    ],
)
def test_decode_invalid(raw: str, name: str, rid: Any) -> None:
    (item,) = protocol.decode(raw).items
    assert isinstance(item, protocol.Invalid)
    assert item.error["data"]["name"] == name
    assert item.error["code"] == protocol.ERRORS[name].code
    assert item.id == rid


def test_batch_mixes_valid_and_invalid() -> None:
    msg = protocol.decode('[{"jsonrpc":"2.0","method":"a","id":1}, 5]')
    assert msg.batch and len(msg.items) == 2
    assert isinstance(msg.items[0], protocol.Request)
    assert isinstance(msg.items[1], protocol.Invalid)


def test_error_table_codes_unique_and_spec_codes() -> None:
    codes = [k.code for k in protocol.ERRORS.values()]
    assert len(codes) == len(set(codes))
    spec = {"PARSE_ERROR": -32700, "INVALID_REQUEST": -32600, "METHOD_NOT_FOUND": -32601,
            "INVALID_PARAMS": -32602, "INTERNAL_ERROR": -32603}
    for name, code in spec.items():
        assert protocol.ERRORS[name].code == code
    for kind in protocol.ERRORS.values():
        assert kind.hint and kind.message


def test_rpc_error_carries_hint_and_data() -> None:
    err = RpcError("OBJECT_NOT_FOUND", "no x", available=["a", "b"]).to_error()
    assert err["code"] == 1000
    assert err["data"]["name"] == "OBJECT_NOT_FOUND"
    assert err["data"]["available"] == ["a", "b"]
    assert "qt.objects" in err["data"]["hint"] or "path" in err["data"]["hint"]


def test_encode_never_raises() -> None:
    text = protocol.encode({"a": float("nan"), "b": {1, 2}, "c": object()})
    value = json.loads(text)
    assert value["a"] == "nan" and sorted(value["b"]) == [1, 2]


def test_sniff_id_of_huge_message() -> None:
    raw = '{"jsonrpc":"2.0","id":42,"method":"x","params":{"s":"' + "a" * 10000 + '"}}'
    assert protocol.sniff_id(raw) == 42
    assert protocol.sniff_id('{"method":"x"}') is None


def test_schema_from_type_hints_and_validation() -> None:
    reg = Registry()

    @reg.method("t.m")
    def m(name: Annotated[str, P("a name", minLength=1)], depth: int = 3,
          mode: Literal["a", "b"] = "a", tags: list[str] | None = None) -> dict[str, Any]:
        """Test method."""
        return {"name": name, "depth": depth, "mode": mode, "tags": tags}

    spec = reg.methods["t.m"]
    schema = spec.params_schema
    assert schema["required"] == ["name"]
    assert schema["properties"]["depth"] == {"type": "integer", "default": 3}
    assert schema["properties"]["mode"]["enum"] == ["a", "b"]
    assert spec.bind({"name": "x"}) == {"name": "x", "depth": 3, "mode": "a", "tags": None}
    assert spec.bind(["x", 2]) == {"name": "x", "depth": 2, "mode": "a", "tags": None}
    for bad in ({}, {"name": 1}, {"name": ""}, {"name": "x", "depth": True},
                {"name": "x", "depth": 1.5}, {"name": "x", "mode": "c"},
                {"name": "x", "nope": 1}, {"name": "x", "tags": [1]}):
        with pytest.raises(RpcError) as info:
            spec.bind(bad)
        assert info.value.name == "INVALID_PARAMS"
        assert info.value.data["expected"] == schema
        assert info.value.data["received"] == bad


def test_method_needs_docstring() -> None:
    reg = Registry()
    with pytest.raises(TypeError):
        reg.method("t.x")(lambda: None)


def test_check_numbers_and_unions() -> None:
    assert check(3, schema_of(float), "x") == []
    assert check(True, schema_of(float), "x")
    assert check(None, schema_of(int | None), "x") == []
    assert check("s", schema_of(int | None), "x")


# ------------------------------------------------------------- hardening on plain values


@pytest.mark.parametrize("literal", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999"])
def test_non_finite_numbers_are_refused_with_the_id(literal: str) -> None:
    raw = f'{{"jsonrpc":"2.0","method":"m","params":{{"a":[1,{literal}]}},"id":9}}'
    (item,) = protocol.decode(raw).items
    assert isinstance(item, protocol.Invalid) and item.id == 9
    assert item.error["data"]["name"] == "INVALID_PARAMS"
    assert item.error["data"]["where"] == "params.a[1]"


def test_lone_surrogates_are_refused_pairs_pass() -> None:
    bad = ['{"jsonrpc":"2.0","method":"m","params":{"s":"a\\ud800"},"id":1}',
           '{"jsonrpc":"2.0","method":"m","params":{"\\uDC00":1},"id":1}',
           '{"jsonrpc":"2.0","method":"m\\udbff","id":1}']
    for raw in bad:
        (item,) = protocol.decode(raw).items
        assert isinstance(item, protocol.Invalid) and item.id == 1, raw
    (item,) = protocol.decode('{"jsonrpc":"2.0","method":"m","id":"\\ud800"}').items
    assert isinstance(item, protocol.Invalid) and item.id is None  # an id that cannot go back
    (item,) = protocol.decode(b'{"jsonrpc":"2.0","method":"m\xed\xa0\x80","id":1}').items
    assert isinstance(item, protocol.Invalid) and item.error["data"]["name"] == "PARSE_ERROR"
    (item,) = protocol.decode('{"jsonrpc":"2.0","method":"m","params":{"s":"\\ud83d\\ude00"},'
                              '"id":1}').items
    assert isinstance(item, protocol.Request) and item.params == {"s": "\U0001F600"}


def test_nesting_and_batch_size_are_capped() -> None:
    ok = "[" * 30 + "]" * 30
    deep = "[" * 31 + "]" * 31
    (item,) = protocol.decode(f'{{"jsonrpc":"2.0","method":"m","params":{{"v":{ok}}},'
                              '"id":1}').items
    assert isinstance(item, protocol.Request)
    (item,) = protocol.decode(f'{{"jsonrpc":"2.0","method":"m","params":{{"v":{deep}}},'
                              '"id":1}').items
    assert isinstance(item, protocol.Invalid) and "nested" in item.error["message"]
    batch = json.dumps([{"jsonrpc": "2.0", "method": "m", "id": i} for i in range(101)])
    (item,) = protocol.decode(batch).items
    assert isinstance(item, protocol.Invalid) and item.error["data"]["name"] == \
        "BATCH_TOO_LARGE" and item.error["data"]["limit"] == protocol.MAX_BATCH
    assert len(protocol.decode(json.dumps(json.loads(batch)[:100])).items) == 100


def test_encode_is_total_and_always_valid_utf8() -> None:
    deep: list[Any] = []
    cur = deep
    for _ in range(1000):
        nxt: list[Any] = []
        cur.append(nxt)
        cur = nxt

    class Hostile:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    values = [{"s": "a\ud800b", "\udc00": 1}, deep, 2**70, 2**20000, float("inf"),
              {(1, 2): 1, None: 2, 1.5: 3}, Hostile(), b"\xff\xfe", {1, 2}]
    for value in values:
        text = protocol.encode({"jsonrpc": "2.0", "id": 1, "result": value})
        text.encode("utf-8")  # never a lone surrogate in what goes on the wire
        assert json.loads(text)["id"] == 1
    assert json.loads(protocol.encode({"s": "a\ud800b"}))["s"] == "a\ufffdb"
    assert json.loads(protocol.encode(2**70)) == 2**70  # exact, not a float


def test_an_id_of_1300_digits_is_echoed_as_sent() -> None:
    raw = '{"jsonrpc":"2.0","id":' + "7" * 1300 + ',"method":"qt.ping"}'
    rid = protocol.decode(raw).items[0].id
    reply = protocol.encode({"jsonrpc": "2.0", "id": rid, "result": None})
    assert reply.startswith('{"jsonrpc":"2.0","id":' + "7" * 1300 + ",")


def test_numeric_checks_refuse_non_finite_and_unsafe_numbers() -> None:
    number = schema_of(Annotated[float, P("n", minimum=0, maximum=10)])
    for value in (float("nan"), float("inf"), -float("inf")):
        assert check(value, number, "x") and check(value, schema_of(float), "x")
    assert check(2**53 + 1, schema_of(int), "x")  # no bounds of its own: JSON-safe only
    assert check(2**53, schema_of(int), "x") == []
    assert check(2**60, {}, "x") == []  # an 'any' value is the method's to check
