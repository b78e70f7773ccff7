"""The browser's X25519 and ChaCha20-Poly1305 (noble's, web/assets/tt_crypto.mjs and .py) in the table page's
worker: the RFCs' known answers (tests/crypto_vectors.py, which tests/test_crypto.py runs in CPython) through
the primitives the page installed, and only the table page downloads them."""

from __future__ import annotations

from typing import Any

from crypto_vectors import CHECKS
from playwright.sync_api import Page, Request

from .conftest import ROOT, wait_ready, worker_python
from .test_startup import wait_offline_ready

VECTORS = ROOT / "tests" / "crypto_vectors.py"
# The module of the primitives installed in the worker, and each check's outcome there.
VECTORS_RUN = """import json, crypto_vectors
from pygame_core.engine import crypto
json.dumps([type(crypto.primitives()).__module__, crypto_vectors.outcomes()])"""
CRYPTO_FILES = ("/assets/tt_crypto.mjs", "/assets/tt_crypto.py", "/curves/ed25519.js", "/ciphers/chacha.js")


def test_the_rfc_vectors_pass_through_the_table_pages_primitives_in_its_worker(page: Page) -> None:
    page.goto("table/")
    wait_ready(page)
    assert run_vectors(page) == ["tt_crypto", dict.fromkeys(CHECKS, "ok")]


def run_vectors(page: Page) -> Any:
    """Run the checks of tests/crypto_vectors.py in the page's worker: [the primitives' module, outcomes]."""
    return worker_python(page, VECTORS_RUN, [VECTORS])


def test_offline_after_a_visit_the_table_page_has_its_crypto_from_the_precache(page: Page) -> None:
    page.goto("play/?pace=0")
    wait_ready(page)
    wait_offline_ready(page)
    page.context.set_offline(True)
    try:
        page.goto("table/")
        wait_ready(page)
        assert run_vectors(page) == ["tt_crypto", dict.fromkeys(CHECKS, "ok")]
    finally:
        page.context.set_offline(False)


def test_the_table_page_downloads_the_crypto_modules_and_the_play_page_does_not(page: Page) -> None:
    asked: list[str] = []  # by the page and its worker, not by the service worker's precache

    def on_request(request: Request) -> None:
        if not request.service_worker:
            asked.append(request.url)

    page.on("request", on_request)
    page.goto("play/?pace=0")
    wait_ready(page)
    assert not [url for url in asked if url.endswith(CRYPTO_FILES)]
    page.goto("table/")
    wait_ready(page)
    assert {file for file in CRYPTO_FILES if any(url.endswith(file) for url in asked)} == set(CRYPTO_FILES)


def test_the_published_noise_vectors_pass_in_the_table_pages_worker(page: Page) -> None:
    # The same Noise code and vectors as tests/test_noise.py, on the browser's primitives.
    page.goto("table/")
    wait_ready(page)
    run = "import json, noise_vectors\njson.dumps(noise_vectors.outcomes())"
    assert worker_python(page, run, [ROOT / "tests" / "noise_vectors.py"]) == [True] * 8
