"""The typed client by family, one module per ``probe/api/`` family it calls.

Each module is a mixin of :class:`inspector.link.client.ProbeClient`: typed calls that
read their answers as the family's ``probe.wire`` types (:func:`probe.client.read`).
"""
