"""The probe's methods (in the app): one module per family, each declaring its methods and
calling core/; importing this package declares every method.

Every module in this package is imported, so a new family needs no edit here.
"""

import importlib
import pkgutil

for _info in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_info.name}")
