"""The qtmcp inspector: a GammaRay-style desktop client of the probe, built on qasync.

Every exchange with the probe goes through :mod:`probe.client`; the inspector is just
another client that names itself with role ``inspector``.
"""

from __future__ import annotations

__all__ = ["__version__"]
__version__ = "0.1.0"
