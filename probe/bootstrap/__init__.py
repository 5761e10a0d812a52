"""What runs in the app before any of the probe's Qt code: which Qt release the app runs
and the PySide6 of exactly that release (``qtrelease``, ``runtime``: the launcher and the
CLI read them outside the app too), and a C++ app's first Python (``boot``). No Qt import
here: a PyQt6 or C++ app must not load a PySide6 of another release.
"""
