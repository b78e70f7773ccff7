"""The Python half of a page run in a Web Worker (web/assets/worker.mjs writes this file next to the page's
main.py; public/assets/python.js is the page's half): ops to the page, timers, and the message loop."""

import json
from collections.abc import Callable
from typing import Any

import js  # the worker's global scope
from pyodide.ffi import create_once_callable

from pygame_core.bots.review import Reviews
from pygame_core.engine import GameError

Handler = Callable[[dict[str, Any]], object]
LATER = object()  # what a handler returns for a message it keeps to handle later (a tap's `done` waits too)


def post(op: str, **data: object) -> None:
    """Send an op to the page (python.js carries it out, with the others of this run: worker.mjs, ttPost)."""
    js.ttPost(json.dumps({"op": op, **data}))


def later(run: Callable[[], None], ms: float = 0) -> None:
    """Run `run` after ms, once messages that came meanwhile were handled."""
    js.setTimeout(create_once_callable(run), ms)


def serve(handlers: dict[str, Handler]) -> Callable[[str], None]:
    """Return the `receive(text)` worker.mjs calls with each message: it runs the handler of the message's
    `ev` and shows a game error or a bad value on the page; a tap always ends with `done` (the page then
    takes the next tap), once it is handled: a handler that returns LATER handles it again later."""

    def receive(text: str) -> None:
        message = json.loads(text)
        answered = True
        try:
            handler = handlers.get(message.get("ev"))
            answered = handler is None or handler(message) is not LATER
        except (GameError, ValueError) as e:
            post("error", message=str(e))
        finally:
            if message.get("ev") == "click" and answered:
                post("done")

    return receive


def work_review(reviews: Reviews, paint: Callable[[], None], kept: dict[str, str | None]) -> None:
    """Work the review just started slice by slice, messages handled between them (a tap on Stop); paint as
    it goes, and keep it in the browser (and in `kept`) once done. A review stopped or replaced stops here."""
    run = reviews.working

    def work() -> None:
        if run is None or reviews.working is not run:
            return
        try:
            repaint, done = reviews.step()
        except Exception as e:  # every error reaches the person
            reviews.stop()
            post("error", message=f"No review: {e}")
            paint()
            return
        if done is not None:
            post("store", key=done[0], value=done[1])
            kept[done[0]] = done[1]
        if repaint:
            paint()
        if reviews.working is run:
            later(work)

    later(work)
