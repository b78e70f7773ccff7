"""Pyodide's Python package, as far as the pages use it."""
