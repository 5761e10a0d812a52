"""The accessibility engine (in the app, GUI thread): the tree an agent reads in chrome
mode, its ``ref_N`` refs, form input, page text, windows as tabs and actions by ref.

Lowest first (``lint-imports`` keeps the order):

* ``roles`` (Qt roles as ARIA names) and ``nodes`` (the elements a walk builds);
* what a walk reads besides widgets: ``viewrows`` (an item view's rows, from its model),
  ``graphics`` (clickable scene items), ``labels`` (names from the labels beside a
  field), ``reach`` (what no user can reach), ``popups`` (open menus and lists);
* ``walk/`` a window read as a tree (``widgets``, ``quick`` and the ``rules`` both
  follow); ``itemrefs`` (model items as elements, beyond the rows a view shows);
* ``refs`` (the ``ref_N`` handles); ``windows`` (windows as tabs), ``modal`` (what blocks);
* the chr.* work: ``snapshot`` (readPage, find), ``pagetext`` (a window's text, read or
  searched), ``form/`` (formInput), ``actions`` (click, hover, scroll by ref),
  ``navigate``, ``filechooser``, ``handles`` (every handle of one element);
* on top: ``changes`` (what an action changed), ``agentview`` (another session's view),
  ``targetcache`` (recorded targets, remembered).
"""
