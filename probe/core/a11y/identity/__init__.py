"""Element identity: how an element is named and found again, in one folder.

``refs`` gives out ``ref_N`` and takes them back (:class:`~.refs.RefTable`, one per
session, the entry point: ``refs.refs_for(state)``); ``itemrefs`` names the items of item
views (a model index, kept as its position); ``handles`` gives every handle of one element
(its ref, ``#N``, stable selector, symbolic name, bounds); ``targetcache`` remembers a
session's recorded targets; ``refsources`` says where the elements of a read were made.
Lowest first: itemrefs, refs, handles, then targetcache and refsources (``lint-imports``
keeps the order). GUI thread only.
"""
