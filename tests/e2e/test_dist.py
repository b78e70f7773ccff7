"""The assembled dist/ folder: shipped lock, wheel contents, no CDN, Netlify headers."""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import re
import zipfile
from pathlib import Path

import minify_python  # tools/ (pyproject's pythonpath)
import pytest

import build

pytestmark = pytest.mark.e2e

PYODIDE = build.DIST / build.PYODIDE_DIR
CDN = re.compile(rb"jsdelivr|unpkg|pyscript\.net|cdnjs|googleapis")


def test_every_shipped_lock_entry_points_to_a_shipped_file_with_its_sha256() -> None:
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == set(build.RUNTIME_WHEELS)
    for name, entry in lock["packages"].items():
        shipped = PYODIDE / entry["file_name"]
        assert shipped.is_file(), f"{name}: {entry['file_name']} is not shipped"
        assert hashlib.sha256(shipped.read_bytes()).hexdigest() == entry["sha256"], name


def test_lock_matches_the_runtime_version() -> None:
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14")
    assert f'"{build.PYODIDE_VERSION}"' in (PYODIDE / "pyodide.mjs").read_text()


def test_wheel_contains_every_module_of_the_package() -> None:
    (wheel,) = (build.DIST / build.WHEELS_DIR).glob("pygame_core-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {p.relative_to(build.ROOT).as_posix() for p in (build.ROOT / "pygame_core").rglob("*.py")}
    assert sources <= names, sorted(sources - names)


def test_our_pages_and_assets_reference_no_cdn() -> None:
    # Vendored runtime files may mention CDNs in comments and unused defaults; the browser
    # tests prove none is requested. Everything we write ourselves must not mention one.
    offenders = [
        path.relative_to(build.DIST).as_posix()
        for path in build.DIST.rglob("*")
        if path.is_file()
        and "runtime" not in path.relative_to(build.DIST).parts
        and path.suffix != ".whl"
        and CDN.search(path.read_bytes())
    ]
    assert offenders == []


def test_every_page_names_its_icon() -> None:
    # Without one a browser asks for /favicon.ico, which the site has not: a 404 in the console of a
    # page opened on its own (an embed's preview, shared from its frame).
    pages = list(build.DIST.rglob("index.html"))
    lacking = [path.relative_to(build.DIST) for path in pages if 'rel="icon"' not in path.read_text()]
    assert len(pages) > 40 and lacking == []
    assert (build.DIST / "favicon.svg").is_file()


def test_headers_file_is_written() -> None:
    assert (build.DIST / "_headers").read_text() == build.headers_file()


def test_no_source_maps_or_notes_shipped() -> None:
    shipped: list[Path] = [*build.DIST.rglob("*.map"), *build.DIST.rglob("*.md")]
    assert shipped == []


def test_the_trimmed_standard_library_is_part_of_pyodides_named_by_its_contents() -> None:
    (trimmed,) = (build.DIST / "runtime").glob("python_stdlib-*.zip")
    data = trimmed.read_bytes()
    assert trimmed.name == f"python_stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"
    whole = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")  # still shipped, for /hello/
    kept = zipfile.ZipFile(trimmed)
    assert {info.compress_type for info in kept.infolist()} == {zipfile.ZIP_STORED}
    gzipped = trimmed.with_name(f"{trimmed.name}.gz").read_bytes()  # what the pages download
    assert gzip.decompress(gzipped) == data
    assert len(gzipped) < (PYODIDE / "python_stdlib.zip").stat().st_size / 4
    minified = 0
    ours = {"sitecustomize.py": build.STDLIB_SITE.read_text()}  # added by the build
    for name in kept.namelist():  # each as Pyodide has it, its comments and docstrings out, line for line
        source, small = ours.get(name) or whole.read(name).decode(), kept.read(name).decode()
        assert small.count("\n") == source.count("\n") and len(small) <= len(source), name
        minified += small != source
        with contextlib.suppress(SyntaxError):  # this Python may not read Pyodide's newer syntax
            code = [compile(text, name, "exec", optimize=2) for text in (source, small)]
            assert minify_python.same_code(*code), name
    assert minified > 0.9 * len(kept.namelist())
    assert {"pyodide/__init__.py", "_pyodide/_base.py", "traceback.py", "encodings/utf_8.py", *ours} <= set(
        kept.namelist()
    )
    assert "argparse.py" not in kept.namelist()  # only the command line (pygame_core.cli) imports it


# Run by Node (`node - DIR STDLIB`): Pyodide from DIR with the standard library zip STDLIB; prints what
# Japanese text becomes in UTF-8 and in Shift_JIS (or the error), what str's own tables say (upper case,
# case folding, digits) and what the Unicode database says of a character, as JSON.
ENCODE_JS = r"""
import { pathToFileURL } from "node:url";

const [dir, stdlib] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/`, stdLibURL: stdlib });
console.log(pyodide.runPython(`import json, unicodedata
def encoded(codec):
    try:
        return "あ株".encode(codec).hex()
    except LookupError as error:
        return type(error).__name__
cases = ["Straße ｱ株".upper(), "Straße".casefold(), "株式２".isidentifier(), "２５".isdigit(), int("２５")]
json.dumps([encoded("utf-8"), encoded("shift_jis"), cases, unicodedata.name("あ", None)])`));
"""


def test_the_pages_wasm_is_the_stock_one_with_tables_zeroed_which_nothing_reaches() -> None:
    stock = build.DIST / build.STOCK_DIR
    tables = build.runtime_tables(stock)
    sizes = {name: sum(end - start for start, end in spans) for name, spans in tables.items()}
    assert sizes["the CJK codecs'"] > 500_000 and sizes["the Unicode database's"] > 600_000
    wasm = (stock / "pyodide.asm.wasm").read_bytes()
    spans = [span for found in tables.values() for span in found]
    assert (PYODIDE / "pyodide.asm.wasm").read_bytes() == build.zeroed_wasm(wasm, spans) != wasm
    (stdlib,) = (build.DIST / "runtime").glob("python_stdlib-*.zip")
    pages = json.loads(build.run_node(ENCODE_JS, [PYODIDE, stdlib], "encode text"))
    whole = json.loads(build.run_node(ENCODE_JS, [stock, stock / "python_stdlib.zip"], "encode text"))
    cases = ["STRASSE ｱ株", "strasse", True, True, 25]  # str's own tables are not the database's
    assert pages == ["e38182e6a0aa", "LookupError", cases, None]  # nothing to read the zeroed tables
    assert whole == ["e38182e6a0aa", "82a08a94", cases, "HIRAGANA LETTER A"]
