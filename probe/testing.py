"""Helpers for exported tests: ``from probe.testing import AppDriver, launch_app``.

The public, documented path of :mod:`probe.replay.testing` (files written by
``qtmcp export`` import it from here).
"""

from probe.replay.testing import AppDriver, launch_app, start

__all__ = ["AppDriver", "launch_app", "start"]
