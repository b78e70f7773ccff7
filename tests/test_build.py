"""Unit tests of build.py (no network, no dist/ needed)."""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import lzma
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import minify_python  # tools/, run by the build in Pyodide (pyproject's pythonpath)
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402  (the project's build.py, not pypa's build)

assert Path(build.__file__).resolve() == ROOT / "build.py"


def test_render_fills_placeholders_and_rejects_unknown_ones() -> None:
    assert build.render("<a href='{{ROOT}}x'>{{ ROOT }}</a>", {"ROOT": "../"}) == "<a href='../x'>../</a>"
    with pytest.raises(build.BuildError, match="NOPE"):
        build.render("{{NOPE}}", {"ROOT": "./"})


def test_page_values_are_relative_to_the_page() -> None:
    top = build.page_values(Path("index.html"), "w.whl")
    nested = build.page_values(Path("play/index.html"), "w.whl")
    assert top["ROOT"] == "./"
    assert nested["STOCK_PYODIDE"] == f"../runtime/pyodide-{build.PYODIDE_VERSION}"
    assert re.fullmatch(
        rf"\.\./runtime/pyodide-{re.escape(build.PYODIDE_VERSION)}-[0-9a-f]{{8}}", nested["PYODIDE"]
    )
    assert nested["PYSCRIPT"] == f"../runtime/pyscript-{build.PYSCRIPT_VERSION}"
    assert nested["WHEEL"] == "../wheels/w.whl"
    assert nested["STDLIB"] == "" and nested["SNAPSHOT"] == ""  # none made: Pyodide's own
    stdlib = build.page_values(Path("assets/worker.mjs"), "w.whl", stdlib="runtime/python_stdlib-01.zip")
    assert stdlib["STDLIB"] == "../runtime/python_stdlib-01.zip"


def test_shipped_lock_keeps_only_shipped_wheels_with_their_real_hash(tmp_path: Path) -> None:
    lock = {
        "info": {"python": "3.14.2"},
        "packages": {
            "micropip": {"name": "micropip", "file_name": "micropip-0.1-py3-none-any.whl", "sha256": "0"},
            "numpy": {"name": "numpy", "file_name": "numpy.whl", "sha256": "1"},
        },
    }
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(lock))
    wheel = tmp_path / "micropip-0.11.1-py3-none-any.whl"
    wheel.write_bytes(b"not really a wheel")
    shipped = build.shipped_lock(tmp_path / "pyodide-lock.json", [wheel])
    assert shipped["info"] == lock["info"]
    assert shipped["packages"] == {
        "micropip": {
            "name": "micropip",
            "file_name": wheel.name,
            "version": "0.11.1",
            "sha256": hashlib.sha256(b"not really a wheel").hexdigest(),
        }
    }


def test_header_rules_parse_the_generated_headers_file(tmp_path: Path) -> None:
    (tmp_path / "_headers").write_text("# comment\n" + build.headers_file())
    rules = build.header_rules(tmp_path)
    matching = [headers for pattern, headers in rules if pattern.match("/runtime/pyodide-1/pyodide.asm.wasm")]
    assert {"Content-Type": "application/wasm"} in matching
    assert {"Cache-Control": "public, max-age=31536000, immutable"} in matching
    assert not [headers for pattern, headers in rules if pattern.match("/play/")]


def test_netlify_toml_agrees_with_build_headers() -> None:
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    assert config["build"]["publish"] == "dist"
    assert config["build"]["command"] == "python3 build.py build"
    assert {rule["for"]: rule["values"] for rule in config["headers"]} == build.HEADERS


def test_mime_types() -> None:
    assert build.MIME_TYPES[".wasm"] == "application/wasm"
    assert build.MIME_TYPES[".mjs"] == build.MIME_TYPES[".js"] == "text/javascript"
    assert build.MIME_TYPES[".whl"] == build.MIME_TYPES[".zip"] == "application/zip"
    assert build.MIME_TYPES[".xz"] == "application/x-xz"  # the page decodes it, not the browser
    assert build.MIME_TYPES[".gz"] == "application/gzip"  # likewise


def test_everything_after_test_goes_to_pytest() -> None:
    args = build.parse_args(["-v", "test", "-v", "-k", "test", "tests/e2e"])
    assert args.verbose and args.command == "test"
    assert args.pytest_args == ["-v", "-k", "test", "tests/e2e"]
    serve = build.parse_args(["serve", "--port", "9000"])
    assert (serve.command, serve.port, serve.host, serve.pytest_args) == ("serve", 9000, "127.0.0.1", [])


def test_requirements_include_the_build_backend_and_browser_tools() -> None:
    requirements = build.requirements()
    assert requirements[:2] == ["-e", ".[dev]"]
    assert any(r.startswith("hatchling") for r in requirements)
    assert {"build", "playwright", "pytest-playwright"} <= {r.split(">")[0] for r in requirements}


def test_web_and_public_never_point_at_a_cdn() -> None:
    for folder in ("web", "public"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                text = path.read_text(errors="replace").lower()
                for cdn in ("jsdelivr", "unpkg", "pyscript.net"):
                    assert cdn not in text, f"{path.relative_to(ROOT)} mentions {cdn}"


def test_page_imports_are_what_the_pages_import_without_browser_only_modules(tmp_path: Path) -> None:
    page = tmp_path / "main.py"
    page.write_text(
        "import random\nimport json, asyncio\nfrom functools import partial\nimport js\n"
        "from pyscript import document\nfrom pyodide.ffi import create_proxy\n"
        "from pygame_core.engine.table import Table\nfrom . import sibling\nfrom tt_bridge import post\n"
        "def qr():\n    import segno\n"
    )
    (tmp_path / "tt_bridge.py").write_text("import base64\n")  # a page's own module, beside it at run time
    assert build.page_imports([page, tmp_path / "tt_bridge.py"]) == [
        "asyncio",
        "base64",
        "functools",
        "json",
        "pygame_core.engine.table",
        "pyodide.ffi",
        "random",
    ]


def test_the_snapshot_imports_every_module_the_real_pages_import() -> None:
    imports = build.page_imports((ROOT / "web").rglob("*.py"))
    assert {"pygame_core.games", "pygame_core.engine.table"} <= set(imports)
    assert "segno" not in imports  # only a table's host draws a QR code: web/table/main.py imports it then
    assert not any(name.split(".")[0] in build.SNAPSHOT_SKIP for name in imports)


def zipped(path: Path, members: dict[str, bytes], date: tuple[int, ...]) -> Path:
    """A zip of members, every one stamped with date."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(zipfile.ZipInfo(name, date_time=date), data)  # type: ignore[arg-type]
    return path


def wasm_section(number: int, body: bytes) -> bytes:
    """A wasm section (its body shorter than 128 bytes: a one-byte size)."""
    return bytes([number, len(body)]) + body


def test_wasm_memory_is_the_active_data_segments_in_place() -> None:
    segments = [
        b"\x00\x41\x04\x0b\x02ab",  # active at 4: "ab"
        b"\x01\x02zz",  # passive: not in memory at the start
        b"\x02\x00\x41\x0a\x0b\x01c",  # active, memory 0, at 10: "c"
    ]
    data = wasm_section(11, bytes([len(segments)]) + b"".join(segments))
    wasm = b"\x00asm\x01\x00\x00\x00" + wasm_section(5, b"\x01\x00\x01") + data
    assert build.wasm_memory(wasm) == b"\x00\x00\x00\x00ab\x00\x00\x00\x00c"
    with pytest.raises(build.BuildError, match="not at a constant offset"):
        build.wasm_memory(wasm[:8] + wasm_section(11, b"\x01\x00\x23\x00\x0b\x01c"))  # global.get


def test_zeroed_wasm_zeroes_spans_across_segments_and_the_zeros_between() -> None:
    segments = [b"\x00\x41\x04\x0b\x04abcd", b"\x00\x41\x0a\x0b\x03efg"]  # "abcd" at 4, "efg" at 10
    wasm = b"\x00asm\x01\x00\x00\x00" + wasm_section(11, bytes([len(segments)]) + b"".join(segments))
    zeroed = build.zeroed_wasm(wasm, [[6, 11]])  # cd, the zeros at 8 and 9 (not in the module), e
    assert build.wasm_memory(zeroed) == b"\x00\x00\x00\x00ab" + bytes(5) + b"fg"
    assert len(zeroed) == len(wasm)
    assert build.zeroed_wasm(wasm, []) == wasm
    for outside in ([2, 6], [12, 14]):
        with pytest.raises(build.BuildError, match="not within its data segments"):
            build.zeroed_wasm(wasm, [outside])


def leb(value: int) -> bytes:
    """A signed LEB128 (read as unsigned too, if not negative)."""
    out = bytearray()
    while not -64 <= value < 64:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes(out + bytes([value & 0x7F]))


def wasm_module(bodies: list[bytes], data: bytes = b"", at: int = 0) -> bytes:
    """A wasm module: one imported function (`env.f`), then functions of these bodies (no locals; `end`
    added), and data at `at`."""
    imports = b"\x01\x03env\x01f\x00\x00"  # a function of type 0
    code = [leb(len(body) + 2) + b"\x00" + body + b"\x0b" for body in bodies]
    sections = [(2, imports), (10, leb(len(bodies)) + b"".join(code))]
    if data:
        sections.append((11, b"\x01\x00\x41" + leb(at) + b"\x0b" + leb(len(data)) + data))
    return b"\x00asm\x01\x00\x00\x00" + b"".join(bytes([n]) + leb(len(b)) + b for n, b in sections)


def constant(value: int) -> bytes:
    """i32.const value; drop."""
    return b"\x41" + leb(value) + b"\x1a"


def test_wasm_code_reads_each_functions_constants_and_calls_past_every_kind_of_immediate() -> None:
    body = b"".join(
        [
            b"\x02\x40\x41" + leb(-5) + b"\x1a\x0b",  # block; i32.const -5; drop; end
            b"\x42" + leb(1 << 40) + b"\x1a\x44" + bytes(8) + b"\x1a",  # i64 and f64 constants
            b"\x41\x10\x28\x02\x08\x1a",  # i32.const 16; i32.load align 2 offset 8; drop
            b"\x41\x00\x0e\x02\x00\x00\x00",  # br_table with two labels and a default
            b"\xfc\x0a\x00\x00\xfd\x0c" + bytes(16) + b"\x1a",  # memory.copy; v128.const; drop
            b"\x10\x02\x41" + leb(300_000),  # call 2; i32.const 300000
        ]
    )
    assert build.wasm_code(wasm_module([body, b"\x10\x00"])) == {1: ([-5, 16, 0, 300_000], [2]), 2: ([], [0])}
    with pytest.raises(build.BuildError, match=r"cannot read \(0x14\)"):
        build.wasm_code(wasm_module([b"\x14\x00"]))  # call_ref: not here
    with pytest.raises(build.BuildError, match="ends at"):
        build.wasm_code(wasm_module([b"\x44"]))  # an f64 constant cut short by the body's end


def test_unicodedata_spans_are_runs_of_the_modules_own_objects_with_few_strays() -> None:
    k = 1024
    bodies = [
        b"\x10\x02\x10\x03" + b"".join(constant(v * k) for v in (1, 64, 128, 192, 224, 256)),  # 1: the entry
        constant(200 * k) + b"\x10\x00",  # 2: only the entry calls it: the module's (0 is imported)
        constant(16 * k),  # 3: called by 4 too: not the module's, nor is 16 KiB
        b"\x10\x03" + b"".join(constant(v * k + 1) for v in (2, *range(130, 139))),  # 4: others
    ]
    wasm = wasm_module(bodies, bytes(300 * k), at=k)
    # Objects from 1, 64, 128, 192, 200 (the helper's) and 224 KiB to the next: 1-64 holds two strays (16
    # KiB, 2 KiB + 1) and 64-128 none, a run of 127 KiB; 128-192 holds nine, one more than allowed;
    # 192-256 is a run of 64 KiB; 256 KiB starts the last object, whose end nothing says.
    assert build.unicodedata_spans(wasm, [1]) == [[k, 128 * k], [192 * k, 256 * k]]
    assert (8, 64 * k) == (build.UNICODEDATA_STRAYS, build.UNICODEDATA_RUN)  # as the comment says


def test_check_cjk_unused_names_what_would_read_the_zeroed_tables(tmp_path: Path) -> None:
    clean = zipped(tmp_path / "stdlib.zip", {"codecs.py": b"import _codecs\n"}, (2020, 1, 1, 0, 0, 0))
    page = tmp_path / "main.py"
    page.write_text("text.encode('utf-8')  # not _codecs_jpx\n")
    build.check_cjk_unused([clean, page])
    members = {"encodings/shift_jis.py": b"import _codecs_jp, codecs\n", "encodings/utf_8.py": b""}
    used = zipped(tmp_path / "whole.zip", members, (2020, 1, 1, 0, 0, 0))
    (tmp_path / "gbk.py").write_text("import _codecs_cn\n")
    with pytest.raises(build.BuildError, match=r"^whole.zip/encodings/shift_jis.py, gbk.py would use"):
        build.check_cjk_unused([clean, used, page, tmp_path / "gbk.py"])


def test_xor_memory_zeroes_what_a_new_instance_holds_and_is_its_own_inverse() -> None:
    header = (16).to_bytes(4, "little") * 4  # the second uint32: the heap starts at byte 16
    image = header + b"abcdefgh" + b"rest"
    mixed = build.xor_memory(image, b"abcdXfgh")
    assert mixed == header + b"\x00\x00\x00\x00" + bytes([ord("e") ^ ord("X")]) + b"\x00\x00\x00rest"
    assert build.xor_memory(mixed, b"abcdXfgh") == image


def test_snapshot_key_follows_the_wheels_contents_and_the_imports_not_zip_timestamps(tmp_path: Path) -> None:
    runtime = tmp_path / "runtime"
    runtime.mkdir()
    for name in build.PYODIDE_FILES:
        (runtime / name).write_bytes(name.encode())
    members = {"pkg/__init__.py": b"x = 1\n"}
    one = zipped(tmp_path / "one.whl", members, (2020, 1, 1, 0, 0, 0))
    same = zipped(tmp_path / "same.whl", members, (2024, 5, 6, 7, 8, 10))
    other = zipped(tmp_path / "other.whl", {"pkg/__init__.py": b"x = 2\n"}, (2020, 1, 1, 0, 0, 0))
    key = build.snapshot_key(runtime, [one], ["json"])
    assert len(key) == 16
    assert build.snapshot_key(runtime, [same], ["json"]) == key
    assert build.snapshot_key(runtime, [other], ["json"]) != key
    assert build.snapshot_key(runtime, [one], ["json", "random"]) != key
    assert build.snapshot_key(runtime, [one], ["json"], stdlib="runtime/python_stdlib-01.zip") != key
    (runtime / "pyodide.asm.wasm").write_bytes(b"another build")
    assert build.snapshot_key(runtime, [one], ["json"]) != key


def test_the_service_worker_precaches_the_site_but_not_the_embeds_and_is_versioned_by_content(
    tmp_path: Path,
) -> None:
    site = ["index.html", "play/index.html", "play/main.py", "assets/site.css", "embed/index.html"]
    site += ["embed/frame.js", "embed/futures/index.html", "wheels/pygame_core-0.1.0-py3-none-any.whl"]
    site += [f"{build.PYODIDE_DIR}/pyodide.asm.wasm", "runtime/snapshot-0123456789abcdef.bin"]
    site += [
        f"{build.PYODIDE_DIR}/python_stdlib.zip",
        "runtime/python_stdlib-0123456789abcdef.zip",  # for the snapshot's build, and browsers without gunzip
        "runtime/python_stdlib-0123456789abcdef.zip.gz",
        "hello/index.html",
        build.WASM_XZ,  # for a slow first visit only: a repeat one compiles the cached wasm
        "runtime/python_stdlib-0123456789abcdef.zip.xz",  # likewise
        f"{build.XZ_DIR}/xzwasm.wasm",
    ]
    for name in site:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(name)
    version = build.render_service_worker(tmp_path)
    worker = (tmp_path / build.SERVICE_WORKER).read_text()
    assert f'const VERSION = "{version}";' in worker
    precache = json.loads(worker.split("const PRECACHE = ")[1].split(";\n")[0])
    assert set(precache) == {
        "./",
        "play/",
        "play/main.py",
        "assets/site.css",
        "embed/frame.js",
        "wheels/pygame_core-0.1.0-py3-none-any.whl",
        f"{build.PYODIDE_DIR}/pyodide.asm.wasm",
        "runtime/snapshot-0123456789abcdef.bin",
        "runtime/python_stdlib-0123456789abcdef.zip.gz",  # the trimmed one; the whole one is only for hello/
    }
    assert build.render_service_worker(tmp_path) == version
    (tmp_path / "assets/site.css").write_text("changed")
    assert build.render_service_worker(tmp_path) != version


def test_the_relay_comes_from_the_build_not_a_link(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TT_RELAY", "wss://relay.example.org/relay")
    assert build.page_values(Path("table/index.html"), "w.whl")["RELAY"] == "wss://relay.example.org/relay"
    monkeypatch.setenv("TT_RELAY", "javascript:alert(1)")
    with pytest.raises(build.BuildError, match="TT_RELAY"):
        build.page_values(Path("table/index.html"), "w.whl")["RELAY"]
    monkeypatch.delenv("TT_RELAY")
    assert build.page_values(Path("table/index.html"), "w.whl")["RELAY"] == ""


def test_the_table_page_carries_the_ice_servers_of_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    servers = [
        {"urls": "stun:stun.example.org:3478"},
        {
            "urls": ["turn:turn.example.org:3478", "turns:turn.example.org"],
            "username": "u",
            "credential": 'p"<',
        },
    ]
    monkeypatch.setenv("TT_ICE_SERVERS", json.dumps(servers))
    source = (build.WEB / "table/index.html").read_text()
    page = build.render(source, build.page_values(Path("table/index.html"), "w.whl"))
    meta = re.search(r'<meta name="tt-ice" content="([^"]*)">', page)
    assert meta is not None and json.loads(html.unescape(meta[1])) == servers
    for wrong in (
        "stun.example.org",
        '{"urls": "http://x"}',
        '[{"urls": []}]',
        '[{"urls": "stun:x", "n": 1}]',
    ):
        monkeypatch.setenv("TT_ICE_SERVERS", wrong)
        with pytest.raises(build.BuildError, match="TT_ICE_SERVERS"):
            build.page_values(Path("table/index.html"), "w.whl")["ICE_SERVERS"]
    monkeypatch.delenv("TT_ICE_SERVERS")
    assert build.page_values(Path("table/index.html"), "w.whl")["ICE_SERVERS"] == "[]"  # default: none
    assert "iceServers: iceServers()" in (ROOT / "public/assets/python.js").read_text()


STDLIB = {"json/__init__.py", "json/decoder.py", "argparse.py", "gzip.py", "pyodide/__init__.py"}
STDLIB |= {"pyodide/ffi/__init__.py", "collections/__init__.py", "collections/abc.py", "traceback.py"}


def test_module_members_are_a_modules_file_and_its_packages_and_nothing_for_others() -> None:
    assert build.module_members(["json.decoder"], STDLIB) == {"json/__init__.py", "json/decoder.py"}
    assert build.module_members(["pyodide.ffi.create_proxy"], STDLIB) == {
        "pyodide/__init__.py",
        "pyodide/ffi/__init__.py",
    }
    assert build.module_members(["math", "segno", "pygame_core.engine"], STDLIB) == set()
    assert build.is_module("pyodide.ffi", STDLIB) and build.is_module("argparse", STDLIB)
    assert not build.is_module("pyodide.ffi.create_proxy", STDLIB) and not build.is_module("zlib", STDLIB)
    assert build.member_module("pyodide/ffi/__init__.py") == "pyodide.ffi"
    assert build.member_module("json/decoder.py") == "json.decoder"


def test_imported_modules_are_found_in_functions_too_with_relative_ones_resolved() -> None:
    source = (
        "import json.decoder\nfrom collections import abc\nfrom . import sibling\nfrom ..engine import x\n"
        "def f():\n    import argparse\n    from .deep.er import *\n"
    )
    found = build.imported_modules(source, "pkg/sub/mod.py", "pkg.sub")
    assert found == {
        "json": "pkg/sub/mod.py:1",
        "json.decoder": "pkg/sub/mod.py:1",
        "collections": "pkg/sub/mod.py:2",
        "collections.abc": "pkg/sub/mod.py:2",
        "pkg": "pkg/sub/mod.py:3",
        "pkg.sub": "pkg/sub/mod.py:3",
        "pkg.sub.sibling": "pkg/sub/mod.py:3",
        "pkg.engine": "pkg/sub/mod.py:4",
        "pkg.engine.x": "pkg/sub/mod.py:4",
        "argparse": "pkg/sub/mod.py:6",
        "pkg.sub.deep": "pkg/sub/mod.py:7",
        "pkg.sub.deep.er": "pkg/sub/mod.py:7",
    }


def test_reachable_imports_follow_the_package_from_the_pages_but_skip_what_no_page_reaches(
    tmp_path: Path,
) -> None:
    files = {
        "web/play/main.py": "import random\nfrom game.engine import play\n",
        "game/__init__.py": "",
        "game/engine/__init__.py": "from .rules import play\n",
        "game/engine/rules.py": "def play():\n    import json\n    from . import record\n",
        "game/engine/record.py": "import gzip\n",
        "game/cli.py": "import argparse\n",  # the command line: no page imports it
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    found = build.reachable_imports([tmp_path / "web/play/main.py"], tmp_path)
    assert found["json"] == "game/engine/rules.py:2"
    assert found["gzip"] == "game/engine/record.py:1"
    assert "random" in found and "argparse" not in found


def test_check_stdlib_names_each_missing_module_and_where_it_is_imported() -> None:
    imports = {
        "argparse": "web/x.py:3",  # in the whole zip, not kept: missing
        "json.decoder": "pkg/a.py:9",  # kept
        "pyodide.ffi.create_proxy": "web/x.py:1",  # a name in a kept module, not a module
        "math": "pkg/a.py:2",  # built in: not in any zip
        "segno": "web/x.py:4",  # not the standard library's
    }
    kept = STDLIB - {"argparse.py"}
    with pytest.raises(build.BuildError, match=r"lack argparse \(web/x\.py:3\): have tools/stdlib_exercise"):
        build.check_stdlib(imports, STDLIB, kept)
    with pytest.raises(build.BuildError, match=r"json\.decoder \(pkg/a\.py:9\)"):
        build.check_stdlib(imports, STDLIB, kept - {"json/decoder.py"})
    build.check_stdlib(imports, STDLIB, STDLIB)


def test_the_trimmed_zip_keeps_only_the_kept_members_and_the_same_input_gives_the_same_bytes(
    tmp_path: Path,
) -> None:
    members = {"b.py": b"import a\n" * 50, "a.py": b"x = 1\n", "pkg/__init__.py": b"", "pkg/c.py": b"y = 2\n"}
    original = zipped(tmp_path / "python_stdlib.zip", members, (2026, 1, 2, 3, 4, 6))
    data = build.trimmed_zip(original, {"b.py", "pkg/c.py"}, {"sitecustomize.py": b"z = 3\n"})
    assert data == build.trimmed_zip(original, {"pkg/c.py", "b.py"}, {"sitecustomize.py": b"z = 3\n"})
    (tmp_path / "trimmed.zip").write_bytes(data)
    with zipfile.ZipFile(tmp_path / "trimmed.zip") as trimmed:
        assert trimmed.namelist() == ["b.py", "pkg/c.py", "sitecustomize.py"]
        assert trimmed.read("b.py") == members["b.py"] and trimmed.testzip() is None
        assert {info.compress_type for info in trimmed.infolist()} == {zipfile.ZIP_STORED}
        assert trimmed.getinfo("pkg/c.py").date_time == (2026, 1, 2, 3, 4, 6)
        assert trimmed.read("sitecustomize.py") == b"z = 3\n"


def test_the_slow_files_are_the_wasm_and_the_stdlib_xz_compressed_in_a_window_the_decoder_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(build, "CACHE", tmp_path / "cache")
    wasm = bytes(range(256)) * 40 + b"\0asm" * 3000
    (tmp_path / build.PYODIDE_DIR).mkdir(parents=True)
    (tmp_path / build.PYODIDE_DIR / "pyodide.asm.wasm").write_bytes(wasm)
    stdlib = zipped(
        tmp_path / "runtime/python_stdlib-01.zip", {"a.py": b"import b\n" * 300}, (2026, 1, 2, 3, 4, 6)
    )
    build.make_slow_files(tmp_path, "runtime/python_stdlib-01.zip")
    assert lzma.decompress((tmp_path / build.WASM_XZ).read_bytes()) == wasm
    assert lzma.decompress((tmp_path / "runtime/python_stdlib-01.zip.xz").read_bytes()) == stdlib.read_bytes()
    with pytest.raises(build.BuildError, match="too many"):
        build.xz_compressed(bytes(build.XZ_WINDOW_MAX + 1))


# Imports a and pkg from app.zip and prints (JSON) how often each was compiled, a's file and a value of each.
COUNT_COMPILES = """
import builtins, collections, json, sys
compiled = collections.Counter()
compile = builtins.compile
def counted(source, filename, *args, **kwargs):
    if "app.zip" in filename:
        compiled[filename.rsplit("app.zip", 1)[-1]] += 1
    return compile(source, filename, *args, **kwargs)
builtins.compile = counted
if sys.argv[1] == "once":
    import sitecustomize
sys.path.insert(0, "app.zip")
import a, pkg
print(json.dumps([compiled, a.__file__.rsplit("app.zip", 1)[-1], a.x + pkg.y]))
"""


@pytest.mark.parametrize("site, counted", [("as is", 2), ("once", 1)])
def test_the_pages_sitecustomize_has_a_module_in_a_zip_compiled_once_not_twice(
    tmp_path: Path, site: str, counted: int
) -> None:
    zipped(tmp_path / "app.zip", {"a.py": b"x = 1\n", "pkg/__init__.py": b"y = 2\n"}, (2026, 1, 2, 3, 4, 6))
    env = {**os.environ, "PYTHONPATH": str(build.STDLIB_SITE.parent)}
    argv = [sys.executable, "-S", "-c", COUNT_COMPILES, site]
    done = subprocess.run(argv, cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == [{"/a.py": counted, "/pkg/__init__.py": counted}, "/a.py", 3]


SOURCE = '''# -*- coding: utf-8 -*-
"""A module.

Its docstring has two paragraphs."""
import json  # a comment after code

# a comment on its own line
prix = "café # not a comment"  # Prix, with an accent before the comment


class Only:
    """A class with nothing but a docstring."""


def f(x: int) -> str:
    r"""Return x as JSON.

    A raw docstring over lines."""
    return json.dumps({"x": x, "#": f"{x:#x}"})  # the end
'''


def test_minified_sources_lose_comments_and_docstrings_line_for_line() -> None:
    minified = minify_python.minified(SOURCE)
    assert minified.count("\n") == SOURCE.count("\n")
    assert "comment" not in minified.replace("not a comment", "") and "docstring" not in minified
    assert minified.startswith("# -*- coding: utf-8 -*-\n") and 'prix = "café # not a comment"\n' in minified
    assert '    return json.dumps({"x": x, "#": f"{x:#x}"})\n' in minified
    assert minify_python.smaller(SOURCE, "m.py") == minified
    before, after = (compile(text, "m.py", "exec", optimize=2) for text in (SOURCE, minified))
    assert minify_python.same_code(before, after)
    assert not minify_python.same_code(
        before, compile(SOURCE.replace('"x": x', '"x": -x'), "m.py", "exec", optimize=2)
    )
    assert len(minified) < len(SOURCE) * 0.7


def test_a_source_that_does_not_compile_or_would_change_is_kept_as_it_was() -> None:
    assert minify_python.smaller("def f(:\n  # a comment\n", "bad.py") == "def f(:\n  # a comment\n"


def test_the_minified_zip_keeps_its_members_and_dates_and_python_reads_the_same_code(tmp_path: Path) -> None:
    real = Path(json.__file__).parent  # the standard library's own sources
    members = {f"json/{path.name}": path.read_bytes() for path in sorted(real.glob("*.py"))}
    original = zipped(tmp_path / "stdlib.zip", {**members, "data.txt": b"# kept\n"}, (2026, 1, 2, 3, 4, 6))
    counts = minify_python.minify_zip(str(original), str(tmp_path / "small.zip"))
    assert counts == {"minified": len(members), "kept": 0}
    assert (tmp_path / "small.zip").stat().st_size < original.stat().st_size * 0.7
    with zipfile.ZipFile(tmp_path / "small.zip") as small:
        assert small.namelist() == [*members, "data.txt"] and small.read("data.txt") == b"# kept\n"
        assert {info.date_time for info in small.infolist()} == {(2026, 1, 2, 3, 4, 6)}
        assert {info.compress_type for info in small.infolist()} == {zipfile.ZIP_STORED}  # each as it was
        for name, data in members.items():
            code = [compile(text, name, "exec", optimize=2) for text in (data, small.read(name))]
            assert minify_python.same_code(*code), name


def test_the_slimmed_wheel_has_no_readme_and_a_record_that_matches_its_members(tmp_path: Path) -> None:
    info = "pygame_core-0.1.0.dist-info"
    headers = b"Metadata-Version: 2.4\nName: pygame_core\n"
    metadata = headers + b"Description-Content-Type: text/markdown\n\n# README\n"
    members = {"pygame_core/a.py": b"x = 1\n", f"{info}/METADATA": metadata, f"{info}/RECORD": b"stale\n"}
    wheel = zipped(tmp_path / "w.whl", members, (2020, 2, 2, 0, 0, 0))
    with zipfile.ZipFile(io.BytesIO(build.slimmed_wheel(wheel.read_bytes()))) as slim:
        assert slim.namelist() == list(members)
        assert slim.read(f"{info}/METADATA") == headers
        assert {i.date_time for i in slim.infolist()} == {(2020, 2, 2, 0, 0, 0)}
        rows = [row.split(",") for row in slim.read(f"{info}/RECORD").decode().splitlines()]
        assert rows[-1] == [f"{info}/RECORD", "", ""]
        for name, digest, size in rows[:-1]:
            body = slim.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(body))
        assert [row[0] for row in rows[:-1]] == list(members)[:2]


def test_vendor_noble_copies_what_the_entries_import_with_bare_imports_made_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sources = {
        "@noble/curves": {
            "ed.js": "import { h } from \"@noble/hashes/sha.js\";\nimport { m } from './abstract/mont.js';\n"
            "/**\n * import { x } from '@noble/hashes/unused.js';\n */\nexport const ed = h + m;\n"
            "//# sourceMappingURL=ed.js.map\n",
            "abstract/mont.js": 'export { u as m } from "../utils.js";\n',
            "utils.js": 'import "@noble/hashes/sha.js";\nexport const u = 2;\n',
            "unused.js": "export const no = 0;\n",
        },
        "@noble/hashes": {"sha.js": "export const h = 1;\n", "unused.js": "export const x = 0;\n"},
    }
    for name, files in sources.items():
        for path, text in files.items():
            (tmp_path / name / "package" / path).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name / "package" / path).write_text(text)
        (tmp_path / name / "package" / "LICENSE").write_text(f"{name}'s license\n")
    monkeypatch.setattr(build, "NPM_PACKAGES", dict.fromkeys(sources, ("2.4.0", "")))
    monkeypatch.setattr(build, "NOBLE_ENTRIES", ("@noble/curves/ed.js",))
    monkeypatch.setattr(build, "npm_tarball", lambda name, *pin: tmp_path / name)
    monkeypatch.setattr(build, "unpacked", lambda folder: folder / "package")
    out = tmp_path / "out"
    build.vendor_noble(out)
    copied = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert copied == [
        "curves/LICENSE",
        "curves/abstract/mont.js",
        "curves/ed.js",
        "curves/utils.js",
        "hashes/LICENSE",
        "hashes/sha.js",
    ]
    ed = (out / "curves/ed.js").read_text()
    assert 'from "../hashes/sha.js"' in ed and 'from "./abstract/mont.js"' in ed
    assert "'@noble/hashes/unused.js'" in ed and "sourceMappingURL" not in ed  # a comment's stays
    assert (out / "curves/utils.js").read_text().startswith('import "../hashes/sha.js";')
    script = f'import {{ ed }} from "{(out / "curves/ed.js").as_uri()}"; console.log(ed);'
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True)
    assert done.stdout.strip() == "3", done.stderr


def test_vendor_noble_refuses_an_import_it_cannot_follow(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {"ed.js": 'import("@noble/hashes/sha.js");\n', "far.js": 'import "left-pad";\n'}
    for path, text in files.items():
        (tmp_path / "package" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "package" / path).write_text(text)
    monkeypatch.setattr(build, "NPM_PACKAGES", {"@noble/curves": ("2.4.0", "")})
    monkeypatch.setattr(build, "npm_tarball", lambda name, *pin: tmp_path)
    monkeypatch.setattr(build, "unpacked", lambda folder: folder / "package")
    for entry, error in [("ed.js", "a dynamic import"), ("far.js", "left-pad: not a module of")]:
        monkeypatch.setattr(build, "NOBLE_ENTRIES", (f"@noble/curves/{entry}",))
        with pytest.raises(build.BuildError, match=error):
            build.vendor_noble(tmp_path / entry)
