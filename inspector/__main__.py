"""``python -m inspector``: the same as ``qtmcp inspect`` and ``qtmcp-inspector``."""

from __future__ import annotations

import sys

from inspector.app import main

sys.exit(main())
