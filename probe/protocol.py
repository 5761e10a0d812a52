"""JSON-RPC 2.0 messages and the one error table of the probe protocol.

No I/O, no Qt: everything here takes plain values and returns plain values, so it
is tested without a server (the shape of ``websockets.protocol``).
"""

from __future__ import annotations

import json
import math
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, cast

JSONRPC = "2.0"

#: Bytes of an incoming message above which it is refused with MESSAGE_TOO_LARGE
#: (the connection stays open). The transport closes the connection (1009) only past
#: this plus ``HARD_LIMIT_SLACK`` (what one connection can be in the middle of
#: receiving counts against the probe's ceiling: server/ceilings.py).
DEFAULT_MAX_MESSAGE = 4 * 1024 * 1024
HARD_LIMIT_SLACK = 1024 * 1024
#: WebSocket close code of a probe that takes no more connections now (RFC 6455 "try
#: again later"); the close reason names the limit and what to do.
CLOSE_TRY_LATER = 1013
#: Bytes of one answer (a batch's whole array included) above which it is replaced by
#: REPLY_TOO_LARGE: a small request must not make the probe build gigabytes.
DEFAULT_MAX_REPLY = 32 * 1024 * 1024
#: Calls one batch may hold; a longer batch is refused whole with BATCH_TOO_LARGE.
MAX_BATCH = 100
#: Deepest nesting of arrays and objects in one request (the request object is level 1,
#: its params level 2). Deeper values are refused, not recursed into until Python's
#: stack gives out somewhere in the probe or in Qt.
MAX_DEPTH = 32

@dataclass(frozen=True)
class ErrorKind:
    """One row of the error table: a JSON-RPC code, a stable name and a recovery hint."""

    code: int
    name: str
    message: str
    hint: str


def _table(*rows: tuple[int, str, str, str]) -> dict[str, ErrorKind]:
    table = {name: ErrorKind(code, name, message, hint) for code, name, message, hint in rows}
    codes = [kind.code for kind in table.values()]
    assert len(codes) == len(set(codes)), "error codes must be unique"
    return table


#: The error table. Ranges: -327xx/-326xx JSON-RPC spec, -320xx transport and probe,
#: 1000 objects, 1100 properties, 1200 methods, 1300 signals, 1400 UI and selectors,
#: 1500 name map, 1600 chrome mode, 1700 QML, 1800 item models, 1900 sync, 2000 probe,
#: 2100 resources.
ERRORS: dict[str, ErrorKind] = _table(
    (-32700, "PARSE_ERROR", "Message is not valid JSON",
     "Send one JSON-RPC 2.0 object (or a batch array) encoded as UTF-8 JSON text."),
    (-32600, "INVALID_REQUEST", "Not a valid JSON-RPC 2.0 request",
     'A request is {"jsonrpc": "2.0", "method": "<name>", "params": {...}, "id": 1}.'),
    (-32601, "METHOD_NOT_FOUND", "No such method",
     "Call qt.schema for the list of methods and their parameters."),
    (-32602, "INVALID_PARAMS", "Invalid method parameters",
     "data.expected is the JSON Schema of the parameters; data.received is what was sent."),
    (-32603, "INTERNAL_ERROR", "Internal error in the probe",
     "This is a probe bug; the app is unharmed. data.detail says what failed."),
    (-32000, "APP_BUSY", "The app's GUI thread did not answer in time",
     "The app is busy or frozen; data.guiStack shows what it is doing. Retry later or "
     "call qt.ping to watch it recover."),
    (-32001, "UNAUTHORIZED", "Missing or wrong token",
     "Pass the token from the discovery file (qtmcp ls --json) as ?token=... or "
     "'Authorization: Bearer ...'."),
    (-32002, "MESSAGE_TOO_LARGE", "Message exceeds the probe's size limit",
     "Split the work into smaller requests; data.limit is the largest accepted message in bytes."),
    (-32003, "TIMEOUT", "The operation timed out",
     "data.lastObserved says what was seen last; raise the timeout or check the condition."),
    (-32004, "NOT_SUPPORTED", "Not supported by this app or platform",
     "qt.modes lists what this probe supports."),
    (-32005, "USER_DECLINED", "The user declined this call",
     "A human watching in the inspector rejected it; ask them or try something else."),
    (-32006, "SHUTTING_DOWN", "The app is shutting down",
     "Wait for the app to start again and reconnect (qtmcp ls)."),
    (-32007, "BATCH_TOO_LARGE", "The batch holds more calls than the probe takes at once",
     "Send at most data.limit calls per batch (or separate requests)."),
    (-32008, "REPLY_TOO_LARGE", "The answer would exceed the probe's reply size bound",
     "Ask for less at a time (a smaller depth, page, maxNodes, picture size or batch); "
     "data.limit is the bound in bytes."),
    (-32009, "TOO_MANY_CALLS", "This connection already has the most calls running",
     "Wait for answers before sending more; data.limit calls may run at once per "
     "connection."),
    (-32011, "TOO_MANY_CONNECTIONS", "The probe closed this connection to make room",
     "Read your answers; close clients you no longer use. With every place taken, a new "
     "connection closes the one holding the most unanswered bytes, else the one silent "
     "longest (QTMCP_MAX_CONNECTIONS sets the places)."),
    (-32010, "STILL_RUNNING", "The call started on the GUI thread and has not finished",
     "Do not retry it: it is running and may still take effect (a dialog it opened may "
     "wait for input). Look at the app (chr.readPage, qt.ping) to see its outcome."),
    (1000, "OBJECT_NOT_FOUND", "No object matches this id",
     "Ids are a path (mainWindow/centralWidget/okButton), #N from an earlier response, "
     "or a symbolic name; data.available lists what exists where the path stopped."),
    (1001, "OBJECT_STALE", "The object was deleted",
     "The app destroyed it since it was seen; look it up again (qt.objects.find or chr.readPage)."),
    (1002, "OBJECT_AMBIGUOUS", "The id matches more than one object",
     "Add a parent path or an index; data.matches lists the candidates."),
    (1003, "INVALID_OBJECT_ID", "The object id is malformed",
     "Use a path, #N or a registered symbolic name."),
    (1100, "PROPERTY_NOT_FOUND", "The object has no such property",
     "data.available lists its properties (qt.properties.list)."),
    (1101, "PROPERTY_READ_ONLY", "The property cannot be written",
     "Only writable properties can be set; see 'writable' in qt.properties.list."),
    (1102, "PROPERTY_TYPE_MISMATCH", "The value does not fit the property's type",
     "data.expected names the type and an example of a valid JSON value."),
    (1103, "PROPERTY_SET_FAILED", "The object refused the new value",
     "The setter ran but the value did not change (it may be clamped or validated)."),
    (1200, "QT_METHOD_NOT_FOUND", "The object has no such method",
     "data.available lists its slots and invokables (qt.methods.list)."),
    (1201, "METHOD_ARGUMENT_MISMATCH", "Arguments do not fit the method's signature",
     "data.signatures lists the overloads and their parameter types."),
    (1202, "METHOD_INVOKE_FAILED", "The method raised or could not be invoked",
     "data.detail holds the app's exception."),
    (1300, "SIGNAL_NOT_FOUND", "The object has no such signal",
     "data.available lists its signals."),
    (1301, "SUBSCRIPTION_NOT_FOUND", "No such subscription",
     "Use the subscription id returned by qt.signals.subscribe."),
    (1400, "ELEMENT_NOT_FOUND", "No element matches the selector",
     "data.matchedPrefix is the longest part that matched and data.available the "
     "children there."),
    (1401, "ELEMENT_NOT_VISIBLE", "The element is hidden",
     "Show it first (open its tab, dialog or menu) or wait for it with qt.wait."),
    (1402, "ELEMENT_NOT_ENABLED", "The element is disabled",
     "Satisfy what enables it first, or wait with qt.wait state 'enabled'."),
    (1403, "ELEMENT_AMBIGUOUS", "The selector matches more than one element",
     "Add an index ([0]) or another filter; data.count says how many matched."),
    (1404, "INVALID_SELECTOR", "The selector cannot be parsed",
     "Forms: a/b/c paths with * and [i], @name:, @class:, @text:, @accessible:, #N."),
    (1405, "COORDINATE_OUT_OF_BOUNDS", "The coordinate is outside the window",
     "Take a screenshot (cu.screenshot) and use its coordinates; data.bounds gives the size."),
    (1406, "INVALID_KEY", "Unknown key name",
     "Use names such as Return, Tab, ctrl+s, Ctrl+Shift+S, F5."),
    (1407, "SCREENSHOT_FAILED", "The picture could not be taken",
     "The window may be hidden or minimised; show it first."),
    (1408, "WINDOW_NOT_FOUND", "No such window",
     "chr.tabsContext lists the top-level windows."),
    (1409, "ELEMENT_BLOCKED", "A modal dialog blocks the element's window",
     "Act in the dialog that data.blockedBy names (its tabId) or close it first; "
     "chr.tabsContext lists the windows."),
    (1500, "NAME_NOT_FOUND", "No such symbolic name",
     "qt.names.list shows the registered names."),
    (1501, "NAME_EXISTS", "The symbolic name is already registered",
     "Unregister it first or pick another name."),
    (1502, "NAME_MAP_INVALID", "The name map is malformed",
     "A name map is a JSON object of name -> {properties} or name -> path."),
    (1503, "NAME_MAP_IO", "The name map file could not be read or written",
     "Check the path and its permissions."),
    (1600, "REF_NOT_FOUND", "No element has this ref",
     "Refs are reset by each chr.readPage; call chr.readPage for fresh refs."),
    (1601, "FORM_INPUT_UNSUPPORTED", "This element cannot take form input",
     "Use chr.click or chr.type, or pick a text field, box, slider or combo box."),
    (1602, "FORM_INPUT_INVALID", "The value does not fit this element",
     "data.expected says what the element takes (e.g. one of data.options)."),
    (1603, "NAVIGATE_FAILED", "Could not navigate there",
     "data.available lists the menus, actions or tabs that exist."),
    (1604, "FORM_INPUT_NOT_TAKEN", "The control does not hold the value that was set",
     "data.expected is what was asked, data.actual what the app holds once it settled: the "
     "app refused or changed it. Read the element again (chr.readPage with ref_id) and "
     "give a value it takes."),
    (1605, "TEXT_NOT_TAKEN", "The typed text did not arrive in the field",
     "data.expected is what was typed, data.actual what the field that had the focus holds "
     "now (a validator, an input mask or a completer changed it, or the keys went to "
     "another widget). Read it again and type what it takes, or use chr.formInput."),
    (1700, "QML_NOT_AVAILABLE", "No Qt Quick scene in this app",
     "The app has no QQuickWindow; use the widget methods."),
    (1701, "QML_EVAL_DISABLED", "QML evaluation is turned off",
     "Start the probe with probe.install(allow_eval=True) or QTMCP_ALLOW_EVAL=1 in the "
     "app's environment to enable qml.evaluate; read values with qt.properties.get."),
    (1702, "QML_EVAL_ERROR", "The QML expression failed",
     "data.detail holds the engine's error."),
    (1800, "MODEL_NOT_FOUND", "No such item model",
     "qt.models.list lists the models in the app."),
    (1801, "INDEX_INVALID", "No item at this index",
     "data.rowCount / data.columnCount give the model's size under that parent."),
    (1802, "MODEL_RESET", "The model was reset since the index was read",
     "Read the rows again."),
    (1900, "ASSERTION_FAILED", "The assertion did not hold",
     "data.actual is the observed value."),
    (1901, "TRANSACTION_FAILED", "A transaction step failed",
     "data.steps reports each step; data.rolledBack says whether changes were undone."),
    (2000, "UNKNOWN_TOPIC", "No such subscription topic",
     "data.available lists the topics of probe.subscribe."),
    (2001, "GATE_NOT_FOUND", "No call is held with this gateId",
     "It was decided already or its agent left; data.pending lists the held calls "
     "(probe.gate.get)."),
    (2002, "ROLE_NOT_ALLOWED", "This client's role may not call this method",
     "Only the inspector runs the approval gate: it connects with the inspector token "
     "(inspector_token in the discovery file); data.requiredRole says which role, data.role "
     "what this client is."),
    (2100, "RESOURCE_NOT_FOUND", "No such resource",
     "Resource paths look like :/icons/open.png (qrc:/ works too); qt.resources.list "
     "lists a folder, data.available what the nearest folder holds."),
    (2101, "RESOURCE_TOO_LARGE", "The resource is too large to preview",
     "data.limit is the bound; read its first bytes with qt.resources.read and "
     "kind='binary' or 'text'."),
)


class RpcError(Exception):
    """An error that becomes a JSON-RPC error response; ``name`` is a key of ERRORS."""

    def __init__(
        self, name: str, message: str | None = None, /, *, hint: str | None = None, **data: Any
    ) -> None:
        kind = ERRORS[name]
        self.kind = kind
        self.name = name
        self.message = message or kind.message
        self.hint = hint or kind.hint
        self.data = data
        super().__init__(f"{name}: {self.message}")

    def to_error(self) -> dict[str, Any]:
        """The JSON-RPC ``error`` member."""
        return error_object(self.name, self.message, hint=self.hint, **self.data)


def error_object(name: str, message: str | None = None, /, *, hint: str | None = None,
                 **data: Any) -> dict[str, Any]:
    """The JSON-RPC ``error`` member; ``data.name`` and ``data.hint`` always win over data."""
    kind = ERRORS[name]
    body = {**data, "name": name, "hint": hint or kind.hint}
    return {"code": kind.code, "message": message or kind.message, "data": body}


# --------------------------------------------------------------------------- messages


@dataclass
class Request:
    """A decoded request or notification (``id`` absent means notification)."""

    method: str
    params: dict[str, Any] | list[Any] | None = None
    id: int | str | None = None
    is_notification: bool = False
    #: How the client's user asked for the call, in their words (an MCP tool and its
    #: arguments, a CLI command line): the traffic mirror shows it beside the method.
    via: dict[str, Any] | None = None


#: Request members besides JSON-RPC's own: ``via`` (see :class:`Request`).
EXTENSIONS = frozenset({"via"})
#: Every member a request may have.
_MEMBERS = frozenset({"jsonrpc", "method", "params", "id"}) | EXTENSIONS


@dataclass
class Invalid:
    """An item of the incoming message that deserves an error response."""

    id: int | str | None
    error: dict[str, Any]


@dataclass
class Incoming:
    """A whole incoming message: one item, or a batch of them."""

    items: list[Request | Invalid] = field(default_factory=list)
    batch: bool = False


def _valid_id(value: Any) -> bool:
    if type(value) is int:  # the common id first (a bool is no int here)
        return True
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return not _SURROGATE.search(value)
    return value is None or isinstance(value, (int, str))


def decode_item(obj: Any, suspect: bool = False) -> Request | Invalid:
    """Check one JSON value against the JSON-RPC 2.0 request shape.

    ``suspect``: the message may hold non-finite numbers, lone surrogates or deep
    nesting (:func:`decode` knows); each is refused here with the request's id.
    """
    if not isinstance(obj, dict):
        return Invalid(None, error_object("INVALID_REQUEST", "A request must be a JSON object",
                                          received=type(obj).__name__))
    has_id = "id" in obj
    rid = obj.get("id")
    if has_id and not _valid_id(rid):
        return Invalid(None, error_object("INVALID_REQUEST", "id must be a string, number or null",
                                          received=_clean(repr(rid)[:80])))
    if suspect:
        problem = _problem(obj, "", 1)
        if problem is not None:
            where, kind, what = problem
            name = "INVALID_PARAMS" if where.startswith("params") else "INVALID_REQUEST"
            return Invalid(rid, error_object(name, f"{where}: {what}",
                                             hint=_PROBLEM_HINTS[kind], where=where))
    if obj.get("jsonrpc") != JSONRPC:
        return Invalid(rid, error_object("INVALID_REQUEST", 'jsonrpc must be exactly "2.0"'))
    method = obj.get("method")
    if not isinstance(method, str):
        return Invalid(rid, error_object("INVALID_REQUEST", "method must be a string"))
    params = obj.get("params")
    if "params" in obj and not isinstance(params, (dict, list)):
        return Invalid(rid, error_object("INVALID_REQUEST", "params must be an object or an array",
                                         received=type(params).__name__))
    if not obj.keys() <= _MEMBERS:
        extra = set(obj) - _MEMBERS
        return Invalid(rid, error_object("INVALID_REQUEST", "Unknown request members",
                                         unknown=sorted(extra)))
    via = obj.get("via")
    if "via" in obj and not isinstance(via, dict):
        return Invalid(rid, error_object(
            "INVALID_REQUEST", "via must be an object: how the call was asked for, e.g. "
            '{"tool": "computer", "arguments": {...}} or {"command": "qtmcp click ref_3"}',
            received=type(via).__name__))
    return Request(method, params, rid, is_notification=not has_id, via=via)


def decode(raw: str | bytes) -> Incoming:
    """Decode a message as it came off the wire into requests and invalid items.

    Refused here, before any method sees them: NaN and Infinity (not JSON, and they
    pass every ``<``/``>`` check), strings that are not valid Unicode (a lone surrogate
    cannot be encoded into any reply), nesting deeper than MAX_DEPTH, and batches of
    more than MAX_BATCH calls.
    """
    made = _NonFinite.made
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
        brackets = text.count("[") + text.count("{")
        value = _decode_deep(text) if brackets > _DEEP else _decode_flat(text)
    except (ValueError, RecursionError) as exc:
        return Incoming([Invalid(None, error_object("PARSE_ERROR", detail=str(exc)[:200]))])
    # Only a message that could hold a refused value is walked: a few C-speed scans
    # of the text keep the walk off the common path (a ping is never walked).
    suspect = (_NonFinite.made != made or "\\ud" in text or "\\uD" in text
               or brackets > MAX_DEPTH)
    if isinstance(value, list):
        if not value:
            return Incoming([Invalid(None, error_object("INVALID_REQUEST", "Empty batch"))])
        if len(value) > MAX_BATCH:
            return Incoming([Invalid(None, error_object(
                "BATCH_TOO_LARGE", f"A batch may hold {MAX_BATCH} calls, this one holds "
                f"{len(value)}", limit=MAX_BATCH, size=len(value)))])
        return Incoming([decode_item(item, suspect) for item in value], batch=True)
    return Incoming([decode_item(value, suspect)])


def _decode_flat(text: str) -> Any:
    """``_DECODER.decode(text)``; an object with nothing around it is scanned at once
    (the decoder's two whitespace matches and two Python frames are ~0.5 us of a
    ping's ~2 us decode, #41). Anything else, or any error, goes the decoder's own way,
    so its errors are its own."""
    if text[:1] == "{" and text[-1:] == "}":
        try:
            value, end = _SCAN(text, 0)
        except (ValueError, StopIteration, RecursionError):
            pass
        else:
            if end == len(text):
                return value
    return _DECODER.decode(text)


#: Brackets past which a message may nest deep enough that decoding it (one Python frame
#: per level) on a caller's stack runs into the recursion limit.
_DEEP = 256


def _decode_deep(text: str) -> Any:
    """Decode a message that may nest deeply on a thread of its own: its stack starts
    empty, so whether a request nested a few hundred levels deep is read (and answered
    with its id) never depends on how deep the caller's stack happened to be."""
    out: list[Any] = []

    def run() -> None:
        try:
            out.append(_DECODER.decode(text))
        except (ValueError, RecursionError) as exc:
            out.append(exc)

    worker = threading.Thread(target=run, name="qtmcp-decode", daemon=True)
    worker.start()
    worker.join()
    if isinstance(out[0], (ValueError, RecursionError)):
        raise out[0]
    return out[0]


class _NonFinite:
    """What ``NaN``, ``Infinity`` and ``1e400`` decode to: a marker the walk refuses.

    ``made`` counts them, so :func:`decode` knows a message holds one (another thread's
    decoding at the same time can only make it walk a message it did not need to).
    """

    __slots__ = ("text",)
    made = 0

    def __init__(self, text: str) -> None:
        self.text = text
        _NonFinite.made += 1


def _finite_float(text: str) -> float | _NonFinite:
    value = float(text)
    return value if math.isfinite(value) else _NonFinite(text)


#: One decoder, made once (``json.loads`` with hooks would build one per message).
_DECODER = json.JSONDecoder(parse_constant=_NonFinite, parse_float=_finite_float)
#: Its scanner, for :func:`_decode_flat` (JSONDecoder's stubs do not name it).
_SCAN: Callable[[str, int], tuple[Any, int]] = cast(Any, _DECODER).scan_once


_SURROGATE = re.compile("[\ud800-\udfff]")
_PROBLEM_HINTS = {
    "nonFinite": "JSON has no NaN or Infinity, and a number this large is infinite: send "
                 "a finite number (within the parameter's minimum and maximum).",
    "surrogate": "Send valid Unicode: a \\ud800-\\udfff escape must be half of a "
                 "surrogate pair.",
    "depth": f"Flatten the value: requests may nest at most {MAX_DEPTH} levels deep.",
}


def _problem(value: Any, where: str, depth: int) -> tuple[str, str, str] | None:
    """The first refused value inside ``value``: (where, kind, what), or None."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            return where or "message", "surrogate", "a string holds a lone surrogate"
        return None
    if isinstance(value, _NonFinite):
        return where, "nonFinite", f"{value.text} is not a JSON number (no NaN or Infinity)"
    if isinstance(value, (dict, list)):
        if depth > MAX_DEPTH:
            return where, "depth", f"nested deeper than {MAX_DEPTH} levels"
        pairs = value.items() if isinstance(value, dict) else enumerate(value)
        for key, item in pairs:
            if isinstance(key, str):  # a member (parsed JSON's keys are strings)
                label = f"{where}.{_clean(key)}" if where else _clean(key)
                if _SURROGATE.search(key):
                    return label, "surrogate", "a member name holds a lone surrogate"
            else:
                label = f"{where}[{key}]"
            found = _problem(item, label, depth + 1)
            if found is not None:
                return found
    return None


def _clean(text: str) -> str:
    """``text`` with lone surrogates replaced, so that it can be encoded."""
    return _SURROGATE.sub("\ufffd", text)


def success(rid: int | str | None, result: Any, meta: dict[str, Any]) -> dict[str, Any]:
    """A response in the probe's one envelope: ``{"result": ..., "meta": ...}``."""
    return {"jsonrpc": JSONRPC, "id": rid, "result": {"result": result, "meta": meta}}


def failure(rid: int | str | None, error: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": JSONRPC, "id": rid, "error": error}


def notification(method: str, params: Mapping[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": JSONRPC, "method": method, "params": params}


def request(method: str, params: dict[str, Any] | list[Any] | None, rid: int | str | None,
            via: dict[str, Any] | None = None) -> dict[str, Any]:
    """A request (``rid`` None: a notification); ``via``: how its user asked for it."""
    msg: dict[str, Any] = {"jsonrpc": JSONRPC, "method": method}
    if params is not None:
        msg["params"] = params
    if rid is not None:
        msg["id"] = rid
    if via is not None:
        msg["via"] = via
    return msg


#: orjson once :func:`_fast_json` looked for it (None: not installed): looked for at the
#: first encode, not at import, since orjson imports datetime, uuid and platform (~1.5 MiB
#: of an app whose probe nobody has talked to yet, #41).
_ORJSON: list[Any] = []


def _fast_json() -> Any:
    """The orjson module, or None where it is missing (json still works)."""
    if not _ORJSON:
        try:
            import orjson
        except ImportError:  # pragma: no cover - orjson is a dependency
            orjson = None
        _ORJSON.append(orjson)
    return _ORJSON[0]


def load_encoder() -> None:
    """Import the fast encoder now (the transport's :func:`load_library`), not at the
    first encode on whatever thread makes it."""
    _fast_json()


def _loads(raw: str | bytes) -> Any:
    """json, not orjson: orjson reads integers beyond 64 bits as floats, and an id must
    come back exactly as it was sent."""
    return json.loads(raw)


#: Nesting beyond which a value being encoded is cut (a reply never recurses without end).
_ENCODE_DEPTH = 200
#: Integers wider than this many bits are written as digits without asking whether
#: Python may (its limit is 4300 digits, about 14,000 bits); wider ones are tried.
_INT_BITS = 4096


def encode(message: Any) -> str:
    """Compact JSON that is always valid UTF-8; never raises, never emits NaN.

    orjson (a dependency) is about 5x faster than ``json`` on the 2 MB object trees;
    whatever it refuses (lone surrogates, huge ints, odd keys, deep nesting) is first
    made plain by :func:`_plain`, so one odd value never costs a connection its reply
    (or a traffic subscriber its connection).
    """
    fast = _fast_json()
    if fast is not None:
        try:
            return fast.dumps(message, option=fast.OPT_NON_STR_KEYS).decode()
        except (TypeError, ValueError, fast.JSONEncodeError):
            pass
    return json.dumps(_plain(message, 0), ensure_ascii=False, separators=(",", ":"),
                      allow_nan=False)


def _plain(value: Any, depth: int) -> Any:
    """``value`` as plain JSON values that ``json`` writes as valid UTF-8 (total)."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _clean(value) if _SURROGATE.search(value) else value
    if isinstance(value, int):
        if value.bit_length() <= _INT_BITS:
            return value
        try:  # a request id of 1,300 digits comes back as sent
            str(value)
        except ValueError:  # past sys.get_int_max_str_digits(): json cannot write it
            return f"<integer of {value.bit_length()} bits>"
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if depth >= _ENCODE_DEPTH:
        return "<nested too deep>"
    if isinstance(value, dict):
        return {_key(k): _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "replace")
    return _repr(value)


def _repr(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - an app object's __repr__ may raise
        text = object.__repr__(value)
    return _clean(text)


def _key(key: Any) -> str:
    """A member name as ``json`` would write it, and always a valid string."""
    if key is None or isinstance(key, (str, bool, int, float)):
        plain = _plain(key, 0)
        return plain if isinstance(plain, str) else json.dumps(plain)
    return _repr(key)


def refused_ids(raw: str | bytes) -> tuple[bool, list[int | str | None]] | None:
    """What a refusal of a message answers, read fast: (whether it is a batch, the ids of
    its requests; notifications get no answer). None when the message has any shape that
    only :func:`decode` reads right (an odd item, an id that could be misread, NaN, a lone
    surrogate, deep nesting): refusing a flood of calls must cost little, and orjson reads
    a 16 KB message ten times faster than :func:`decode` does."""
    fast = _fast_json()
    if fast is None:
        return None
    try:
        value = fast.loads(raw)
    except fast.JSONDecodeError:
        return None
    items = value if isinstance(value, list) else [value]
    if not items or len(items) > MAX_BATCH:
        return None
    ids: list[int | str | None] = []
    for item in items:
        if (not isinstance(item, dict) or item.get("jsonrpc") != JSONRPC
                or not isinstance(item.get("method"), str)
                or not isinstance(item.get("params", {}), (dict, list))):
            return None
        if "id" not in item:
            continue
        rid = item["id"]
        if isinstance(rid, bool) or not (rid is None or isinstance(rid, (int, str))):
            return None  # a float may be a wide integer orjson rounded: decode() says
        ids.append(rid)
    return isinstance(value, list), ids


def sniff_id(raw: str | bytes, limit: int = 4096) -> int | str | None:
    """Best-effort id of a message too large to decode: look for ``"id":`` near the start."""
    head = raw[:limit]
    if isinstance(head, bytes):
        head = head.decode("utf-8", "replace")
    pos = head.find('"id"')
    if pos < 0:
        return None
    rest = head[pos + 4:].lstrip()
    if not rest.startswith(":"):
        return None
    try:
        value, _ = json.JSONDecoder().raw_decode(rest[1:].lstrip())
    except ValueError:
        return None
    return value if _valid_id(value) and not isinstance(value, float) else None


def decode_json(raw: str | bytes) -> Any:
    """Plain JSON decoding of a message from the probe (trusted peer)."""
    return _loads(raw)
