"""Methods family (``qt.methods.*``): an object's slots, invokables and signals."""

from typing import Any, Literal

from probe.wire._typing import TypedDict


class MethodInfo(TypedDict):
    """One slot, invokable (``method``) or signal, with its signature."""

    name: str
    signature: str
    kind: Literal["signal", "slot", "method"]
    #: ``void`` for none
    returnType: str
    parameterTypes: list[str]
    parameterNames: list[str]
    access: str
    declaredIn: str


class MethodList(TypedDict):
    """``qt.methods.list``: the object's methods and its most derived class."""

    objectId: str
    className: str
    methods: list[MethodInfo]


class Invoked(TypedDict):
    """``qt.methods.invoke``: what the method returned, as JSON."""

    returned: Any
    signature: str
    returnType: str
