"""The worker's global scope as Pyodide exposes it (`import js`): only what the pages' Python uses."""

from typing import Any

def ttPost(text: str) -> None: ...  # worker.mjs: hand an op to the page
def setTimeout(callback: Any, ms: float) -> int: ...
def clearTimeout(handle: int) -> None: ...

Date: Any
Object: Any
WebSocket: Any
