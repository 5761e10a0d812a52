"""Qt introspection with no protocol in it; runs inside the app, on the GUI thread.

Subject folders, lowest first (``lint-imports`` keeps the order):

* ``objects/`` object identity and introspection: the ``#N`` id table, QML identity and
  the Qt class of an object (``qtclass``: how core calls Qt past an app's shadowing) at
  the bottom, then paths, selectors, symbolic names, the one resolver; meta-object,
  variant and the object tree above it.
* ``input/`` simulated mouse and keyboard; ``qml/`` Qt Quick item trees and bindings.
* ``a11y/`` the accessibility engine (roles and the walk at the bottom, refs above, form
  input, page text, actions and handles on top); ``capture/`` pictures and the live view;
  ``data/`` models, events, timers, signals, console, waits.

``errors.py`` (the one exception core raises) and ``system.py`` sit beside them.
"""
