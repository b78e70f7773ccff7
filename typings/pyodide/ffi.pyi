"""pyodide.ffi: what the pages use to hand Python to JavaScript."""

from collections.abc import Callable
from typing import Any

class JsProxy:
    """A JavaScript object seen from Python."""

    def __getattr__(self, name: str) -> Any: ...

def create_once_callable(obj: Callable[..., Any], /) -> JsProxy: ...
def create_proxy(obj: Any, /) -> JsProxy: ...
def to_js(obj: Any, /, *, dict_converter: Callable[..., Any] | None = None, **kwargs: Any) -> Any: ...

class JsException(Exception):
    """A JavaScript error raised into Python."""
