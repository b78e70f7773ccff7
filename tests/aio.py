"""Run a coroutine to its end in an event loop of its own, in a thread of its own: in the same pytest process,
pytest-playwright keeps an event loop running, and `asyncio.run` refuses to start inside one."""

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """Return what the coroutine returns, run by asyncio.run in a thread of its own."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
