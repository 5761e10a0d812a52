"""Type hints as JSON Schema, and values checked against it: the one derivation.

The probe's registry derives a method's params and result schemas here (``qt.schema``),
and every client checks an answer here (:func:`probe.wire.decode`), so what the app
declares and what a client reads cannot drift apart. Pure: no Qt, no I/O, nothing of ours.

The subset: ``None``, ``bool``, ``int``, ``float``, ``str``, ``Any``, ``list[X]``,
``dict[str, X]``, ``Literal[...]``, unions, and TypedDicts (``NotRequired`` keys,
nesting, recursion through ``$defs``), each optionally ``Annotated[X, Doc(...)]``.

A module declaring TypedDicts must not use ``from __future__ import annotations``: under
it Python 3.11 does not see ``NotRequired`` and takes every key as required (refused
here, with that reason).
"""

import math
import sys
import types
import typing
from collections.abc import Callable
from typing import Annotated, Any, Literal, Union, cast

from probe.wire._typing import NotRequired, Required

JsonSchema = dict[str, Any]


class Doc:
    """Metadata inside ``Annotated``: a description and extra JSON Schema keys
    (``minimum``, ``maxLength`` ...). The registry's parameter metadata extends it."""

    def __init__(self, description: str, **schema: Any) -> None:
        self.description = description
        self.schema = schema

    def describe(self) -> str:
        return self.description


def schema_of(hint: Any) -> JsonSchema:
    """JSON Schema of a type hint; a recursive TypedDict is one ``$defs`` entry."""
    builder = _Builder()
    out = builder.build(hint)
    if builder.defs:
        out = {**out, "$defs": builder.defs}
    return out


def is_typeddict(hint: Any) -> bool:
    """Whether ``hint`` is a TypedDict class, ``typing``'s or ``typing_extensions``' (the
    one Python 3.10 uses, which ``typing.is_typeddict`` does not know there)."""
    if not isinstance(hint, type):
        return False
    cls: type[object] = hint
    return hasattr(cls, "__required_keys__") and hasattr(cls, "__total__") and \
        issubclass(cls, dict)


class _Builder:
    def __init__(self) -> None:
        self.defs: dict[str, JsonSchema] = {}
        self._stack: list[type] = []
        self._referred: set[type] = set()
        self._names: dict[type, str] = {}

    def build(self, hint: Any) -> JsonSchema:
        docs: list[Doc] = []
        if typing.get_origin(hint) is Annotated:
            hint, *extras = typing.get_args(hint)
            docs = [m for m in extras if isinstance(m, Doc)]
        schema = self._plain(hint)
        for doc in docs:
            schema = {**schema, "description": doc.describe(), **doc.schema}
        return schema

    def _plain(self, hint: Any) -> JsonSchema:
        if hint is Any or hint is object:
            return {}
        if hint is None or hint is type(None):
            return {"type": "null"}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is float:
            return {"type": "number"}
        if hint is str:
            return {"type": "string"}
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is NotRequired or origin is Required:
            return self.build(args[0])
        if hint is list or origin is list:
            return {"type": "array", **({"items": self.build(args[0])} if args else {})}
        if hint is dict or origin is dict:
            extra = {"additionalProperties": self.build(args[1])} if len(args) == 2 else {}
            return {"type": "object", **extra}
        if origin is Literal:
            return {"enum": list(args)}
        if origin is Union or origin is types.UnionType:
            options = [self.build(a) for a in args]
            simple = [o.get("type") for o in options]
            if all(isinstance(t, str) and len(o) == 1 for t, o in zip(simple, options)):
                return {"type": simple}
            return {"anyOf": options}
        if is_typeddict(hint):
            return self._typeddict(hint)
        if isinstance(hint, (str, typing.ForwardRef)):
            return self.build(self._named_type(_text(hint)))
        raise TypeError(f"cannot express {hint!r} as JSON Schema")

    def _named_type(self, name: str) -> Any:
        """A name written as text inside a builtin generic (``list["PageNode"]``): Python
        3.10's ``get_type_hints`` leaves it a string there; it names a type of the module of
        a TypedDict being built."""
        for td in reversed(self._stack):
            found = vars(sys.modules[td.__module__]).get(name)
            if found is not None:
                return found
        raise TypeError(f"cannot express {name!r} as JSON Schema: no such type in "
                        f"{', '.join(td.__module__ for td in self._stack) or 'scope'}")

    def _name(self, td: type) -> str:
        name = self._names.get(td)
        if name is None:
            taken = set(self._names.values())
            name = td.__name__
            if name in taken:
                name = f"{td.__module__.rsplit('.', 1)[-1]}.{name}"
            self._names[td] = name
        return name

    def _typeddict(self, td: type) -> JsonSchema:
        ref = {"$ref": f"#/$defs/{self._name(td)}"}
        if td in self._stack or self._name(td) in self.defs:
            self._referred.add(td)  # recursive: the outer occurrence becomes a ref too
            return ref
        required: frozenset[str] = getattr(td, "__required_keys__", frozenset())
        late = [k for k, v in td.__annotations__.items()
                if "NotRequired[" in _text(v) and k in required]
        if late:
            raise TypeError(f"{td.__qualname__}: {', '.join(late)} declared NotRequired under "
                            "'from __future__ import annotations', which hides it; declare "
                            "wire types without that import")
        self._stack.append(td)
        hints = typing.get_type_hints(td, include_extras=True)
        schema: JsonSchema = {
            "type": "object", "properties": {k: self.build(v) for k, v in hints.items()},
            "required": sorted(getattr(td, "__required_keys__", ())),
            "additionalProperties": False}
        self._stack.pop()
        doc = td.__doc__
        if doc and not doc.startswith(f"{td.__name__}("):  # not the generated one
            schema["description"] = " ".join(doc.split())
        if td in self._referred:
            self.defs[self._name(td)] = schema
            return ref
        return schema


def _text(annotation: Any) -> str:
    """An annotation as written, when it was kept as text (postponed or forward)."""
    if isinstance(annotation, typing.ForwardRef):
        return annotation.__forward_arg__
    return annotation if isinstance(annotation, str) else ""


# ------------------------------------------------------------------ checking values

#: Magnitude of numbers a parameter without its own minimum/maximum accepts: integers
#: every JSON peer holds exactly; beyond, a number means nothing to a GUI and overflows
#: the C++ types it reaches.
SAFE_NUMBER = 2**53

_JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def check(value: Any, schema: JsonSchema, where: str,
          defs: dict[str, JsonSchema] | None = None, *, open_objects: bool = False
          ) -> list[str]:
    """Problems of ``value`` against ``schema`` (the subset :func:`schema_of` produces).

    ``open_objects``: keys a closed object does not declare are no problem (a client
    reading a newer probe's answer keeps what it knows and ignores the rest)."""
    found: dict[str, JsonSchema] = schema.get("$defs") or {} if defs is None else defs
    return _check(value, schema, where, found, open_objects)


def _check(value: Any, schema: JsonSchema, where: str, defs: dict[str, JsonSchema],
           open_objects: bool = False) -> list[str]:
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    if "anyOf" in schema:
        found = [_check(value, s, where, defs, open_objects) for s in schema["anyOf"]]
        if all(found):
            kind = _json_type(value)
            near = [f for s, f in zip(schema["anyOf"], found) if _takes(s, kind, defs)]
            # the form of the value's kind it comes closest to says what is wrong
            return min(near, key=len) if near else [
                f"'{where}' matches none of the allowed forms"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"'{where}' must be one of {schema['enum']}, got {value!r:.60}"]
    wanted = schema.get("type")
    if wanted is not None:
        names = _type_names(wanted)
        if not any(_JSON_TYPES[n](value) for n in names):
            return [f"'{where}' must be {' or '.join(names)}, got {_json_type(value)}"]
    problems: list[str] = []
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            return [f"'{where}' must be a finite number, got {value}"]
        if "minimum" not in schema and "maximum" not in schema and abs(value) > SAFE_NUMBER \
                and wanted is not None:  # a typed number (an 'any' value is the method's)
            problems.append(f"'{where}' must be within +-2^53 (the numbers JSON peers "
                            "hold exactly)")
        if "minimum" in schema and value < schema["minimum"]:
            problems.append(f"'{where}' must be >= {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            problems.append(f"'{where}' must be <= {schema['maximum']}")
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            problems.append(f"'{where}' must have at least {schema['minLength']} characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            problems.append(f"'{where}' must have at most {schema['maxLength']} characters")
    if isinstance(value, list):
        items = cast(list[Any], value)
        if "minItems" in schema and len(items) < schema["minItems"]:
            problems.append(f"'{where}' needs at least {schema['minItems']} items")
        if "maxItems" in schema and len(items) > schema["maxItems"]:
            problems.append(f"'{where}' takes at most {schema['maxItems']} items")
        if "items" in schema:
            for i, item in enumerate(items):
                problems.extend(_check(item, schema["items"], f"{where}[{i}]", defs,
                                       open_objects))
                if len(problems) > 5:
                    break
    if isinstance(value, dict):
        fields = cast(dict[str, Any], value)
        for key in schema.get("required", ()):
            if key not in fields:
                problems.append(f"'{where}' needs '{key}'")
        known: dict[str, JsonSchema] = schema.get("properties", {})
        for key, sub in known.items():
            if key in fields:
                problems.extend(_check(fields[key], sub, f"{where}.{key}", defs, open_objects))
        extra = schema.get("additionalProperties")
        if extra is False and not open_objects:
            problems.extend(f"'{where}' has no '{key}' (it takes {', '.join(known)})"
                            for key in fields if key not in known)
        if isinstance(extra, dict):
            rest = cast(JsonSchema, extra)
            for key, item in fields.items():
                if key not in known:
                    problems.extend(_check(item, rest, f"{where}.{key}", defs, open_objects))
    return problems


def _takes(schema: JsonSchema, kind: str, defs: dict[str, JsonSchema]) -> bool:
    """Whether ``schema`` takes values of JSON type ``kind`` at all (a union's option
    whose problems are then the ones worth saying)."""
    if "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    names = _type_names(schema.get("type"))
    return kind in names or (kind == "integer" and "number" in names)


def _type_names(wanted: Any) -> list[str]:
    """A schema's ``type``, one name or several, as a list."""
    return cast(list[str], wanted) if isinstance(wanted, list) else [cast(str, wanted)]


def _json_type(value: Any) -> str:
    for name, test in _JSON_TYPES.items():
        if name != "number" and test(value):
            return name
    return "number" if _JSON_TYPES["number"](value) else type(value).__name__
