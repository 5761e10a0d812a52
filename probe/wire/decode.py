"""One reader for every client: an answer checked against its declared type, then typed.

``decode(PropertyList, value)`` returns ``value`` itself, typed, when it is what the
probe declares (``probe.wire``); else :class:`WireError` says each difference. The
schema of a type is derived once (:func:`probe.wire.schema.schema_of`) and kept.
"""

import functools
from typing import Any, TypeVar, cast

from probe.wire.schema import JsonSchema, check, schema_of

T = TypeVar("T")


class WireError(ValueError):
    """An answer that is not what its type declares (an older or newer probe, or a bug)."""

    def __init__(self, what: str, problems: list[str]) -> None:
        super().__init__(f"{what}: {'; '.join(problems[:5])}")
        self.what = what
        self.problems = problems


@functools.cache
def schema_for(hint: Any) -> JsonSchema:
    """The JSON Schema of ``hint``, derived once."""
    return schema_of(hint)


def decode(hint: type[T], value: object, what: str = "answer") -> T:
    """``value`` as a ``hint`` (a TypedDict, ``list[X]`` ...), after checking it is one.

    Keys a TypedDict does not declare pass (a newer probe may say more); every declared
    key must be there and of its type."""
    problems = check(value, schema_for(hint), what, open_objects=True)
    if problems:
        raise WireError(f"{what} is not a {_name(hint)}", problems)
    return cast(T, value)


def _name(hint: Any) -> str:
    return getattr(hint, "__name__", None) or str(hint)
