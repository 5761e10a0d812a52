"""Element identity: how an element is named and found again, in one folder.

``refs`` gives out ``ref_N`` and takes them back (:class:`RefTable`, one per session:
``refs_for(state)``); ``itemrefs`` names the items of item views (a model index, kept as its
position); ``handles`` gives every handle of one element (its ref, ``#N``, stable selector,
symbolic name, bounds); ``targetcache`` remembers a session's recorded targets;
``refsources`` says where the elements of a read were made.
Lowest first: itemrefs, refs, handles, then targetcache and refsources (``lint-imports``
keeps the order). GUI thread only.

This package is the folder's one entry point: code outside it imports the names below from
``probe.core.a11y.identity``, never a module inside it (an import-linter contract checks it).
"""
from probe.core.a11y.identity.handles import bundle, ref_of
from probe.core.a11y.identity.itemrefs import (
    by_position,
    is_item_view,
    item_details,
    node_for,
    on_screen,
    scan,
    scroll_to,
    viewport_point,
    window_rect,
)
from probe.core.a11y.identity.refs import (
    Element,
    LastRead,
    Locator,
    RefTable,
    element_key,
    is_ref,
    refs_for,
)
from probe.core.a11y.identity.refsources import sources
from probe.core.a11y.identity.targetcache import cache_for

__all__ = [
    "Element",
    "LastRead",
    "Locator",
    "RefTable",
    "bundle",
    "by_position",
    "cache_for",
    "element_key",
    "is_item_view",
    "is_ref",
    "item_details",
    "node_for",
    "on_screen",
    "ref_of",
    "refs_for",
    "scan",
    "scroll_to",
    "sources",
    "viewport_point",
    "window_rect",
]
