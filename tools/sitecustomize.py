"""Imports from a zip compile each module once, not twice: added to the pages' standard library zip.

Python imports the standard library and the wheels from zips (zipimport), which compiles a module's source
once to name its file (`get_filename`, for the module's spec) and again to run it (`get_code`): Python 3.14
does (python/cpython#141276, open). In Pyodide compiling is most of a start without the snapshot. Site
imports this module (as `sitecustomize`) before Pyodide's own Python, so every import from a zip gets the
code the spec's lookup just compiled: the same result, found once.
"""

import zipimport
from types import CodeType

_get_module_code = zipimport._get_module_code  # type: ignore[attr-defined]  # CPython's, private
_last: dict[tuple[str, str, str], tuple[CodeType, bool, str]] = {}  # the last lookup, for the run after it


def _found_once(importer: zipimport.zipimporter, fullname: str) -> tuple[CodeType, bool, str]:
    """Return the module's code, whether it is a package and its path: from the lookup just before, if it was
    of this module, else found now (and kept for the next lookup)."""
    key = (importer.archive, importer.prefix, fullname)
    found = _last.pop(key, None)
    if found is None:
        _last.clear()
        found = _last[key] = _get_module_code(importer, fullname)
    return found


zipimport._get_module_code = _found_once  # type: ignore[attr-defined]
