"""The wire: what the probe answers and notifies, declared once for both sides.

One module per api family (``probe/wire/qt_properties.py`` for
``probe/api/qt_properties.py``) holds its results and notifications as TypedDicts. The
app side builds plain dicts of those types (no cost per element); a method declares
``-> PropertyList`` and ``qt.schema`` publishes that type's JSON Schema; a client reads
an answer with ``decode(PropertyList, value)``: checked, then typed. Pure: no Qt, no
I/O, nothing else of ours, so the probe and every client import the same module.

Declaring a result::

    class PropertyValue(TypedDict):
        '''qt.properties.get: one property's value.'''
        name: str
        value: Any
        unit: NotRequired[str]      # a key the answer may leave out

Keys are the wire's own (camelCase); a field's comment or ``Annotated[X, Doc(...)]``
says what it means.
"""

from probe.wire.decode import WireError, decode, schema_for
from probe.wire.schema import Doc, check, schema_of

__all__ = ["Doc", "WireError", "check", "decode", "schema_for", "schema_of"]
