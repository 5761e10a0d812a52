"""``TypedDict`` with ``NotRequired`` keys on every Python the probe runs in (3.10 takes
them from ``typing_extensions``, whose TypedDict knows ``NotRequired``)."""

import sys

if sys.version_info >= (3, 11):
    from typing import NotRequired, Required, TypedDict
else:  # pragma: no cover - the CI runs 3.11+
    from typing_extensions import NotRequired, Required, TypedDict

__all__ = ["NotRequired", "Required", "TypedDict"]
