"""Start-up: from the build's memory snapshot (web/assets/worker.mjs), its fallback, and offline play through
the service worker (web/sw.js)."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, CDPSession, Page, Route, expect

import build

from .conftest import FAST, HOLD_PAINTS, PageGuard, drawn, play_to_the_end, settle, wait_ready

pytestmark = pytest.mark.e2e

SOLO = f"play/?game=futures&seats=human,bot,bot,bot&{FAST}"  # no seed: a new deal each time
HOT_SEAT = f"play/?game=futures&seats=human,human,human&{FAST}"
SNAPSHOT_URL = re.compile(r"/runtime/snapshot-[0-9a-f]+\.bin$")
WASM_FILES = ("/pyodide.asm.wasm", "/" + build.WASM_XZ.split("/")[-1])  # the runtime's, and its xz
STDLIB_ZIP = r"/runtime/python_stdlib-[0-9a-f]+\.zip"  # the trimmed one (build.make_stdlib)
STDLIB_URL = re.compile(STDLIB_ZIP + r"\.gz$")  # as the pages download it
SW_READY_MS = 180_000  # the worker precaches ~13 MB once the page is ready
# The worker whose cache is the first name is active (installed whole) and the other caches are gone.
NEW_WORKER_IN_CHARGE = """async ([mine, ...old]) => {
  const registration = await navigator.serviceWorker.getRegistration();
  const keys = await caches.keys();
  return !registration.installing && !registration.waiting && keys.includes(mine)
    && !keys.some((key) => old.includes(key) && key !== "tt-pins");
}"""


def started(page: Page) -> str:
    """How the page's Python started: "snapshot" or "fresh" (<html data-start>, once it is up)."""
    page.wait_for_function("document.documentElement.dataset.start", polling=50)
    return str(page.evaluate("document.documentElement.dataset.start"))


def trimmed_stdlib_only(requests: list[str], trimmed: re.Pattern[str] = STDLIB_URL) -> bool:
    """Whether the page loaded the trimmed standard library (gzipped, unless said) and never Pyodide's whole
    one."""
    return any(trimmed.search(url) for url in requests) and not any(
        url.endswith("/python_stdlib.zip") for url in requests
    )


def seed_of(page: Page) -> str:
    """The seed the page dealt with (it writes it into its address)."""
    return parse_qs(urlsplit(page.url).query)["seed"][0]


def click_actions(page: Page, n: int) -> None:
    """Click the first offered action n times (waiting for bots in between)."""
    for _ in range(n):
        action = page.locator("#board [data-action], [data-handover]").first
        action.wait_for(timeout=30_000)
        action.click()


def wait_offline_ready(page: Page) -> None:
    """Wait until the service worker has precached the site and controls the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_READY_MS, polling=200)


def wait_until(page: Page, predicate: str, arg: Any) -> None:
    """Poll an async predicate (page.wait_for_function does not await promises) until it holds."""
    deadline = time.monotonic() + SW_READY_MS / 1000
    while not page.evaluate(predicate, arg):
        assert time.monotonic() < deadline, f"timed out waiting for {predicate}"
        page.wait_for_timeout(200)


def unpacked(packed: bytes) -> bytes:
    """An image from its packed form (build.pack_image), as web/assets/worker.mjs unpacks it."""
    numbers = [int.from_bytes(packed[at : at + 4], "little") for at in range(0, len(packed), 4)]
    length, page, runs = numbers[:3]
    image, at = bytearray(length), 12 + 8 * runs
    for first, count in zip(numbers[3 : 3 + 2 * runs : 2], numbers[4 : 4 + 2 * runs : 2], strict=True):
        size = min(count * page, length - first * page)
        image[first * page : first * page + size] = packed[at : at + size]
        at += size
    assert at == len(packed)
    return bytes(image)


def test_a_packed_image_leaves_out_its_pages_of_zeros_and_unpacks_to_itself() -> None:
    page = build.SNAPSHOT_PAGE
    image = bytes(page) + b"x" * page + b"y" + bytes(2 * page - 1) + b"z" * (page // 2)  # ends mid-page
    packed = build.pack_image(image)
    assert len(packed) == 12 + 2 * 8 + 2 * page + page // 2  # runs: pages 1-2, then the last (half) page
    assert unpacked(packed) == image
    assert unpacked(build.pack_image(bytes(3 * page))) == bytes(3 * page)


def test_snapshot_exists_and_pages_name_it() -> None:
    (snapshot,) = (build.DIST / "runtime").glob("snapshot-*.bin")
    assert snapshot.read_bytes()[:2] == b"\x1f\x8b"  # gzipped
    image = unpacked(gzip.decompress(snapshot.read_bytes()))
    assert image[:4] == (0x706E7300).to_bytes(4, "little")  # Pyodide's "\0snp" magic
    assert len(image) == build.PYODIDE_INITIAL_HEAP + int.from_bytes(image[4:8], "little")  # header + heap
    (stdlib,) = (build.DIST / "runtime").glob("python_stdlib-*.zip")
    worker = (build.DIST / "assets" / "worker.mjs").read_text()
    assert f'"../runtime/{snapshot.name}"' in worker and f'"../runtime/{stdlib.name}"' in worker
    assert not re.search(r"^import ", worker, re.MULTILINE)  # one module: no static import to wait for
    for page in ("play", "table", "replay"):
        html = (build.DIST / page / "index.html").read_text()
        assert 'data-worker="../assets/worker.mjs"' in html
        assert 'type="py"' not in html and "pyscript" not in html


def test_cold_and_warm_start_through_the_snapshot(page: Page, page_guard: PageGuard) -> None:
    page.goto(SOLO)
    wait_ready(page)
    assert started(page) == "snapshot"
    assert page.evaluate("document.documentElement.dataset.wasm") == "plain"  # a fast network: the usual one
    assert any(SNAPSHOT_URL.search(url) for url in page_guard.requests)
    assert trimmed_stdlib_only(page_guard.requests)
    click_actions(page, 2)
    page.reload()
    wait_ready(page)
    assert started(page) == "snapshot"
    click_actions(page, 2)


def test_two_loads_without_a_seed_deal_different_games(page: Page, page_guard: PageGuard) -> None:
    seeds = []
    for _ in range(2):
        page.goto(SOLO)
        wait_ready(page)
        assert started(page) == "snapshot"
        seeds.append(seed_of(page))
        wait_offline_ready(page)  # the page has settled (nothing in flight), and the next load is warm
    assert seeds[0] != seeds[1]


# When <html data-ready="1"> first appeared, and when Python was up (python.js marks it), in ms.
READY_AT = """new MutationObserver(() => {
  const ready = document.documentElement.dataset.ready === "1";
  if (window.__readyAt === undefined && ready) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });"""
PYTHON_UP = "(performance.getEntriesByName('tt-python-up')[0]?.startTime ?? null)"
PYTHON_PAINTED = "document.documentElement.dataset.ready === '1' && !document.documentElement.dataset.quick"
SOLO_SEEDED = f"play/?game=futures&seats=human,bot,bot,bot&seed=11&{FAST}"
TAP_FIRST_ACTION = """() => {
  const action = document.querySelector("#board [data-action]");
  action.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  return performance.getEntriesByName("tt-python-up").length === 0;
}"""


def ready_before_python(page: Page) -> bool:
    """Whether this load's board was ready before its Python was up (a quick start); waits for Python."""
    page.wait_for_function(f"window.__readyAt !== undefined && {PYTHON_UP} !== null", polling=50)
    return bool(page.evaluate(f"window.__readyAt < {PYTHON_UP}"))


def saved_actions(page: Page) -> list[Any]:
    """The actions of the table the page saved (its one trading-table:game=... entry)."""
    text = page.evaluate("Object.entries(localStorage).find(([k]) => k.startsWith('trading-table:game='))[1]")
    return list(json.loads(text)["actions"])


def test_a_reload_shows_the_board_before_python_is_up_and_a_tap_on_it_counts(
    page: Page, page_guard: PageGuard
) -> None:
    page.add_init_script(READY_AT)
    page.goto(SOLO_SEEDED)
    wait_ready(page)
    click_actions(page, 1)
    settle(page)
    # Its words as painted: innerText would drop the log's chapters scrolled out of view (content-visibility).
    board = page.text_content("#board")
    before = saved_actions(page)
    page.reload()
    page.wait_for_function("window.__readyAt !== undefined", polling=20)
    assert page.text_content("#board") == board  # the board as it was left
    assert page.evaluate(TAP_FIRST_ACTION), "the tap came after Python was up: nothing proven"
    assert ready_before_python(page)
    settle(page)  # the tap waited for Python and its deal, then was played
    assert len(saved_actions(page)) > len(before)
    assert page.evaluate("document.documentElement.dataset.quick") is None
    assert page.locator("#error").is_hidden()


def test_a_reload_keeps_the_language_the_link_or_the_person_chose(page: Page, page_guard: PageGuard) -> None:
    def reload() -> None:
        page.reload()
        page.wait_for_function(PYTHON_PAINTED, polling=20)  # Python's own paint, not the kept one

    page.goto(SOLO + "&lang=ja")  # the browser's own language is English
    wait_ready(page)
    page.wait_for_url(re.compile(r"seed=\d+.*&lang=ja"))
    reload()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.locator('button[data-lang="en"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    reload()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page_guard.assert_clean()


def test_a_link_without_a_seed_deals_its_next_visit_ahead(page: Page, page_guard: PageGuard) -> None:
    page.add_init_script(READY_AT)
    page.goto(SOLO)
    wait_ready(page)
    first = seed_of(page)
    page.wait_for_function("localStorage.getItem('trading-table:next') !== null")
    ahead = json.loads(page.evaluate("localStorage.getItem('trading-table:next')"))
    page.goto(SOLO)
    page.wait_for_function("window.__readyAt !== undefined", polling=20)
    assert seed_of(page) == str(ahead["seed"]) != first  # the address names the deal at once
    assert ready_before_python(page)
    page.wait_for_function("!document.documentElement.dataset.quick")
    kept = json.loads(page.evaluate("localStorage.getItem('trading-table:paint')"))
    assert kept["html"] == ahead["html"]  # Python dealt the very board shown before it was up
    drawn(page)
    assert page.locator("#board .tt-changed").count() == 0
    saved = json.loads(
        page.evaluate(
            f"localStorage.getItem('trading-table:game=futures&players=4&seats=human,"
            f"bot:trader,bot:trader,bot:trader&seed={ahead['seed']}')"
        )
    )
    assert saved["seed"] == ahead["seed"]
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('trading-table:next'))?.seed !== {ahead['seed']}"
    )


def test_no_quick_start_for_a_hot_seat_game_or_from_another_build(page: Page, page_guard: PageGuard) -> None:
    page.add_init_script(READY_AT)
    page.goto(HOT_SEAT.replace("human,human,human", "human,human,human&seed=3"))
    wait_ready(page)
    click_actions(page, 2)
    settle(page)
    page.reload()
    assert not ready_before_python(page)  # a reload would show the last hand to whoever holds the phone
    page.goto(SOLO_SEEDED)
    wait_ready(page)
    settle(page)
    page.evaluate("""() => {
      const record = JSON.parse(localStorage.getItem("trading-table:paint"));
      localStorage.setItem("trading-table:paint", JSON.stringify({ ...record, build: "older" }));
    }""")
    page.reload()
    assert not ready_before_python(page)


def not_found(route: Route) -> None:
    """The snapshot is gone from the server."""
    route.fulfill(status=404, body="Not found\n")


def broken_gzip(route: Route) -> None:
    """A damaged download: gzip's header, then noise (its CRC cannot match)."""
    route.fulfill(status=200, body=b"\x1f\x8b\x08\x00" + bytes(range(256)) * 64)


def not_an_image(route: Route) -> None:
    """A well-formed gzip of something that is not a Pyodide snapshot."""
    route.fulfill(status=200, body=gzip.compress(b"\x00" * 4096))


def claims_gigabytes(route: Route) -> None:
    """A packed image whose header claims 3 GiB: the loader must refuse it, not try to allocate it."""
    header = b"".join(n.to_bytes(4, "little") for n in (3 << 30, build.SNAPSHOT_PAGE, 0))
    route.fulfill(status=200, body=gzip.compress(header))


def other_build(route: Route) -> None:
    """An image of another Pyodide build: the right magic, another build id."""
    body = bytearray(
        unpacked(gzip.decompress((build.DIST / urlsplit(route.request.url).path.lstrip("/")).read_bytes()))
    )
    body[16:48] = bytes(32)
    route.fulfill(status=200, body=gzip.compress(build.pack_image(bytes(body)), compresslevel=1))


@pytest.mark.parametrize("serve", [not_found, broken_gzip, not_an_image, claims_gigabytes, other_build])
def test_a_missing_or_bad_snapshot_falls_back_to_a_normal_start_that_plays(
    page: Page, page_guard: PageGuard, serve: Any
) -> None:
    page_guard.expect_errors()  # the 404 is logged by the browser
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.route(SNAPSHOT_URL, serve)
    page.goto(SOLO)
    wait_ready(page)
    assert started(page) == "fresh"
    assert any("snapshot" in text for text in warnings)
    assert serve is not claims_gigabytes or any("claims 3221225472 bytes" in text for text in warnings)
    assert page.locator("#error").is_hidden()
    assert trimmed_stdlib_only(page_guard.requests)
    click_actions(page, 3)
    expected = ["HTTP 404", "Failed to load resource"] if serve is not_found else []
    assert all(any(word in error for word in expected) for error in page_guard.errors), page_guard.errors


def without_decompression_streams(route: Route) -> None:
    """The loader as a browser without DecompressionStream runs it (in the worker, where an init script
    does not reach)."""
    loader = (build.DIST / "assets" / "worker.mjs").read_text()
    body = "delete globalThis.DecompressionStream;\n" + loader
    route.fulfill(status=200, body=body, content_type="text/javascript")


def test_a_browser_without_decompression_streams_starts_normally(page: Page, page_guard: PageGuard) -> None:
    page.route(re.compile(r"/assets/worker\.mjs$"), without_decompression_streams)
    page.goto(SOLO)
    wait_ready(page)
    assert started(page) == "fresh"
    assert not any(SNAPSHOT_URL.search(url) for url in page_guard.requests)
    assert trimmed_stdlib_only(page_guard.requests, re.compile(STDLIB_ZIP + "$"))  # it cannot gunzip the .gz
    click_actions(page, 2)


BARS = """window.__bars = [];
new MutationObserver(() => {
  const bar = document.querySelector(".loading progress");
  if (bar?.hasAttribute("value")) window.__bars.push(bar.value);
}).observe(document, { attributes: true, attributeFilter: ["value"], subtree: true });"""


def test_a_first_visit_on_a_slow_network_shows_how_much_has_downloaded_and_fetches_wheels_after_the_wasm(
    page: Page, page_guard: PageGuard
) -> None:
    page_guard.expect_errors()  # the loader gives the snapshot up (too slow here): checked below instead
    page.add_init_script(BARS)
    events: list[tuple[str, str]] = []  # in the order the browser reports them
    page.context.on("request", lambda request: events.append(("asked", request.url)))
    page.context.on("requestfinished", lambda request: events.append(("got", request.url)))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    network = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8, "uploadThroughput": 1e6 / 8}
    cdp.send("Network.emulateNetworkConditions", network)  # 20 Mbit/s: the runtime takes seconds
    page.goto(SOLO)
    wait_ready(page)
    bars = page.evaluate("window.__bars")
    assert bars == sorted(bars), "the bar never goes back"
    assert bars[0] < 0.2 and bars[-1] > 0.9 and len(set(bars)) >= 5, bars
    assert page.locator(".loading progress").get_attribute("value") is None  # after loading: no share
    given_up = r"/runtime/\S+ net::ERR_ABORTED"  # the snapshot; the usual wasm and stdlib, for the xz ones
    assert [error for error in page_guard.errors if not re.search(given_up, error)] == []
    # The wheels, needed once Python is up, do not share the network with the runtime's wasm (the usual
    # one, or the xz one the loader may switch to here).
    wasm = next(i for i, (what, url) in enumerate(events) if what == "got" and url.endswith(WASM_FILES))
    wheels = [i for i, (what, url) in enumerate(events) if what == "asked" and url.endswith(".whl")]
    assert wheels and min(wheels) > wasm, events


def noise(route: Route) -> None:
    """A damaged xz file."""
    route.fulfill(status=200, body=bytes(range(256)) * 64)


def cut_short(route: Route) -> None:
    """An xz file that ends too soon."""
    route.fulfill(status=200, body=route.fetch().body()[:-1000])


SLOW = {"offline": False, "latency": 40, "downloadThroughput": 8e6 / 8, "uploadThroughput": 1e6 / 8}


def on_a_slow_network(page: Page) -> tuple[list[tuple[str, str]], CDPSession]:
    """Throttle the page to 8 Mbit/s (SLOW: the image would take 8 s more, so the loader gives it up) and
    record how each request of its context ends ("got" or "failed"); return that record and the session."""
    ended: list[tuple[str, str]] = []
    page.context.on("requestfinished", lambda request: ended.append((request.url, "got")))
    page.context.on("requestfailed", lambda request: ended.append((request.url, "failed")))
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)
    return ended, cdp


@pytest.mark.parametrize("serve", [None, not_found, noise, cut_short])
def test_a_first_visit_on_a_slow_network_switches_to_the_xz_files_or_falls_back_and_plays(
    page: Page, page_guard: PageGuard, serve: Any
) -> None:
    page_guard.expect_errors()  # the snapshot (too slow) and the usual files are given up: checked below
    if serve:
        page.route(re.compile(r"\.xz$"), serve)
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    ended, cdp = on_a_slow_network(page)
    page.goto(SOLO)
    wait_ready(page)
    assert started(page) == "fresh"
    assert page.evaluate("document.documentElement.dataset.wasm") == ("xz" if serve is None else "plain")
    for usual, xz_one in [
        [re.escape(name) + "$" for name in WASM_FILES],
        [STDLIB_URL.pattern, STDLIB_ZIP + r"\.xz$"],
    ]:
        plain, xz = ([how for url, how in ended if re.search(name, url)] for name in [usual, xz_one])
        # Each usual file is stopped for its xz one, and fetched again only if that fails. The xz one is
        # asked for once, in the network's first seconds, for both starts of Pyodide.
        assert xz == ["got"], ended
        assert plain == (["failed"] if serve is None else ["failed", "got"]), ended
    for what in ["wasm", "standard library"]:
        assert any(f"xz {what} failed" in text for text in warnings) == bool(serve), warnings
    assert page.locator("#error").is_hidden()
    cdp.send("Network.emulateNetworkConditions", {**SLOW, "downloadThroughput": -1})
    click_actions(page, 3)
    expected = r"/runtime/\S+ net::ERR_ABORTED|HTTP 404|Failed to load resource"
    assert not [error for error in page_guard.errors if not re.search(expected, error)], page_guard.errors


def test_after_an_xz_start_the_service_worker_keeps_the_decoded_wasm_and_stdlib_and_the_next_visit_is_offline(
    page: Page, page_guard: PageGuard
) -> None:
    page_guard.expect_errors()  # the snapshot (too slow) and the plain wasm are given up: checked below
    ended, cdp = on_a_slow_network(page)
    page.goto(SOLO)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.wasm") == "xz"
    cdp.send("Network.emulateNetworkConditions", {**SLOW, "downloadThroughput": -1})
    wait_offline_ready(page)
    # Neither the page nor the service worker's precache downloaded the usual wasm or standard library whole:
    # they were handed over (the standard library's zip as it is, not gzipped).
    assert [how for url, how in ended if url.endswith(WASM_FILES[0])] == ["failed"], ended
    assert [how for url, how in ended if STDLIB_URL.search(url)] == ["failed"], ended
    wasm = build.DIST / build.PYODIDE_DIR / "pyodide.asm.wasm"
    (stdlib,) = (build.DIST / "runtime").glob("python_stdlib-*.zip")
    kept = page.evaluate(
        """async ([urls, handoff]) => {
          const found = [];
          for (const url of urls) {
            const response = await caches.match(url);
            const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
            const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
            found.push(hex, response.headers.get("Content-Type"));
          }
          return [...found, await caches.has(handoff)];
        }""",
        [
            [
                f"{page_guard.origin}{build.PYODIDE_DIR}/pyodide.asm.wasm",
                f"{page_guard.origin}runtime/{stdlib.name}.gz",
            ],
            build.HANDOFF_CACHE,
        ],
    )
    assert kept == [build.sha256(wasm), "application/wasm", build.sha256(stdlib), None, False]
    # The next visit reads the runtime from the cache, the handed-over wasm too: none of it from the network.
    network: list[str] = []
    page.context.on("request", lambda request: request.service_worker and network.append(request.url))
    page.reload()
    # The board kept from the last visit is ready at once (a quick start): wait for Python's own paint, so the
    # runtime has been read and nothing is in flight when the next navigation comes.
    page.wait_for_function(PYTHON_PAINTED, timeout=SW_READY_MS, polling=50)
    assert not [url for url in network if "/runtime/" in url], network
    page.context.set_offline(True)
    try:
        page.goto(SOLO)
        wait_ready(page)
        assert started(page) == "snapshot"
        click_actions(page, 3)
    finally:
        page.context.set_offline(False)
    # Given up: the snapshot and the plain wasm, and what a navigation cut short (a runtime file).
    expected = r"/runtime/\S+ net::ERR_ABORTED$"
    assert not [error for error in page_guard.errors if not re.search(expected, error)], page_guard.errors


def test_offline_after_one_visit_a_whole_solo_game_and_a_hot_seat_one_start_and_play(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(SOLO)
    wait_ready(page)
    wait_offline_ready(page)
    # The precache has the standard library the page gunzipped (handed over), so the next start need not.
    (stdlib,) = (build.DIST / "runtime").glob("python_stdlib-*.zip")
    cached = page.evaluate(
        "async (url) => [...new Uint8Array(await (await caches.match(url)).arrayBuffer())]",
        f"{page_guard.origin}runtime/{stdlib.name}.gz",
    )
    assert bytes(cached) == stdlib.read_bytes()
    page.context.set_offline(True)
    try:
        page.goto(SOLO)
        wait_ready(page)
        assert started(page) == "snapshot"
        assert play_to_the_end(page, 4).clicks > 8
        page.goto(HOT_SEAT)
        wait_ready(page)
        click_actions(page, 6)
        page.goto("table/")
        assert (
            page.locator("[data-needs-network]:visible").inner_text().startswith("Playing on several phones")
        )
    finally:
        page.context.set_offline(False)


def test_a_visit_to_the_unchanged_site_comes_from_its_cache_asking_the_network_only_for_sw_js(
    page: Page, page_guard: PageGuard
) -> None:
    page.goto(SOLO)
    wait_ready(page)
    wait_offline_ready(page)
    asked: list[str] = []  # by the service worker
    page.context.on("request", lambda request: request.service_worker and asked.append(request.url))
    page.goto(SOLO)
    wait_ready(page)
    click_actions(page, 2)
    assert [urlsplit(url).path for url in asked] == ["/sw.js"], asked  # whether the site has changed


@pytest.fixture
def second_site(tmp_path: Path) -> Iterator[tuple[build.DistServer, Path]]:
    """A copy of dist/ served on its own port (its own origin, so its own service worker), to redeploy."""
    root = tmp_path / "site"
    shutil.copytree(build.DIST, root)
    server = build.serve_dist(root)
    yield server, root
    server.shutdown()
    server.server_close()


def test_an_update_of_the_site_replaces_the_cached_version_on_the_next_visit(
    browser: Browser, second_site: tuple[build.DistServer, Path]
) -> None:
    server, root = second_site
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    try:
        page.goto(SOLO)
        wait_ready(page)
        wait_offline_ready(page)
        old = page.evaluate("caches.keys()")
        # A deploy: one page and one shared file change; sw.js gets the new version.
        css = root / "assets" / "site.css"
        css.write_text(css.read_text() + "\n:root { --tt-deploy: 2; }\n")
        play = root / "play" / "index.html"
        play.write_text(play.read_text().replace("<head>", '<head><meta name="deploy" content="2">'))
        version = build.render_service_worker(root)
        assert f"tt-{version}" not in old
        # The next visit is the new version, all of it (no cached old file mixed in).
        page.goto(SOLO)
        wait_ready(page)
        assert page.get_attribute('meta[name="deploy"]', "content") == "2"
        assert "--tt-deploy: 2" in page.evaluate("fetch('../assets/site.css').then((r) => r.text())")
        # The new worker takes over, and the visit after that comes from its cache, offline too.
        wait_until(page, NEW_WORKER_IN_CHARGE, [f"tt-{version}", *old])
        context.set_offline(True)
        page.goto(SOLO)
        wait_ready(page)
        assert page.get_attribute('meta[name="deploy"]', "content") == "2"
        assert "--tt-deploy: 2" in page.evaluate("fetch('../assets/site.css').then((r) => r.text())")
        click_actions(page, 2)
    finally:
        context.close()
    assert problems == []


LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });"""
MAIN_THREAD_BOUND_MS = 1000  # Python on the main thread held it for seconds at a time (start, bots' turns)


def test_python_starts_and_bots_think_off_the_main_thread(page: Page, page_guard: PageGuard) -> None:
    page.add_init_script(LONG_TASKS)
    page.goto(f"play/?game=stock_trader&seats=human,bot:planner,bot:planner,bot:planner&seed=5&{FAST}")
    wait_ready(page)
    # The page itself never fetched the runtime: its worker did (a worker has its own resource timeline).
    fetched = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert any(name.endswith("/assets/worker.mjs") for name in fetched)
    assert not any(name.endswith((".wasm", ".whl", ".bin", ".zip")) for name in fetched)
    click_actions(page, 6)  # the strongest bots answer each move
    longest = page.evaluate("Math.max(0, ...window.__longTasks)")
    assert longest < MAIN_THREAD_BOUND_MS, f"the page was blocked for {longest:.0f} ms"


# Each board made (TradingTable.make: with its markup) and painted, with how many frames were drawn by then,
# and whether the page was still busy with the tap when its board went in.
FRAMES_OF_PAINTS = """addEventListener("DOMContentLoaded", () => {
  const TT = TradingTable, make = TT.make, paint = TT.paint;
  window.ttFrames = 0;
  window.ttSteps = [];
  const count = () => { window.ttFrames++; requestAnimationFrame(count); };
  requestAnimationFrame(count);
  TT.make = (box, html) => {
    const made = make(box, html);
    if (made) window.ttSteps.push(["make", window.ttFrames, html]);
    return made;
  };
  TT.paint = (box, html, made) => {
    const busy = document.documentElement.dataset.busy ?? null;
    window.ttSteps.push(["paint", window.ttFrames, Boolean(made), busy]);
    paint(box, html, made);
  };
});"""
HIDDEN = "Object.defineProperty(Document.prototype, 'hidden', { get: () => true });"


@pytest.mark.parametrize("hidden", [False, True])
def test_a_move_s_board_is_parsed_a_frame_before_it_goes_in_and_the_tap_ends_with_it(
    page: Page, page_guard: PageGuard, hidden: bool
) -> None:
    if hidden:
        page.add_init_script(HIDDEN)  # no one sees the page: no frame to wait for
    page.add_init_script(FRAMES_OF_PAINTS)
    page.goto("play/?game=futures&players=3&seats=human,bot,bot&seed=4&pace=2000")  # bots wait 2 s
    wait_ready(page)
    first = page.evaluate("window.ttSteps")  # over the preview: at once
    (step, at, _), paint = first[:2]
    assert step == "make" and paint == ["paint", at, True, None]
    page.evaluate("window.ttSteps = []")
    page.locator("#board [data-action]").first.click()
    settle(page)
    (_, made, _), (_, painted, ahead, busy) = page.evaluate("window.ttSteps")
    assert ahead and busy == "1"  # the board made ahead is the one painted, and the tap ends after it
    assert painted > made if not hidden else painted == made


# The ops of the messages the page holds back (conftest.HOLD_PAINTS), and the markup of their paints.
HELD_OPS = "() => window.ttHold.flatMap((event) => JSON.parse(event.data))"
HELD_BOARDS = f"() => ({HELD_OPS})().filter((op) => op.op === 'paint').map((op) => op.html)"
# Each key and value the page stores from then on.
STORES = """() => {
  const store = TradingTable.store;
  window.ttStored = [];
  TradingTable.store = (key, value) => { window.ttStored.push([key, value]); store(key, value); };
}"""


def test_boards_that_come_faster_than_the_page_draws_go_in_newest_first(
    page: Page, page_guard: PageGuard
) -> None:
    page.add_init_script(HOLD_PAINTS)
    page.add_init_script(FRAMES_OF_PAINTS)
    page.goto(f"play/?game=futures&players=4&seats=human,bot,bot,bot&seed=4&{FAST}")
    wait_ready(page)
    page.locator("#board [data-action]").first.click()  # a card placed: the person trades or passes next
    settle(page)
    # The pass's board and the bots' moves up to the person's next turn, held back, then at once: as they
    # come where bots move faster than the page draws ("Instant" on a slow phone).
    page.evaluate("window.ttHold = []; window.ttSteps = []")
    page.locator("#board [data-action=pass]").click()
    turn = f"({HELD_BOARDS})().length >= 4 && ({HELD_BOARDS})().at(-1).includes('data-action=')"
    page.wait_for_function(turn)  # the person's turn again
    held, ops = page.evaluate(HELD_BOARDS), page.evaluate(HELD_OPS)
    page.evaluate(STORES)
    page.evaluate("window.ttRelease(); window.ttHold = null")
    settle(page)
    drawn(page)
    steps = page.evaluate("window.ttSteps")
    # The pass's board was made before the rest came: it goes in, and the tap ends with it. The next board
    # made is the newest: the ones between, which no one would have seen, are never made.
    assert [step[2] for step in steps if step[0] == "make"] == [held[0], held[-1]]
    assert steps[1][:4:3] == ["paint", "1"]
    expect(page.locator("#board [data-action]").first).to_be_visible()
    assert page.evaluate("document.documentElement.dataset.busy") is None
    # Of the game, saved after each move, and the board kept for a quick start (python.js's `keep`), the same:
    # what the pass stored, then only what the last move stored, not what each move between did.
    stored = page.evaluate("window.ttStored")
    saved = [op for op in ops if op["op"] == "store"]
    assert len(saved) >= 4 and len({op["key"] for op in saved}) == 1
    games = [value for key, value in stored if key == saved[0]["key"]]
    kept = [json.loads(value)["html"] for key, value in stored if key == "trading-table:paint"]
    assert games == [saved[0]["value"], saved[-1]["value"]] and kept == [held[0], held[-1]]
    assert len(stored) == 4
