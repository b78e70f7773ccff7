#!/usr/bin/env python3
"""Start-up time of the hello page (bare PyScript + Pyodide) vs the play page, in headless Chromium.

    python3 benchmarks/startup.py [--runs 5] [--page hello/ --page play/] [--no-build]

For each run and each page (pages interleaved, side by side in one run):
  cold: a fresh browser profile (new user-data-dir, so no HTTP cache and no V8/wasm code cache);
  warm: a reload in that same persistent context.
Both report first contentful paint and the moment <html data-ready="1"> appears, in ms from
navigation start (performance.now(), recorded by a MutationObserver installed before any page
script runs). dist/ is built (unless --no-build) and served by build.py's own server.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build.py, stdlib only)

FLAGS = list(build.CHROMIUM_FLAGS)
READY_OBSERVER = """
(() => {
  const mark = () => {
    if (window.__readyAt === undefined && document.documentElement?.dataset.ready === "1") {
      window.__readyAt = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, {
    attributes: true, subtree: true, attributeFilter: ["data-ready"],
  });
})();
"""
TIMINGS = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0]
    || performance.getEntriesByName("first-paint")[0];
  return [paint ? paint.startTime : NaN, window.__readyAt];
}"""
COLUMNS = ("cold paint", "cold ready", "warm paint", "warm ready")


def chromium() -> str:
    """Path of the Chromium binary (env CHROMIUM, default /usr/bin/chromium)."""
    path = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(path).exists():
        sys.exit(f"startup.py: Chromium not found at {path} (apt-get install chromium, or set CHROMIUM)")
    return path


def wait_ready(page: Any, timeout_ms: int) -> tuple[float, float]:
    """Wait for data-ready on the current navigation; return (first paint, ready) in ms."""
    page.wait_for_function(
        "window.__readyAt !== undefined || document.documentElement.dataset.failed === '1'",
        timeout=timeout_ms,
        polling=50,
    )
    if page.evaluate("window.__readyAt === undefined"):
        raise RuntimeError(f"{page.url} failed: {page.inner_text('[role=alert]')}")
    paint, ready = page.evaluate(TIMINGS)
    return float(paint), float(ready)


def one_run(playwright: Any, url: str, timeout_ms: int) -> tuple[float, float, float, float]:
    """Cold load in a brand-new profile, then a warm reload in the same context."""
    profile = tempfile.mkdtemp(prefix="startup-bench-")
    try:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium(), args=FLAGS, headless=True
        )
        try:
            context.add_init_script(READY_OBSERVER)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url, wait_until="commit")
            cold = wait_ready(page, timeout_ms)
            page.reload(wait_until="commit")
            warm = wait_ready(page, timeout_ms)
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return (*cold, *warm)


def table(results: dict[str, list[tuple[float, ...]]], runs: int) -> str:
    """Markdown table of medians per page, plus the ratio of each page to the first one."""
    medians = {
        page: [statistics.median(col) for col in zip(*rows, strict=True)] for page, rows in results.items()
    }
    header = f"| page (median of {runs} runs, ms) | " + " | ".join(COLUMNS) + " |"
    lines = [header, "|" + "---|" * (len(COLUMNS) + 1)]
    for page, values in medians.items():
        lines.append(f"| {page} | " + " | ".join(f"{v:.0f}" for v in values) + " |")
    base_name, base = next(iter(medians.items()))
    for page, values in list(medians.items())[1:]:
        ratios = " | ".join(f"{v / b:.2f}x" for v, b in zip(values, base, strict=True))
        lines.append(f"| {page.rstrip('/')} / {base_name.rstrip('/')} | {ratios} |")
    return "\n".join(lines)


def main() -> int:
    """Parse arguments, build and serve dist/, run the interleaved measurements, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--page", action="append", help="page path under dist/ (repeatable)")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per page load")
    args = parser.parse_args()
    pages = args.page or ["hello/", "play/"]

    python = build.setup()
    if not build.in_venv():  # playwright lives in the project venv
        os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])
    from playwright.sync_api import sync_playwright

    try:
        if not args.no_build:
            build.build()
        server = build.serve_dist(build.DIST)
    except build.BuildError as exc:
        sys.exit(f"startup.py: error: {exc}")
    results: dict[str, list[tuple[float, ...]]] = {page: [] for page in pages}
    try:
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for page in pages:
                    results[page].append(one_run(playwright, server.url + page, int(args.timeout * 1000)))
                    cells = ", ".join(f"{v:.0f}" for v in results[page][-1])
                    print(f"run {run + 1}/{args.runs} {page}: {cells} ms", file=sys.stderr, flush=True)
    finally:
        server.shutdown()
        server.server_close()
    print(table(results, args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
