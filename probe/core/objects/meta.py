"""Meta-object introspection: properties (read, write), methods (list, invoke), signals.

Everything goes through the QMetaObject, so C++ classes and Python classes with
``Property``/``Slot``/``Signal`` look the same. Values cross to JSON with
:mod:`probe.core.objects.variant`; every failure is a QtError whose data lists what exists.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from PySide6.QtCore import QMetaMethod, QMetaObject, QMetaProperty, QObject, Qt

from probe.core.compat import property_value
from probe.core.errors import QtError
from probe.core.objects import bounds, variant
from probe.core.objects.idtable import IdTable
from probe.core.objects.resolver import object_of
from probe.wire import qt_methods
from probe.wire import qt_properties as wire

#: Dynamic properties PySide and Qt use internally; never shown or set.
_INTERNAL_PREFIXES = ("_PySide", "_q_")

ObjectRef = Callable[[QObject], Any]


def objref_for(ids: IdTable) -> ObjectRef:
    """How QObject values appear in results: ``{"id": "#N", "className": ...}``."""
    def ref(obj: QObject) -> dict[str, Any]:
        cls = QObject.metaObject(obj).className()
        return {"id": ids.id_of(obj, None, cls), "className": cls,
                "objectName": QObject.objectName(obj)}
    return ref


def _decode(raw: Any) -> str:
    if isinstance(raw, str):
        return raw
    if hasattr(raw, "data"):
        raw = raw.data()
    return bytes(raw).decode("utf-8", "replace")


def _declaring_classes(mo: QMetaObject, offset: Callable[[QMetaObject], int]
                       ) -> list[tuple[int, str]]:
    """``(first index, className)`` of each class in the chain, most derived first."""
    out: list[tuple[int, str]] = []
    cur: QMetaObject | None = mo
    while cur is not None:
        out.append((offset(cur), cur.className()))
        cur = cur.superClass()
    return out


def _declared_in(chain: list[tuple[int, str]], index: int) -> str:
    for first, name in chain:
        if index >= first:
            return name
    return chain[-1][1] if chain else ""


# --------------------------------------------------------------------------- properties


def dynamic_names(obj: QObject) -> list[str]:
    names = (_decode(n) for n in QObject.dynamicPropertyNames(obj))
    return [n for n in names if not n.startswith(_INTERNAL_PREFIXES)]


def property_names(obj: QObject) -> list[str]:
    mo = QObject.metaObject(obj)
    return [str(mo.property(i).name()) for i in range(mo.propertyCount())] + dynamic_names(obj)


def _static(obj: QObject, name: str) -> QMetaProperty | None:
    mo = QObject.metaObject(obj)
    i = mo.indexOfProperty(name)
    return mo.property(i) if i >= 0 else None


def _not_found(obj: QObject, name: str) -> QtError:
    names = property_names(obj)
    close = [n for n in names if n.lower() == name.lower() or name.lower() in n.lower()]
    return QtError(
        "PROPERTY_NOT_FOUND", f"{QObject.metaObject(obj).className()} has no property {name!r}",
        hint=f"data.available lists its {len(names)} properties"
             + (f"; did you mean {', '.join(close[:3])}?" if close else "."),
        property=name, available=sorted(names), similar=close[:5])


def _read(obj: QObject, name: str, objref: ObjectRef | None) -> Any:
    try:
        return variant.to_json(QObject.property(obj, name), objref)
    except RuntimeError as exc:
        if "Can't find converter" in str(exc):  # QQmlListProperty<…> of QML items
            return {"type": "unsupported", "text": str(exc)[:300]}
        raise
    except Exception as exc:  # noqa: BLE001 - a getter of the app failed
        return {"type": "error", "text": f"{type(exc).__name__}: {exc}"[:300]}


def _enum_info(p: QMetaProperty) -> wire.EnumInfo | None:
    if not (p.isEnumType() or p.isFlagType()):
        return None
    e = p.enumerator()
    if not e.isValid():
        return {"names": [], "isFlag": p.isFlagType()}
    return {"names": [str(e.key(k)) for k in range(e.keyCount())], "isFlag": e.isFlag(),
            "enumName": str(e.enumName() if hasattr(e, "enumName") else e.name()),
            "scope": str(e.scope())}


def list_properties(obj: QObject, ids: IdTable) -> list[wire.PropertyInfo]:
    """Every static and dynamic property with type, value, flags and enum names."""
    mo = QObject.metaObject(obj)
    chain = _declaring_classes(mo, QMetaObject.propertyOffset)
    objref = objref_for(ids)
    out: list[wire.PropertyInfo] = []
    for i in range(mo.propertyCount()):
        p = mo.property(i)
        notify = p.notifySignal() if p.hasNotifySignal() else None
        out.append({
            "name": str(p.name()), "type": str(p.typeName()),
            "value": _read(obj, str(p.name()), objref) if p.isReadable() else None,
            "readable": p.isReadable(), "writable": p.isWritable(),
            "designable": p.isDesignable(), "declaredIn": _declared_in(chain, i),
            "dynamic": False, "enum": _enum_info(p),
            "notifySignal": _decode(notify.methodSignature()) if notify is not None else None,
        })
    for name in dynamic_names(obj):
        value = QObject.property(obj, name)
        out.append({"name": name, "type": variant.type_of_value(value),
                    "value": variant.to_json(value, objref), "readable": True,
                    "writable": True, "designable": False, "declaredIn": None,
                    "dynamic": True, "enum": None, "notifySignal": None})
    return out


def get_property(obj: QObject, name: str, ids: IdTable) -> wire.PropertyValue:
    p = _static(obj, name)
    if p is not None:
        if not p.isReadable():
            raise QtError("PROPERTY_NOT_FOUND", f"{name!r} is write-only",
                          hint="It has no getter; qt.properties.list shows readable ones.",
                          property=name, available=sorted(property_names(obj)))
        return {"name": name, "type": str(p.typeName()), "value": _read(obj, name, objref_for(ids))}
    if name in dynamic_names(obj):
        value = QObject.property(obj, name)
        return {"name": name, "type": variant.type_of_value(value),
                "value": variant.to_json(value, objref_for(ids))}
    raise _not_found(obj, name)


def set_property(obj: QObject, name: str, value: Any, ids: IdTable) -> wire.PropertySet:
    """Convert ``value`` strictly, write it, read it back; errors say what was expected."""
    cls = QObject.metaObject(obj).className()
    objref = objref_for(ids)
    p = _static(obj, name)
    current = QObject.property(obj, name)
    if p is not None:
        if not p.isWritable():
            raise QtError("PROPERTY_READ_ONLY", f"{cls}.{name} cannot be written",
                          hint="data.writable lists the properties that can be set.",
                          property=name,
                          writable=sorted(q["name"] for q in _writable(obj)))
        type_name = str(p.typeName())
        e = p.enumerator() if (p.isEnumType() or p.isFlagType()) else None
        converted = _convert_property(obj, value, type_name, f"{cls}.{name}", current,
                                      e, p, ids)
    elif name in dynamic_names(obj):
        type_name = variant.type_of_value(current)
        converted = variant.from_json(value, type_name if current is not None else "QVariant",
                                      f"{cls}.{name} (dynamic)", current=current)
    else:
        raise _not_found(obj, name)
    bounds.check_number(converted, f"{cls}.{name}", name)
    previous = variant.to_json(current, objref)
    try:
        ok = QObject.setProperty(obj, name, property_value(converted))
    except (TypeError, ValueError) as exc:
        raise QtError("PROPERTY_SET_FAILED", f"{cls}.{name}: {exc}", property=name,
                      requested=value) from None
    actual = variant.to_json(QObject.property(obj, name), objref)
    if p is not None and not ok:
        raise QtError("PROPERTY_SET_FAILED", f"Qt refused the value for {cls}.{name}",
                      property=name, requested=value, actual=actual, previous=previous)
    wanted = variant.to_json(converted, objref)
    if not variant.same(actual, wanted) and not variant.same(actual, value):
        raise QtError(
            "PROPERTY_SET_FAILED",
            f"{cls}.{name} is {variant._short(actual)} after setting {variant._short(value)}",
            hint="The setter ran but kept another value (clamped, validated or "
                 "rounded); data.actual is the value now.",
            property=name, requested=value, actual=actual, previous=previous)
    return {"name": name, "type": type_name, "value": actual, "previous": previous}


def _convert_property(obj: QObject, value: Any, type_name: str, where: str, current: Any,
                      e: Any, p: QMetaProperty, ids: IdTable) -> Any:
    if type_name.endswith("*"):
        return _object_arg(value, type_name, where, ids)
    is_enum = p.isEnumType() or p.isFlagType()
    is_flag = p.isFlagType() or (e is not None and e.isValid() and e.isFlag())
    return variant.from_json(value, type_name, where, current=current,
                             meta_enum=e if e is not None and e.isValid() else None,
                             is_enum=is_enum, is_flag=is_flag)


def _writable(obj: QObject) -> list[dict[str, Any]]:
    mo = QObject.metaObject(obj)
    return [{"name": mo.property(i).name()} for i in range(mo.propertyCount())
            if mo.property(i).isWritable()]


def _object_arg(value: Any, type_name: str, where: str, ids: IdTable) -> QObject | None:
    """A QObject* argument: null or an object id."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise QtError("PROPERTY_TYPE_MISMATCH", f"{where}: expected an object id for "
                      f"{type_name}, got {type(value).__name__}",
                      hint="Give a path, #N or symbolic name, or null.",
                      expected={"type": type_name, "json": "an object id", "example": "#1"},
                      received=value)
    target = object_of(value, ids)
    wanted = type_name.rstrip("*").strip()
    if wanted and not QObject.inherits(target, wanted):
        raise QtError("PROPERTY_TYPE_MISMATCH", f"{where}: {value!r} is a "
                      f"{QObject.metaObject(target).className()}, not a {wanted}",
                      hint=f"Give the id of a {wanted}.",
                      expected={"type": type_name}, received=value)
    return target


# ------------------------------------------------------------------------------ methods

_KINDS: dict[QMetaMethod.MethodType, Literal["signal", "slot", "method"]] = {
    QMetaMethod.MethodType.Signal: "signal", QMetaMethod.MethodType.Slot: "slot",
    QMetaMethod.MethodType.Method: "method"}


def _methods(obj: QObject) -> list[tuple[int, QMetaMethod]]:
    mo = QObject.metaObject(obj)
    out = []
    for i in range(mo.methodCount()):
        m = mo.method(i)
        if m.methodType() not in _KINDS:
            continue
        if _decode(m.name()).startswith("_q_"):
            continue
        out.append((i, m))
    return out


def describe_method(m: QMetaMethod, declared_in: str) -> qt_methods.MethodInfo:
    return {"name": _decode(m.name()), "signature": _decode(m.methodSignature()),
            "kind": _KINDS[m.methodType()], "returnType": _decode(m.typeName()) or "void",
            "parameterTypes": [_decode(t) for t in m.parameterTypes()],
            "parameterNames": [_decode(n) for n in m.parameterNames()],
            "access": m.access().name.lower(), "declaredIn": declared_in}


def list_methods(obj: QObject) -> list[qt_methods.MethodInfo]:
    """Slots, signals and invokables with signatures and the class declaring them."""
    chain = _declaring_classes(QObject.metaObject(obj), QMetaObject.methodOffset)
    return [describe_method(m, _declared_in(chain, i)) for i, m in _methods(obj)]


def _matching(obj: QObject, name: str, kinds: tuple[str, ...]) -> list[QMetaMethod]:
    wanted = name.replace(" ", "")
    by_sig = "(" in wanted
    out = []
    for _, m in _methods(obj):
        if _KINDS[m.methodType()] not in kinds:
            continue
        if (_decode(m.methodSignature()) if by_sig else _decode(m.name())) == wanted:
            out.append(m)
    return out


def _names_of(obj: QObject, kinds: tuple[str, ...]) -> list[str]:
    seen: dict[str, None] = {}
    for _, m in _methods(obj):
        if _KINDS[m.methodType()] in kinds:
            seen[_decode(m.methodSignature())] = None
    return list(seen)


def invoke(obj: QObject, name: str, args: list[Any], ids: IdTable) -> qt_methods.Invoked:
    """Call a slot, invokable or signal (emits it) with converted arguments."""
    cls = QObject.metaObject(obj).className()
    kinds = ("slot", "method", "signal")
    candidates = _matching(obj, name, kinds)
    if not candidates:
        available = _names_of(obj, ("slot", "method"))
        short = name.split("(")[0].lower()
        close = [s for s in available + _names_of(obj, ("signal",))
                 if short in s.split("(")[0].lower()]
        raise QtError(
            "QT_METHOD_NOT_FOUND", f"{cls} has no slot, invokable or signal {name!r}",
            hint="data.available lists its slots and invokables (qt.methods.list)"
                 + (f"; did you mean {', '.join(close[:3])}?" if close else "."),
            method=name, available=available, similar=close[:5])
    signatures = [_decode(m.methodSignature()) for m in candidates]
    fitting = [m for m in candidates if m.parameterCount() == len(args)]
    if not fitting:
        raise QtError(
            "METHOD_ARGUMENT_MISMATCH",
            f"{cls}.{name} takes {' or '.join(str(m.parameterCount()) for m in candidates)} "
            f"argument(s), got {len(args)}",
            hint="data.signatures lists the overloads and their parameter types.",
            method=name, signatures=signatures, received=args)
    problems: list[dict[str, Any]] = []
    for m in fitting:
        try:
            converted = _convert_args(m, args, ids, f"{cls}.{_decode(m.methodSignature())}")
        except QtError as exc:
            if exc.name not in ("PROPERTY_TYPE_MISMATCH", "NOT_SUPPORTED"):
                raise
            problems.append({"signature": _decode(m.methodSignature()),
                             "problem": exc.message})
            continue
        returned = _call(obj, m, converted)
        return {"returned": variant.to_json(returned, objref_for(ids)),
                "signature": _decode(m.methodSignature()),
                "returnType": _decode(m.typeName()) or "void"}
    raise QtError(
        "METHOD_ARGUMENT_MISMATCH", f"arguments do not fit {cls}.{name}: "
        + "; ".join(p["problem"] for p in problems),
        hint="data.signatures lists the overloads; data.problems says what did not fit.",
        method=name, signatures=signatures, problems=problems, received=args)


def _convert_args(m: QMetaMethod, args: list[Any], ids: IdTable, where: str) -> list[Any]:
    out = []
    for i, (t, value) in enumerate(zip(m.parameterTypes(), args)):
        type_name = _decode(t)
        label = f"{where} argument {i + 1} ({type_name})"
        if type_name.endswith("*"):
            out.append(_object_arg(value, type_name, label, ids))
        else:
            out.append(variant.from_json(value, type_name, label))
    return out


def _python_callable(obj: QObject, m: QMetaMethod) -> Any:
    name = _decode(m.name())
    for attr in (name, name + "_"):
        bound = getattr(obj, attr, None)
        if bound is not None:
            return bound
    return None


def _call(obj: QObject, m: QMetaMethod, args: list[Any]) -> Any:
    name = _decode(m.name())
    try:
        if m.methodType() == QMetaMethod.MethodType.Signal:
            inst = getattr(obj, name)
            if len(_matching(obj, name, ("signal",))) > 1:
                inst = inst[tuple(_python_type(_decode(t)) for t in m.parameterTypes())]
            inst.emit(*args)
            return None
        bound = _python_callable(obj, m)
        if bound is not None and callable(bound):
            return bound(*args)
        if not args:
            ok = QMetaObject.invokeMethod(obj, name, Qt.ConnectionType.DirectConnection)
            if not ok:
                raise RuntimeError(f"QMetaObject.invokeMethod({name}) returned false")
            return None
        raise QtError("NOT_SUPPORTED", f"{name} is not reachable from Python with arguments",
                      hint="Only slots bound in PySide6 can take arguments.")
    except QtError:
        raise
    except RuntimeError as exc:
        if "already deleted" in str(exc):
            raise QtError("OBJECT_STALE", "the object was deleted during the call",
                          detail=str(exc)) from None
        raise _invoke_failed(obj, m, exc) from None
    except Exception as exc:  # noqa: BLE001 - the app's code raised
        raise _invoke_failed(obj, m, exc) from None


def _invoke_failed(obj: QObject, m: QMetaMethod, exc: BaseException) -> QtError:
    return QtError("METHOD_INVOKE_FAILED",
                   f"{QObject.metaObject(obj).className()}.{_decode(m.methodSignature())} raised "
                   f"{type(exc).__name__}: {exc}"[:500],
                   detail=f"{type(exc).__name__}: {exc}"[:2000])


def _python_type(type_name: str) -> Any:
    simple = {"int": int, "double": float, "float": float, "bool": bool, "QString": str,
              "QVariantMap": dict, "QVariantList": list}
    if type_name in simple:
        return simple[type_name]
    cls = variant.find_python_enum(type_name)
    return cls if cls is not None else type_name


# ------------------------------------------------------------------------------ signals


def find_signal(obj: QObject, name: str) -> QMetaMethod:
    """The signal ``name`` (or exact signature); the first overload for a bare name."""
    found = _matching(obj, name, ("signal",))
    if not found:
        available = _names_of(obj, ("signal",))
        short = name.split("(")[0].lower()
        close = [s for s in available if short in s.lower()]
        raise QtError(
            "SIGNAL_NOT_FOUND", f"{QObject.metaObject(obj).className()} has no signal {name!r}",
            hint="data.available lists its signals"
                 + (f"; did you mean {', '.join(close[:3])}?" if close else "."),
            signal=name, available=available, similar=close[:5])
    return found[0]


def signature(m: QMetaMethod) -> str:
    return _decode(m.methodSignature())
