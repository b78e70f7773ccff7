"""Fixtures for end-to-end tests of the built site (dist/) in headless Chromium.

* `site`: build.py's server for dist/ on a free localhost port, in a thread, for the session;
  `base_url` points at it, so `page.goto("/play/")` works.
* `other_origin`: a second server on another port (another origin), for a page that embeds the site
  the way a blog would; the page guard lets its requests through.
* `browser_type_launch_args`: Debian's Chromium (env CHROMIUM, default /usr/bin/chromium).
* `relay_site`: tt_relay serving dist/ and its relay on one free port, for peer play across browser
  contexts (`opened` gives each its own storage, like its own phone).
* `page_guard` (autouse for tests that use `page`): records every request and every console
  error / page error / failed or >= 400 response; the test fails if any request left the
  local origin or anything went wrong. Tests that provoke errors on purpose call
  `page_guard.expect_errors()`.
* `worker_python`: run Python in a page's worker (its Pyodide) and get back the JSON it makes.
"""

from __future__ import annotations

import json
import os
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, Error, Page

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build.py)

assert Path(build.__file__).resolve() == ROOT / "build.py", "imported the wrong `build` module"

CHROMIUM_FLAGS = list(build.CHROMIUM_FLAGS)
READY_TIMEOUT_MS = 120_000
LOCAL_SCHEMES = {"data", "blob", "about"}


def pytest_configure(config: pytest.Config) -> None:
    """Register the e2e marker (select or deselect these tests with -m e2e / -m 'not e2e')."""
    config.addinivalue_line("markers", "e2e: end-to-end test of the built site in dist/")


@pytest.fixture(scope="session")
def site() -> Iterator[build.DistServer]:
    """Serve dist/ on a free localhost port for the whole session."""
    if not (build.DIST / "index.html").is_file():
        pytest.fail("dist/ is not built: run `python3 build.py test` (or `python3 build.py build` first)")
    server = build.serve_dist(build.DIST)
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def base_url(site: build.DistServer) -> str:
    """Base URL of the local server (used by pytest-playwright's contexts)."""
    return site.url


@pytest.fixture
def other_origin(tmp_path: Path, page_guard: PageGuard | None) -> Iterator[tuple[str, Path]]:
    """Serve a temp folder on another localhost port (another origin); yield its base URL and the folder."""
    (tmp_path / "index.html").write_text("<!doctype html><title>Another site</title>")
    server = build.serve_dist(tmp_path)
    if page_guard is not None:
        is_local = page_guard.is_local
        page_guard.is_local = lambda url: url.startswith(server.url) or is_local(url)  # type: ignore[method-assign]
    yield server.url, tmp_path
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium with flags that keep it off the network and sandbox-free."""
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(executable).is_file():
        pytest.fail(f"Chromium not found at {executable}: `apt-get install chromium` or set CHROMIUM")
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_FLAGS}


@dataclass
class PageGuard:
    """What a page did: its requests, console messages and everything that went wrong."""

    origin: str
    requests: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    errors_expected: bool = False

    def is_local(self, url: str) -> bool:
        """True for the local origin and for data:/blob:/about: URLs."""
        return url.startswith(self.origin) or urlsplit(url).scheme in LOCAL_SCHEMES

    def on_request(self, request: Any) -> None:
        """Record a request, and whether it leaves the local origin."""
        self.requests.append(request.url)
        if not self.is_local(request.url):
            self.outside.append(request.url)

    def on_console(self, message: Any) -> None:
        """Record console output; errors count as problems."""
        self.console.append(f"{message.type}: {message.text}")
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def on_request_failed(self, request: Any) -> None:
        """Failed requests count as problems, except the browser's own favicon fetch cut off by leaving."""
        if request.failure == "net::ERR_ABORTED" and urlsplit(request.url).path.endswith("/favicon.svg"):
            return
        self.errors.append(f"request failed: {request.url} {request.failure}")

    def on_response(self, response: Any) -> None:
        """HTTP errors count as problems."""
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def expect_errors(self) -> None:
        """Let this test provoke errors on purpose (requests must still stay local)."""
        self.errors_expected = True

    def problems(self) -> list[str]:
        """Everything that should fail the test."""
        found = [f"request left {self.origin}: {url}" for url in self.outside]
        return found if self.errors_expected else found + self.errors

    def assert_clean(self) -> None:
        """Fail the test if any request left the origin or any error happened."""
        if self.problems():
            pytest.fail("\n".join(self.problems()), pytrace=False)


@pytest.fixture(autouse=True)
def page_guard(request: pytest.FixtureRequest) -> Iterator[PageGuard | None]:
    """For tests using `page`: record everything, abort outside requests, fail on problems."""
    if "page" not in request.fixturenames:
        yield None
        return
    page = request.getfixturevalue("page")
    guard = PageGuard(origin=request.getfixturevalue("site").url)
    page.context.on("request", guard.on_request)
    page.context.route(lambda url: not guard.is_local(url), lambda route: route.abort("blockedbyclient"))
    page.on("console", guard.on_console)
    page.on("pageerror", lambda error: guard.errors.append(f"page error: {error}"))
    page.on("requestfailed", guard.on_request_failed)
    page.on("response", guard.on_response)
    yield guard
    guard.assert_clean()


def wait_ready(page: Any) -> None:
    """Wait for <html data-ready="1">; fail at once with the page's alert if it reports a failure."""
    page.wait_for_function(
        "document.documentElement.dataset.ready === '1' || document.documentElement.dataset.failed === '1'",
        timeout=READY_TIMEOUT_MS,
        polling=100,
    )
    if page.evaluate("document.documentElement.dataset.ready") != "1":
        alert = page.locator('[role="alert"]')
        pytest.fail(f"{page.url} failed: {alert.inner_text() if alert.count() else '(no alert)'}")


@pytest.fixture(scope="module")
def relay_site() -> Iterator[str]:
    """Run tt_relay serving dist/ and /relay on one free port; return its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tt_relay", "--port", str(port), "--static", str(build.DIST)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            break
        except OSError:
            time.sleep(0.1)
    yield f"http://127.0.0.1:{port}/"
    proc.terminate()
    proc.wait(10)


def opened(browser: Browser, url: str, problems: list[str], init_script: str | None = None) -> Page:
    """Return a page in a fresh context (its own storage, like its own phone), watching for errors."""
    context = browser.new_context()
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("console", lambda m: problems.append(f"console.error: {m.text}") if m.type == "error" else None)
    page.goto(url)
    return page


FAST = "pace=0"  # a play link's bots move at once
# An init script for a browser that refuses storage (a third-party frame, some private windows).
BLOCK_STORAGE = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""
# While window.ttHold is an array, the page keeps there each message from its worker that paints (a newer
# board on its way, not yet drawn); the others (a tap's `done`) pass. ttRelease() hands the kept ones on, in
# one task.
HOLD_PAINTS = """window.Worker = class extends Worker {
  set onmessage(handler) {
    window.ttRelease = () => window.ttHold.splice(0).forEach(handler);
    super.onmessage = (event) =>
      window.ttHold && /"op": "paint"/.test(event.data) ? window.ttHold.push(event) : handler(event);
  }
};"""
PHONE = build.PHONE_VIEWPORT  # a phone in portrait
SMALL_PHONE = {"width": 360, "height": 780}  # a small one


def fits_narrow(page: Any) -> None:
    """Fail if the page scrolls sideways on a small phone or a control of the board pokes out of it."""
    narrow = SMALL_PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= narrow
    rights = page.locator("#board [data-action], #board [data-select]").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().right)"
    )
    assert all(right <= narrow for right in rights)


def assert_fits_phone(page: Any, touch: float = 1) -> None:
    """Fail if the page scrolls sideways or a clickable of the board pokes out of the phone's width or is
    smaller than `touch` pixels either way."""
    width = PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    boxes = page.evaluate(
        "[...document.querySelectorAll('#board [data-action], #board [data-select]')]"
        ".map(e => e.getBoundingClientRect()).map(r => [r.left, r.right, r.width, r.height])"
    )
    assert boxes and all(
        left >= 0 and right <= width and w >= touch and h >= touch for left, right, w, h in boxes
    )


@dataclass
class Played:
    """A game played to the end by random clicks: how many, and the kinds of action offered on the way."""

    clicks: int
    offered: set[str]


def game_over(page: Any) -> bool:
    """Return whether the page says the game is over."""
    return page.evaluate("document.documentElement.dataset.gameOver === '1'")


def click_one(page: Any, selector: str, rng: random.Random) -> bool:
    """Click a random element matching `selector`; return False if there was none or it went stale."""
    found = page.locator(selector)
    n = found.count()
    if n == 0:
        return False
    try:
        found.nth(rng.randrange(n)).click(timeout=3000)
    except Error:
        return False  # the board was repainted by a bot's move meanwhile
    settle(page)
    return True


def settle(page: Any) -> None:
    """Wait until the page's Python has answered the last tap (python.js: <html data-busy>)."""
    page.wait_for_function("!document.documentElement.dataset.busy", polling=20)


# A page function that resolves once what the last paint changed is marked: play.js marks it (its flash
# starts) once the paint's frame is drawn, in a task after it, which this one follows.
DRAWN = "const drawn = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));"


def drawn(page: Any) -> None:
    """Wait until the marks of what the last paint changed are on."""
    page.evaluate(f"() => {{ {DRAWN} return drawn(); }}")


def play_to_the_end(
    page: Any,
    seed: int,
    on_handover: Any = None,
    select: float = 0.0,
    max_clicks: int = 3000,
    each: Callable[[Any], None] | None = None,
) -> Played:
    """Click random legal actions until the game is over, hand-over buttons too (after `on_handover`).

    With `select` > 0, a random selection (a hand card, an amount from a stepper) comes first with that
    chance, and whenever the board offers no action but selections (an amount composed to no legal one).
    `each` checks the page before every click.
    """
    rng = random.Random(seed)
    played = Played(0, set())
    while not game_over(page):
        assert played.clicks < max_clicks, "the game did not end"
        if each:
            each(page)
        if page.locator("[data-handover]").count():
            if on_handover:
                on_handover(page)
            played.clicks += click_one(page, "[data-handover]", rng)
            continue
        actions = page.locator("#board [data-action]").evaluate_all("els => els.map(e => e.dataset.action)")
        played.offered.update(a.split(":")[0] for a in actions)
        selecting = select and (rng.random() < select or not actions)
        target = "#board [data-select]" if selecting else "#board [data-action]"
        if click_one(page, target, rng):
            played.clicks += 1
        else:
            page.wait_for_timeout(20)  # bots are moving
    return played


def click_some(
    pages: list[Page], rng: random.Random, selector: str = "#board [data-action]", select: float = 0.0
) -> int:
    """Click one random element matching `selector` on each page that offers any (or, with the chance
    `select`, one of its board's selections: a hand card, an amount's step); return the clicks."""
    clicked = 0
    for page in pages:
        found = page.locator("#board [data-select]" if select and rng.random() < select else selector)
        n = found.count()
        if n:
            try:
                found.nth(rng.randrange(n)).click(timeout=2000)
                clicked += 1
            except Error:
                pass  # repainted meanwhile
    return clicked


def board_html(page: Any) -> str:
    """Return what the board area shows, without the passing marks of what just changed and the banners
    (a reload starts with no banner)."""
    html = page.locator("#board").inner_html()
    html = re.sub(r'<div class="tt-banner".*?</div>', "", html, flags=re.S)
    return re.sub(r' class=""', "", re.sub(r" ?tt-(changed|anew)", "", html))


def worker_python(page: Page, code: str, modules: Sequence[Path] = ()) -> Any:
    """Run Python in the page's worker, in the page's own Pyodide (worker.mjs's `ttPython`), once it is up:
    write `modules` (files) to its home (importable by their names), run code, and return the value of its
    last expression, a JSON text, decoded."""
    worker = next((w for w in page.workers if urlsplit(w.url).path.endswith("/worker.mjs")), None)
    if worker is None:
        pytest.fail(f"{page.url} has no worker.mjs")
    files = {path.name: path.read_text() for path in modules}
    text = worker.evaluate(
        """async ([files, code]) => {
          const pyodide = await ttPython;
          for (const [name, text] of Object.entries(files)) {
            pyodide.FS.writeFile(`/home/pyodide/${name}`, text);
          }
          return pyodide.runPython(code);
        }""",
        [files, code],
    )
    return json.loads(text)
