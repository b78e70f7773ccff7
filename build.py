#!/usr/bin/env python3
"""Build, serve and test the Trading Table static site (stdlib only).

    python3 build.py build                 vendor the pinned runtimes and assemble dist/
    python3 build.py serve [--port 8000]   build, then serve dist/ and the relay (/relay) on one port
    python3 build.py test [pytest args]    build, then run the whole pytest suite
    python3 build.py setup                 only create/update .venv (implicit in the others)

Every command first makes sure `.venv/` exists with the dev requirements, then
re-executes itself with the venv's python.
"""

from __future__ import annotations

import argparse
import ast
import base64
import bisect
import functools
import gzip
import hashlib
import html
import http.server
import io
import itertools
import json
import lzma
import os
import posixpath
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import tomllib
import urllib.parse
import zipfile
from collections.abc import Collection, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tt_relay.static import MIME_TYPES, header_rules  # stdlib only, shared with the relay's HTTP side

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
DIST = ROOT / "dist"
WEB = ROOT / "web"
PUBLIC = ROOT / "public"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"
# A small wasm xz decoder (xz-embedded): a slow first visit downloads the runtime's wasm and the standard
# library xz-compressed (make_slow_files)
XZWASM_VERSION = "0.1.2"
# The audited noble libraries: X25519 (@noble/curves, which imports @noble/hashes) and ChaCha20-Poly1305
# (@noble/ciphers) for the table page's seal in the browser, where pyca's `cryptography` is not shipped
# (web/assets/tt_crypto.mjs, tt_crypto.py; pygame_core/engine/crypto.py)
NOBLE_VERSION = "2.4.0"
# npm package -> (version, integrity as published by the registry)
NPM_PACKAGES = {
    "pyodide": (
        PYODIDE_VERSION,
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
    ),
    "@pyscript/core": (
        PYSCRIPT_VERSION,
        "sha512-GqM1aonc1N4RTkNZ1zJ8jJk8+i2cqeztZslPsAiQtn+wHHkUX9Z1FgIg4HjCvhBylB68UKmbTVTzOobpgPIMVQ==",
    ),
    "xzwasm": (
        XZWASM_VERSION,
        "sha512-AhkIQcyCRTKQAlI+ENhQBB52AUZF7puNmNleawbpyGAzEyflbMbwIKlU5yN99cgiv5XVlXt0mIeYgQrdQghdsA==",
    ),
    "@noble/hashes": (
        NOBLE_VERSION,
        "sha512-X5XaVWZIBCT7HHZGm5I7ZQXDwLG+bGXuSrMQAW+7Zvl87h1kmc1ZB1VSRJcpUfoUrGQp4Fkoxm5kZ+Ms+aW+eA==",
    ),
    "@noble/curves": (
        NOBLE_VERSION,
        "sha512-P4/62zrgfH33CneE3Dn4WhJVA22YUU0eR51wKIan4NVRvwsA0YnPTwWGpNbpuacSujmSFLvyzpyuR30+fbq2Ew==",
    ),
    "@noble/ciphers": (
        NOBLE_VERSION,
        "sha512-AnjFn0Jv92laAkvMrghlFZq4qQCIN/4DxFV/eooqtC2YTjB7kBeLMS2T9KJX4Dn+ZVXLOwK0lSgqDtx9gvxtiw==",
    ),
}
# Wheels shipped next to pyodide so loadPackage("micropip") works offline: name -> (version, sha256).
RUNTIME_WHEELS = {
    "micropip": ("0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"),
    "packaging": ("26.1", "5d9c0669c6285e491e0ced2eee587eaf67b670d94a19e94e3984a481aba6802f"),
}
# Pure-Python wheels that pages unpack next to pygame_core (python.js data-wheels): name -> (version, sha256).
APP_WHEELS = {
    "segno": ("1.6.6", "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7"),  # QR codes
}
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Run by Node (`node - DIR`): where the CJK codecs' mapping tables lie in the memory of the Pyodide in DIR,
# as JSON [[start, end], ...]. Each builtin _codecs_* module has a PyCapsule (wasm32: refcount, type, then
# its pointer and its name) per charset, pointing at a struct dbcs_map {charset, encode index, decode
# index}; an index is 256 entries {map pointer, bottom, top} (8 bytes), each map top - bottom + 1 16-bit
# codes. The spans are the maps; not the indexes, whose pointers are relocated as the wasm starts, nor
# jisx0213_pair's maps, of another layout and small.
CJK_TABLES_JS = r"""
import { pathToFileURL } from "node:url";

const [dir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/` });
const capsules = JSON.parse(pyodide.runPython(`import importlib, json, sys
codecs = [importlib.import_module(n) for n in sorted(sys.builtin_module_names) if n.startswith("_codecs_")]
json.dumps([id(getattr(m, n)) for m in codecs for n in dir(m) if n.startswith("__map_")])`));
const memory = pyodide._module.HEAPU8;
const word = (at) => new DataView(memory.buffer).getUint32(at, true);
const text = (at) => new TextDecoder().decode(memory.subarray(at, memory.indexOf(0, at)));
const spans = [];
for (const capsule of capsules) {
  if (text(word(capsule + 12)) !== "multibytecodec.map") throw new Error(`no codec map at ${capsule}`);
  const map = word(capsule + 8);
  if (text(word(map)) === "jisx0213_pair") continue;
  for (const index of [word(map + 4), word(map + 8)]) {
    for (let entry = index; index && entry < index + 256 * 8; entry += 8) {
      const [codes, bottom, top] = [word(entry), memory[entry + 4], memory[entry + 5]];
      if (codes && top >= bottom) spans.push([codes, codes + 2 * (top - bottom + 1)]);
    }
  }
}
console.log(JSON.stringify(spans));
"""
# Run by Node (`node - DIR`): the wasm functions of the Pyodide in DIR that the builtin `unicodedata` module
# calls by pointer, as JSON [index, ...]: its builtins' (wasm32: refcount, type, then a PyMethodDef {name,
# C function, ...}), its names' C API (a PyCapsule: refcount, type, its pointer and its name; the pointer at
# {getname, getcode}) and ucd_3_2_0's (refcount, type, name, getrecord, normalization). A pointer is an
# entry of the wasm's table, whose JS function is named by its index.
UNICODEDATA_JS = r"""
import { pathToFileURL } from "node:url";

const [dir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/` });
const [builtins, capsule, ucd] = JSON.parse(pyodide.runPython(`import json, unicodedata as u
builtins = [[n, id(f)] for n, f in sorted(vars(u).items()) if isinstance(f, type(len))]
json.dumps([builtins, id(u._ucnhash_CAPI), id(u.ucd_3_2_0)])`));
const memory = pyodide._module.HEAPU8;
const word = (at) => new DataView(memory.buffer).getUint32(at, true);
const text = (at) => new TextDecoder().decode(memory.subarray(at, memory.indexOf(0, at)));
const expect = (at, name) => {
  if (text(at) !== name) throw new Error(`unicodedata: no ${name} where expected`);
};
const pointers = builtins.map(([name, address]) => {
  expect(word(word(address + 8)), name);
  return word(word(address + 8) + 4);
});
expect(word(capsule + 12), "unicodedata._ucnhash_CAPI");
expect(word(ucd + 8), "3.2.0");
pointers.push(word(word(capsule + 8)), word(word(capsule + 8) + 4), word(ucd + 12), word(ucd + 16));
const functions = pointers.map((pointer) => Number(pyodide._module.wasmTable.get(pointer).name));
if (functions.some(Number.isNaN)) throw new Error(`unicodedata's functions: ${functions}`);
console.log(JSON.stringify(functions));
"""
# How build.py finds the Unicode database's tables from those functions (unicodedata_spans), with its numbers
# in the runtime's name: change the rule's words when the rule changes.
UNICODEDATA_RULE = "runs of the module's own objects, each with few others' constants, long enough"
UNICODEDATA_STRAYS = 8  # others' constants an object of the Unicode database may hold: unicodedata_spans
UNICODEDATA_RUN = 64 * 1024  # the bytes a run of its objects has at least to be its tables
STOCK_DIR = f"runtime/pyodide-{PYODIDE_VERSION}"  # the vendored runtime as it is: only /hello/ uses it
# The pages' runtime: the stock one with its wasm's CJK and Unicode database tables zeroed (trim_runtime).
# Named by what finds them, since a runtime/ URL is cached as immutable: other tables, another name.
TABLES_FINDERS = [CJK_TABLES_JS, UNICODEDATA_JS, UNICODEDATA_RULE, UNICODEDATA_STRAYS, UNICODEDATA_RUN]
PYODIDE_DIR = f"{STOCK_DIR}-{hashlib.sha256(json.dumps(TABLES_FINDERS).encode()).hexdigest()[:8]}"
PYSCRIPT_DIR = f"runtime/pyscript-{PYSCRIPT_VERSION}"
XZ_DIR = f"runtime/xzwasm-{XZWASM_VERSION}"  # the decoder's wasm and its notice (vendor_xz)
NOBLE_DIR = f"runtime/noble-{NOBLE_VERSION}"  # the noble modules tt_crypto.mjs imports (vendor_noble)
# Those modules, as tt_crypto.mjs names them: vendor_noble copies them and what they import, no more.
NOBLE_ENTRIES = ("@noble/curves/ed25519.js", "@noble/ciphers/chacha.js")
# An ES module's static imports and re-exports (`import ... from "x"`, `export ... from "x"`, `import "x"`),
# each at the start of a line (not in a comment's example); group 2 or 4 is the specifier.
ESM_IMPORT = re.compile(
    r"""^(?:import|export)\b[^;'"]*?\bfrom\s*(["'])([^"']+)\1|^import\s*(["'])([^"']+)\3""",
    re.M,
)
WASM_XZ = f"{PYODIDE_DIR}.asm.wasm.xz"  # the pages' wasm xz-compressed (make_slow_files)
WHEELS_DIR = "wheels"
# The cache a page's worker hands the wasm and standard library it decoded over to the service worker in
# (worker.mjs, sw.js); its `tt-` name has the service worker's prune() delete one left behind.
HANDOFF_CACHE = "tt-handoff"
PHONE_VIEWPORT = {"width": 390, "height": 844}  # a phone in portrait, CSS pixels: tests and benchmarks
# Debian's Chromium as tests and benchmarks launch it (no sandbox as root, no background traffic).
# The last two let WebRTC data channels open between pages on loopback: loopback candidates are
# gathered, and host candidates are addresses instead of mDNS names (nothing here answers mDNS).
CHROMIUM_FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--allow-loopback-in-peer-connection",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
)
SITE = "Trading Table"  # the site's name, last in a page's title
EMBED_PAGE = Path(
    "embed/index.html"
)  # once more per game, player count and language: embed/<game>/[<n>/][ja/]
RULES_PAGE = Path("rules/index.html")  # rendered per game and language: rules/<game>/ and rules/<game>/ja/
PIP_DOWNLOAD_FLAGS = ("--quiet", "--no-deps", "--only-binary=:all:", "--python-version", "3.14")
TOOLS = ("build>=1.2", "playwright>=1.49", "pytest-playwright>=0.6")
RENDERED_SUFFIXES = (".html", ".toml", ".mjs", ".js", ".json")
# The start-up snapshot (see make_snapshot): a Pyodide memory image taken in Node after importing what the
# pages import at their top. Modules the pages import that only exist in a browser are left out.
SNAPSHOT_SKIP = frozenset({"pyscript", "js", "pyodide_js", "_pyscript", "polyscript"})
# It is stored packed and gzipped: its heap's start XOR the memory a new instance of the wasm has (the data
# segments, which the wasm carries anyway: xor_memory, 1.5 MB less gzipped), then without its pages of
# zeros (pack_image). web/assets/worker.mjs undoes both.
WASM_DATA_SECTION, WASM_I32_CONST = 11, 0x41
SNAPSHOT_FORMAT = "heap XOR wasm_memory, packed"  # in the image's key: change it when the encoding does
SNAPSHOT_PAGE = 4096  # the packed image (pack_image) leaves out the pages of this size that are all zeros
SNAPSHOT_PREFIX = "runtime/snapshot-"  # + hash of the runtime, the wheels and the imports + ".bin"
# Pyodide's heap at start (30 MiB); a bigger image cannot be restored (pyodide/pyodide#6254).
PYODIDE_INITIAL_HEAP = 30 * 1024 * 1024
# The trimmed standard library (see make_stdlib): Pyodide's python_stdlib.zip with only what the pages use,
# its members stored; the pages download it gzipped (+ ".gz"), or on a slow first visit xz-compressed.
STDLIB_PREFIX = "runtime/python_stdlib-"  # + hash of its contents + ".zip"
STDLIB_EXERCISE = ROOT / "tools" / "stdlib_exercise.py"  # does what the pages do, in Pyodide
STDLIB_MINIFY = ROOT / "tools" / "minify_python.py"  # the zip's sources without comments and docstrings
STDLIB_SITE = ROOT / "tools" / "sitecustomize.py"  # added to the zip: imports from zips compile once
STDLIB_WHOLE = ("_pyodide", "pyodide")  # Pyodide's own Python, which its JavaScript may call at any time
# Modules commonly imported only when something happens (an error's traceback, a warning, a date parsed, a
# text in another encoding), kept whether or not the exercise happened to import them.
STDLIB_LAZY = (
    "_colorize",
    "_py_warnings",
    "_strptime",
    "contextlib",
    "copy",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.utf_8_sig",
    "linecache",
    "textwrap",
    "token",
    "tokenize",
    "traceback",
    "warnings",
    "weakref",
)
SERVICE_WORKER = "sw.js"  # rendered last, with the list of files it precaches and their version
# The play page's first screen at the other player counts (write_play_previews).
PLAY_PREVIEWS = "play/previews"
# Files a visit needs, precached by the service worker (globs under dist/); the embed's pages are left out.
PRECACHE = (
    "index.html",
    "play/*",
    f"{PLAY_PREVIEWS}/*",
    "table/*",
    "replay/*",
    "rules/*/index.html",
    "rules/*/ja/index.html",
    "manifest.json",
    "favicon.svg",
    "icons/*",
    "assets/*",
    "embed/frame.js",
    "wheels/*",
    f"{PYODIDE_DIR}/pyodide*",
    f"{STDLIB_PREFIX}*.zip.gz",  # not its .xz; the whole python_stdlib.zip is only for /hello/, not precached
    f"{SNAPSHOT_PREFIX}*",
    f"{NOBLE_DIR}/**/*.js",
)
HEADERS = {
    "/*.wasm": {"Content-Type": "application/wasm"},
    "/runtime/*": {"Cache-Control": "public, max-age=31536000, immutable"},
}
VERBOSE = False


class BuildError(Exception):
    """A failure explained in one line."""


# --- small helpers -------------------------------------------------------------------------------


def step(message: str) -> None:
    """Print one line saying what is being done."""
    print(f"build.py: {message}", flush=True)


def run(cmd: Sequence[str | Path], cwd: Path = ROOT) -> str:
    """Run a command quietly, returning stdout; raise BuildError with the output tail on failure."""
    argv = [str(part) for part in cmd]
    if VERBOSE:
        print("+", " ".join(argv), flush=True)
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise BuildError(f"{argv[0]} not found") from exc
    if VERBOSE:
        sys.stdout.write(done.stdout + done.stderr)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
        if not VERBOSE:
            sys.stderr.write("".join(f"    {line}\n" for line in tail))
        raise BuildError(f"`{' '.join(argv[:4])} ...` failed with exit code {done.returncode}")
    return done.stdout


def require_tool(name: str, why: str) -> str:
    """Return the path of an executable on PATH or fail saying why it is needed."""
    found = shutil.which(name)
    if not found:
        raise BuildError(f"{name} not found on PATH ({why})")
    return found


def sha256(path: Path) -> str:
    """Hex sha256 of a file."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(functools.partial(fh.read, 1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def npm_integrity(path: Path) -> str:
    """Subresource-integrity string (sha512) of a file, as npm records it."""
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def pyproject() -> dict[str, object]:
    """Parsed pyproject.toml."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        return tomllib.load(fh)


def check_readme() -> None:
    """Fail early and clearly if pyproject names a readme that does not exist (hatchling needs it)."""
    project = pyproject().get("project", {})
    readme = project.get("readme") if isinstance(project, dict) else None
    if isinstance(readme, str) and not (ROOT / readme).is_file():
        raise BuildError(f"pyproject.toml declares readme = {readme!r} but {readme} does not exist")


# --- setup: the dev venv -------------------------------------------------------------------------


def venv_python() -> Path:
    """Path of the venv's python executable."""
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def in_venv() -> bool:
    """True when this process already runs on the project venv."""
    return Path(sys.prefix).resolve() == VENV.resolve()


def requirements() -> list[str]:
    """pip arguments for the venv: the project (editable, dev extras), its build backend, tools."""
    build_system = pyproject().get("build-system", {})
    backend = list(build_system.get("requires", [])) if isinstance(build_system, dict) else []
    return ["-e", ".[dev]", *backend, *TOOLS]


def requirements_stamp() -> str:
    """Hash of everything that decides the venv contents."""
    text = json.dumps([requirements(), (ROOT / "pyproject.toml").read_text(), sys.version_info[:2]])
    return hashlib.sha256(text.encode()).hexdigest()


def setup() -> Path:
    """Create .venv if missing and (re)install requirements when they changed; return its python."""
    check_readme()
    python = venv_python()
    if not python.exists():
        step("create .venv")
        run([sys.executable, "-m", "venv", VENV])
    stamp_file, stamp = VENV / ".build-py-stamp", requirements_stamp()
    if stamp_file.exists() and stamp_file.read_text() == stamp:
        return python
    step("pip install " + " ".join(requirements()))
    run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *requirements()])
    stamp_file.write_text(stamp)
    return python


def reexec_in_venv(python: Path) -> None:
    """Replace this process with the same command run by the venv's python."""
    if not in_venv():
        os.execv(python, [str(python), str(Path(__file__).resolve()), *sys.argv[1:]])


# --- build: vendored runtimes ----------------------------------------------------------------------


def npm_tarball(name: str, version: str, integrity: str) -> Path:
    """Download (once) an npm package tarball into .cache/npm and check its integrity."""
    folder = CACHE / "npm"
    tarball = folder / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.exists():
        step(f"npm pack {name}@{version}")
        npm = require_tool("npm", "needed once to fetch the npm packages (NPM_PACKAGES); install Node.js")
        folder.mkdir(parents=True, exist_ok=True)
        run([npm, "pack", f"{name}@{version}", "--silent", "--pack-destination", folder])
    if npm_integrity(tarball) != integrity:
        tarball.unlink()
        raise BuildError(f"{tarball.name}: integrity mismatch with the pinned value, download removed")
    return tarball


def unpacked(tarball: Path) -> Path:
    """Extract an npm tarball next to itself (once) and return its `package/` folder."""
    target = tarball.with_suffix("")
    if not target.is_dir():
        partial = target.with_name(target.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        with tarfile.open(tarball) as archive:
            archive.extractall(partial, filter="data")
        partial.rename(target)
    return target / "package"


def pure_wheel(name: str, version: str) -> str:
    """The file name of a pure-Python wheel."""
    return f"{name}-{version}-py3-none-any.whl"


def runtime_wheels(pins: dict[str, tuple[str, str]] = RUNTIME_WHEELS) -> list[Path]:
    """Download (once) pinned pure-Python wheels for the browser; check their hashes."""
    folder = CACHE / "wheels"
    paths = {name: folder / pure_wheel(name, version) for name, (version, _) in pins.items()}
    missing = [f"{name}=={pins[name][0]}" for name, path in paths.items() if not path.exists()]
    if missing:
        step("pip download " + " ".join(missing))
        run([sys.executable, "-m", "pip", "download", *PIP_DOWNLOAD_FLAGS, "--dest", folder, *missing])
    for name, path in paths.items():
        if not path.exists() or sha256(path) != pins[name][1]:
            path.unlink(missing_ok=True)
            raise BuildError(f"{path.name}: missing or sha256 differs from the pinned value")
    return list(paths.values())


def shipped_lock(lock_file: Path, wheels: Sequence[Path]) -> dict[str, Any]:
    """Pyodide's lock reduced to the shipped wheels, with their real file names and hashes."""
    lock: dict[str, Any] = json.loads(lock_file.read_text())
    packages = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        entry = dict(lock["packages"][name])
        entry.update(file_name=wheel.name, version=version, sha256=sha256(wheel))
        packages[name] = entry
    lock["packages"] = packages
    return lock


def vendor_pyodide(out: Path) -> None:
    """Copy the pyodide run-time files, the runtime wheels and the rewritten lock into out."""
    package = unpacked(npm_tarball("pyodide", *NPM_PACKAGES["pyodide"]))
    out.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(package / name, out / name)
    wheels = [Path(shutil.copy2(wheel, out / wheel.name)) for wheel in runtime_wheels()]
    lock = shipped_lock(package / "pyodide-lock.json", wheels)
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")


def vendor_xz(out: Path) -> None:
    """Write xzwasm's decoder wasm (embedded in its script as a data: URL) and its license notice into out;
    worker.mjs drives the wasm's exports itself."""
    package = unpacked(npm_tarball("xzwasm", *NPM_PACKAGES["xzwasm"]))
    script = (package / "dist/package/xzwasm.js").read_text()
    notice = re.match(r"/\*!\n(.*?)\*/", script, re.S)
    wasm = re.search(r"data:application/wasm;base64,([A-Za-z0-9+/=]+)", script)
    if not notice or not wasm:
        raise BuildError("xzwasm.js: no license notice or no embedded wasm where they used to be")
    out.mkdir(parents=True)
    (out / "xzwasm.wasm").write_bytes(base64.b64decode(wasm[1]))
    (out / "NOTICE.txt").write_text(re.sub(r"(?m)^ \* ?", "", notice[1]))


def vendor_noble(out: Path) -> None:
    """Copy NOBLE_ENTRIES and the modules they import (no more) from the noble packages into out, each
    package's in out/<its name without @noble/> with its LICENSE; their bare imports of each other
    (`@noble/hashes/sha2.js`) made relative, so a browser needs no import map."""
    names = [name for name in NPM_PACKAGES if name.startswith("@noble/")]
    packages = {name: unpacked(npm_tarball(name, *NPM_PACKAGES[name])) for name in names}
    todo, copied = list(NOBLE_ENTRIES), set()
    while todo:
        module = todo.pop()
        if module in copied:
            continue
        copied.add(module)
        package, path = "/".join(module.split("/")[:2]), "/".join(module.split("/")[2:])
        if package not in packages or not (packages[package] / path).is_file():
            raise BuildError(f"{module}: not a module of the vendored noble packages ({', '.join(names)})")
        here = posixpath.dirname(module)

        def relative(found: re.Match[str], here: str = here) -> str:
            quote, specifier = (found[1], found[2]) if found[2] else (found[3], found[4])
            target = posixpath.normpath(posixpath.join(here, specifier)) if specifier[0] == "." else specifier
            todo.append(target)
            link = posixpath.relpath(target, here)
            link = link if link[0] == "." else f"./{link}"
            return found[0].replace(f"{quote}{specifier}{quote}", f'"{link}"')

        text = ESM_IMPORT.sub(relative, (packages[package] / path).read_text())
        if re.search(r"\bimport\s*\(|\brequire\s*\(", re.sub(r"(?s)/\*.*?\*/|//[^\n]*", "", text)):
            raise BuildError(f"{module}: a dynamic import, which vendor_noble does not follow")
        copy = out / module.removeprefix("@noble/")
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(re.sub(r"(?m)^//# sourceMappingURL=.*\n?", "", text))
    for name, folder in packages.items():
        shutil.copy2(folder / "LICENSE", out / name.removeprefix("@noble/") / "LICENSE")


def vendor_pyscript(out: Path) -> None:
    """Copy @pyscript/core's browser bundle (dist/, without source maps) and its license into out."""
    package = unpacked(npm_tarball("@pyscript/core", *NPM_PACKAGES["@pyscript/core"]))
    shutil.copytree(package / "dist", out, ignore=shutil.ignore_patterns("*.map"))
    shutil.copy2(package / "LICENSE", out / "LICENSE")


def build_wheel(out: Path) -> Path:
    """Build the pygame_core wheel (hatchling, no isolation: the backend is in the venv) into out."""
    check_readme()
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        # cwd is not ROOT: there, `-m build` would find this build.py instead of pypa's build.
        run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", tmp, ROOT], cwd=CACHE)
        (wheel,) = Path(tmp).glob("*.whl")
        out.mkdir(parents=True, exist_ok=True)
        return Path(shutil.move(wheel, out / wheel.name))


# --- build: the start-up snapshot ----------------------------------------------------------------

# How the Node scripts below put the wheels on sys.path, as the pages' worker does (web/assets/worker.mjs):
# each as it is, in /home/pyodide under its own name (Python imports from the zip, nothing is unpacked).
WHEELS_JS = r"""
const path = pyodide.pyimport("sys").path;
for (const wheel of wheels) {
  const file = `/home/pyodide/${basename(wheel)}`;
  pyodide.FS.writeFile(file, readFileSync(wheel));
  path.insert(0, file);
}
"""

# Run by Node (`node - DIR OUT IMPORTS PAGES STDLIB WHEEL...`): start Pyodide from DIR with the standard
# library zip STDLIB (the pages' own: zipimport keeps its directory in the image) and Python's -OO (no
# docstrings or asserts: a smaller image; sys.flags keep it, so what the pages import later compiles so
# too), able to make a snapshot, put the wheels on sys.path as the pages' worker does (WHEELS_JS: the
# image keeps their zip directories too), import IMPORTS (a JSON list), then the pages' own Python (PAGES,
# a JSON list of [module name, file]: written and imported as the worker does, each module keeping its
# source), zero the heap's free memory (it gzips better), then write the image to OUT and print its sizes
# as JSON.
SNAPSHOT_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out, imports, pages, stdlib, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const env = { PYTHONOPTIMIZE: "2" };
const pyodide = await loadPyodide({ indexURL: `${dir}/`, stdLibURL: stdlib, _makeSnapshot: true, env });
WHEELS
const names = JSON.stringify(imports); // a JSON string literal is a Python one too
pyodide.runPython(`import importlib, json\nfor n in json.loads(${names}): importlib.import_module(n)`);
for (const [name, file] of JSON.parse(pages)) {
  const source = readFileSync(file, "utf8");
  pyodide.FS.writeFile(`/home/pyodide/${name}.py`, source);
  const module = pyodide.pyimport(name);
  module.__tt_source__ = source;
  module.destroy();
}
pyodide.runPython("import gc; gc.collect()");
// Fill the heap's free chunks with zeroed blocks, then free them: the image is the same to Python but
// its garbage is gone. Never past the initial heap (a grown heap cannot be restored).
const module = pyodide._module;
const top = () => module.HEAPU32[module._emscripten_get_sbrk_ptr() >>> 2];
const zeroed = pyodide.runPython("_tt_zeroed = []\nlambda n: _tt_zeroed.append(bytearray(n))");
for (let size = 1 << 20; size >= 1024; ) {
  if (top() + 2 * size + 65536 > module.HEAP8.length) size >>= 1;
  else zeroed(size);
}
zeroed.destroy();
pyodide.runPython("del _tt_zeroed\nimport gc; gc.collect()");
const image = pyodide.makeMemorySnapshot();
writeFileSync(out, image);
const modules = pyodide.runPython("import sys; len(sys.modules)");
console.log(JSON.stringify({ raw: image.length, heap: module.HEAP8.length, modules }));
""".replace("WHEELS\n", WHEELS_JS.lstrip())


def page_imports(sources: Iterable[Path]) -> list[str]:
    """Modules the pages' Python imports at its top (`import a.b`, `from a.b import c`: a.b; not what a
    function imports when it first runs), browser-only ones and the pages' own (tt_bridge, written beside
    main.py at run time) out."""
    sources = list(sources)
    found: set[str] = set()
    for source in sources:
        for node in ast.parse(source.read_text(), str(source)).body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    skip = SNAPSHOT_SKIP | {source.stem for source in sources}
    return sorted(name for name in found if name.split(".")[0] not in skip)


def wheel_digest(wheel: Path) -> str:
    """sha256 over a wheel's member names and contents (not the zip's bytes: their timestamps vary)."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            digest.update(name.encode() + b"\0" + archive.read(name) + b"\0")
    return digest.hexdigest()


def paint_build(wheel: Path) -> str:
    """Short hash of what the pages' Python paints with: the wheel's contents and the pages' Python."""
    digest = hashlib.sha256(wheel_digest(wheel).encode())
    for source in sorted(WEB.rglob("*.py")):
        digest.update(source.relative_to(WEB).as_posix().encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def inputs_key(runtime: Path, wheels: Sequence[Path], inputs: Sequence[object]) -> str:
    """Short hash of inputs (as JSON), the Pyodide build's files and the wheels' contents."""
    digest = hashlib.sha256(json.dumps([PYODIDE_VERSION, *inputs], sort_keys=True).encode())
    for name in PYODIDE_FILES:
        digest.update(sha256(runtime / name).encode())
    for wheel in wheels:
        digest.update(wheel_digest(wheel).encode())
    return digest.hexdigest()[:16]


def leb128(data: bytes, at: int, signed: bool = False) -> tuple[int, int]:
    """The LEB128 integer at data[at:] and the offset after it."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return (value - (1 << shift) if signed and byte & 0x40 else value), at


def wasm_section(wasm: bytes, number: int) -> int | None:
    """Where the body of the wasm module's section of this number starts (None if it has none)."""
    at = 8  # past the magic number and version
    while at < len(wasm):
        section, (size, at) = wasm[at], leb128(wasm, at + 1)
        if section == number:
            return at
        at += size
    return None


def wasm_segments(wasm: bytes) -> list[tuple[int, int, int]]:
    """The active data segments of a wasm module: each one's offset in memory, where its bytes start in the
    module and how many there are."""
    at, segments = wasm_section(wasm, WASM_DATA_SECTION), []
    count, pos = leb128(wasm, at) if at is not None else (0, 0)
    for _ in range(count):
        flags, pos = leb128(wasm, pos)
        if flags == 2:  # active, with a memory index (0: there is one memory)
            _, pos = leb128(wasm, pos)
        if flags != 1:  # active (a passive one is not in memory until code copies it)
            if wasm[pos] != WASM_I32_CONST:
                raise BuildError("a data segment of the Pyodide wasm is not at a constant offset")
            offset, pos = leb128(wasm, pos + 1, signed=True)
            pos += 1  # the offset expression's `end`
        length, pos = leb128(wasm, pos)
        if flags != 1:
            segments.append((offset, pos, length))
        pos += length
    return segments


def wasm_memory(wasm: bytes) -> bytes:
    """The start of the memory a new instance of this wasm module has: its active data segments in place
    (zeros elsewhere), up to the end of the last."""
    segments = wasm_segments(wasm)
    memory = bytearray(max((offset + length for offset, _, length in segments), default=0))
    for offset, at, length in segments:
        memory[offset : offset + length] = wasm[at : at + length]
    return bytes(memory)


def zeroed_wasm(wasm: bytes, spans: Iterable[Sequence[int]]) -> bytes:
    """The wasm module with the memory spans [start, end) zeroed: their bytes in its data segments (a
    segment leaves out runs of zeros, which the memory has anyway), each span within the segments' reach."""
    out, segments = bytearray(wasm), sorted(wasm_segments(wasm))
    low, high = segments[0][0], max(offset + size for offset, _, size in segments)
    ends = list(itertools.accumulate((offset + size for offset, _, size in segments), max))
    for start, end in spans:
        if not low <= start < end <= high:
            raise BuildError(f"the wasm's memory {start}-{end} is not within its data segments")
        for offset, at, size in segments[bisect.bisect_right(ends, start) :]:  # from the first past start
            if offset >= end:
                break
            first, last = max(start, offset), min(end, offset + size)
            if first < last:
                out[at + first - offset : at + last - offset] = bytes(last - first)
    return bytes(out)


WASM_IMPORT_SECTION, WASM_CODE_SECTION = 2, 10
WASM_BLOCK_TYPES = {0x40, 0x7F, 0x7E, 0x7D, 0x7C, 0x7B, 0x70, 0x6F}  # one byte; else a type's index
# Each opcode by its immediates (wasm 2.0, exceptions, tail calls): "u" an unsigned LEB128, "s" a signed
# one, "b" a block type, "m" a memory argument, "1"/"4"/"8"/"16" bytes; "t" br_table, "v" select's types,
# "y" try_table's catches; "f" the 0xFC, "x" the 0xFD (SIMD) and "a" the 0xFE (atomics) prefixes.
WASM_IMMEDIATES = dict.fromkeys(
    [0x00, 0x01, 0x05, 0x0A, 0x0B, 0x0F, 0x19, 0x1A, 0x1B, 0xD1, *range(0x45, 0xC5)], ""
)
WASM_IMMEDIATES |= dict.fromkeys([0x02, 0x03, 0x04, 0x06], "b") | dict.fromkeys(range(0x28, 0x3F), "m")
WASM_IMMEDIATES |= dict.fromkeys(
    [0x07, 0x08, 0x09, 0x0C, 0x0D, 0x10, 0x12, 0x18, *range(0x20, 0x27), 0xD2], "u"
)
WASM_IMMEDIATES |= {0x0E: "t", 0x11: "uu", 0x13: "uu", 0x1C: "v", 0x1F: "y", 0x3F: "u", 0x40: "u", 0x41: "s"}
WASM_IMMEDIATES |= {0x42: "s", 0x43: "4", 0x44: "8", 0xD0: "s", 0xFC: "f", 0xFD: "x", 0xFE: "a"}
WASM_FC = (
    dict.fromkeys(range(8), "")
    | dict.fromkeys([9, 11, 13, 15, 16, 17], "u")
    | dict.fromkeys([8, 10, 12, 14], "uu")
)
WASM_SIMD = (
    dict.fromkeys([*range(12), 92, 93], "m") | {12: "16", 13: "16"} | dict.fromkeys(range(21, 35), "1")
)
WASM_SIMD |= dict.fromkeys(range(84, 92), "m1")
WASM_PREFIXED = {"f": (WASM_FC, None), "x": (WASM_SIMD, ""), "a": ({3: "1"}, "m")}  # table, and else


def wasm_code(wasm: bytes) -> dict[int, tuple[list[int], list[int]]]:
    """Each function the wasm module defines, by its index: the i32 constants its code has and the functions
    it calls. Decoded instruction by instruction: an opcode this does not know fails the build."""
    imported, at = 0, wasm_section(wasm, WASM_IMPORT_SECTION)
    count, pos = leb128(wasm, at) if at is not None else (0, 0)
    for _ in range(count):
        for _name in range(2):
            length, pos = leb128(wasm, pos)
            pos += length
        kind, pos = wasm[pos], pos + 1
        if kind in (0, 4):  # a function (its type) or a tag (an attribute, its type)
            imported += kind == 0
            pos = leb128(wasm, pos + (kind == 4))[1]
        elif kind == 3:  # a global: its type and mutability
            pos += 2
        else:  # a table (its element type) or a memory: limits
            flags, pos = leb128(wasm, pos + (kind == 1))
            for _limit in range(1 + (flags & 1)):
                pos = leb128(wasm, pos)[1]
    at, functions = wasm_section(wasm, WASM_CODE_SECTION), {}
    count, pos = leb128(wasm, at) if at is not None else (0, 0)
    for index in range(imported, imported + count):
        length, pos = leb128(wasm, pos)
        functions[index] = wasm_body(wasm, pos, pos + length)
        pos += length
    return functions


def wasm_body(wasm: bytes, at: int, end: int) -> tuple[list[int], list[int]]:
    """A function body's i32 constants and the functions it calls."""
    constants: list[int] = []
    calls: list[int] = []
    groups, at = leb128(wasm, at)
    for _ in range(groups):  # its locals: a count and a type each
        at = leb128(wasm, at)[1] + 1
    while at < end:
        opcode, at = wasm[at], at + 1
        immediates = WASM_IMMEDIATES.get(opcode)
        if immediates in WASM_PREFIXED:
            sub, at = leb128(wasm, at)
            table, otherwise = WASM_PREFIXED[immediates]
            immediates = table.get(sub, otherwise)
        if immediates is None:
            raise BuildError(f"the wasm has an instruction build.py cannot read (0x{opcode:02x}) at {at - 1}")
        if opcode == 0x41:
            constants.append(leb128(wasm, at, signed=True)[0])
        elif opcode in (0x10, 0x12):
            calls.append(leb128(wasm, at)[0])
        at = wasm_skip(wasm, at, immediates)
    if at != end:
        raise BuildError(f"a function of the wasm ends at {at}, not at {end}")
    return constants, calls


def wasm_skip(wasm: bytes, at: int, immediates: str) -> int:
    """The offset past an instruction's immediates."""
    for kind in re.findall(r"16|[0-9]|[a-z]", immediates):
        if kind.isdigit():
            at += int(kind)
        elif kind in "us":
            at = leb128(wasm, at)[1]
        elif kind == "b":
            at = at + 1 if wasm[at] in WASM_BLOCK_TYPES else leb128(wasm, at, signed=True)[1]
        elif kind == "m":  # its alignment (bit 6: a memory's index follows), its offset
            align, at = leb128(wasm, at)
            at = leb128(wasm, leb128(wasm, at)[1] if align & 0x40 else at)[1]
        elif kind == "t":
            count, at = leb128(wasm, at)
            at = wasm_skip(wasm, at, "u" * (count + 1))
        elif kind == "v":
            count, at = leb128(wasm, at)
            at += count
        else:  # "y": try_table's block type, then its catches (a kind, then a tag and a label, or a label)
            count, at = leb128(wasm, wasm_skip(wasm, at, "b"))
            for _ in range(count):
                at = wasm_skip(wasm, at + 1, "uu" if wasm[at] < 2 else "u")
    return at


def unicodedata_spans(wasm: bytes, entries: Iterable[int]) -> list[list[int]]:
    """The memory spans [start, end) of the Unicode database's tables in the wasm, from the functions the
    builtin `unicodedata` module calls by pointer (entries): those and the ones only they call are the
    module's. A constant of theirs that no other function has, within the data segments, starts an object
    of the module's (or is a number, or a place within another object). From one such start to the next is
    one of its objects when at most UNICODEDATA_STRAYS constants of other code fall within (numbers that
    happen to: between others' objects there are one or more for each); a run of such objects one after
    the other of UNICODEDATA_RUN bytes or more is its tables (its strings lie among others' strings, and a
    place within a big object of others' has others' constants close by)."""
    functions = wasm_code(wasm)
    callees = {f: set(calls) & functions.keys() for f, (_, calls) in functions.items()}  # none imported
    callers: dict[int, set[int]] = {}
    for caller, called in callees.items():
        for callee in called:
            callers.setdefault(callee, set()).add(caller)
    module = set(entries)
    while grown := {c for f in module for c in callees[f] - module if callers[c] <= module}:
        module |= grown
    own = {value for f in module for value in functions[f][0]}
    others = sorted({value for f, (values, _) in functions.items() if f not in module for value in values})
    segments = wasm_segments(wasm)
    low, high = min(offset for offset, _, _ in segments), max(offset + size for offset, _, size in segments)
    starts = sorted(value for value in own.difference(others) if low <= value < high)
    runs: list[list[int]] = []
    for start, end in itertools.pairwise(starts):
        if bisect.bisect_left(others, end) - bisect.bisect_right(others, start) > UNICODEDATA_STRAYS:
            continue
        if runs and runs[-1][1] == start:
            runs[-1][1] = end
        else:
            runs.append([start, end])
    return [run for run in runs if run[1] - run[0] >= UNICODEDATA_RUN]


def xor_memory(image: bytes, memory: bytes) -> bytes:
    """A Pyodide memory image with its heap's first bytes XOR `memory` (the header says where the heap
    starts): what a new instance's memory already holds becomes zeros. Its own inverse."""
    start = int.from_bytes(image[4:8], "little")
    heap = image[start : start + len(memory)]
    mixed = int.from_bytes(heap, "little") ^ int.from_bytes(memory[: len(heap)], "little")
    return image[:start] + mixed.to_bytes(len(heap), "little") + image[start + len(heap) :]


def pack_image(image: bytes) -> bytes:
    """The image as web/assets/worker.mjs unpacks it, without its pages of zeros (two thirds of it, which
    the browser would otherwise inflate): its length, the page size, the number of runs of other pages,
    each run's first page and count, then the runs' bytes. Little-endian uint32s."""
    zeros = bytes(SNAPSHOT_PAGE)
    runs: list[list[int]] = []
    for number in range(-(-len(image) // SNAPSHOT_PAGE)):
        at = number * SNAPSHOT_PAGE
        if image[at : at + SNAPSHOT_PAGE] != zeros[: len(image) - at]:
            if runs and sum(runs[-1]) == number:  # first + count: it follows the last run
                runs[-1][1] += 1
            else:
                runs.append([number, 1])
    numbers = [len(image), SNAPSHOT_PAGE, len(runs), *(n for run in runs for n in run)]
    pages = (image[first * SNAPSHOT_PAGE : (first + count) * SNAPSHOT_PAGE] for first, count in runs)
    return b"".join(n.to_bytes(4, "little") for n in numbers) + b"".join(pages)


def snapshot_key(runtime: Path, wheels: Sequence[Path], imports: Sequence[str], stdlib: str = "") -> str:
    """Short hash of what the image depends on: the Pyodide build, the wheels, the imports, the pages'
    own Python, the standard library zip it starts with (its name hashes its contents), the maker and the
    format it is stored in."""
    pages = [[name, path.read_text()] for name, path in snapshot_pages()]
    return inputs_key(runtime, wheels, [SNAPSHOT_JS, SNAPSHOT_FORMAT, list(imports), pages, stdlib])


def snapshot_pages() -> list[tuple[str, Path]]:
    """The pages' own Python the image imports, by the module names the worker gives them
    (web/assets/worker.mjs): the bridge, the modules some pages name (data-modules: tt_crypto), then each
    page's main.py as tt_page_<its folder>."""
    pages = [(f"tt_page_{path.parent.name}", path) for path in sorted(WEB.glob("*/main.py"))]
    return [(name, WEB / "assets" / f"{name}.py") for name in ("tt_bridge", "tt_crypto")] + pages


def snapshot_imports() -> list[str]:
    """What the image imports: everything the pages import at their top."""
    return page_imports(WEB.rglob("*.py"))


def run_node(script: str, args: Sequence[str | Path], task: str) -> str:
    """Run a script on Node (read from stdin) with args and return its last line of output."""
    node = require_tool("node", f"needed to {task}; install Node.js")
    argv = [node, "-", *(str(arg) for arg in args)]
    done = subprocess.run(argv, input=script, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip().splitlines()[-15:]
        sys.stderr.write("".join(f"    {line}\n" for line in tail))
        raise BuildError(f"node could not {task} (exit code {done.returncode})")
    return done.stdout.strip().splitlines()[-1]


def make_snapshot(site: Path, wheels: Sequence[Path], stdlib: str) -> str:
    """Write the start-up image, started with the standard library zip site/stdlib, to
    site/runtime/snapshot-<key>.bin (made once per key, kept in .cache/); return its path under site/, or ""
    (pages then start Pyodide the usual way) if it outgrew the heap."""
    imports = snapshot_imports()
    runtime = site / PYODIDE_DIR
    name = f"{SNAPSHOT_PREFIX}{snapshot_key(runtime, wheels, imports, stdlib)}.bin"
    cached = CACHE / "snapshots" / Path(name).name
    if not cached.exists():
        step(f"snapshot: node imports {len(imports)} modules, then takes Pyodide's memory image")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        pages = json.dumps([[name, str(path)] for name, path in snapshot_pages()])
        args: list[str | Path] = [runtime, partial, json.dumps(imports), pages, site / stdlib, *wheels]
        sizes = json.loads(run_node(SNAPSHOT_JS, args, "make the start-up snapshot"))
        if sizes["heap"] > PYODIDE_INITIAL_HEAP:
            partial.unlink()
            step(f"snapshot: skipped, the heap grew to {sizes['heap']:,} bytes (pyodide#6254): no snapshot")
            return ""
        image = xor_memory(partial.read_bytes(), wasm_memory((runtime / "pyodide.asm.wasm").read_bytes()))
        partial.write_bytes(gzip.compress(pack_image(image), compresslevel=9, mtime=0))
        partial.rename(cached)
        gzipped = cached.stat().st_size
        step(f"snapshot: {sizes['modules']} modules, {sizes['raw']:,} bytes raw, {gzipped:,} gzipped")
    shutil.copy2(cached, site / name)
    return name


XZ_WINDOW_MAX = 1 << 26  # bytes: the largest window xzwasm's decoder takes (xz_dec_init's dict_max)


def xz_compressed(data: bytes) -> bytes:
    """data xz-compressed at the highest preset, with a window just large enough (the decoder allocates it);
    made once per content, kept in .cache/xz/."""
    cached = CACHE / "xz" / f"{hashlib.sha256(data).hexdigest()[:16]}.xz"
    if not cached.exists():
        window = 1 << max(12, (len(data) - 1).bit_length())
        if window > XZ_WINDOW_MAX:
            raise BuildError(f"{len(data):,} bytes are too many for the xz decoder's window")
        filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": window}]
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        partial.write_bytes(lzma.compress(data, check=lzma.CHECK_CRC32, filters=filters))
        partial.rename(cached)
    return cached.read_bytes()


def make_slow_files(site: Path, stdlib: str) -> None:
    """Write what a slow first visit downloads instead (worker.mjs): the pages' wasm (WASM_XZ) and the
    standard library (site/stdlib, + ".xz") xz-compressed."""
    for source, name in [(site / PYODIDE_DIR / "pyodide.asm.wasm", WASM_XZ), (site / stdlib, f"{stdlib}.xz")]:
        data = source.read_bytes()
        (site / name).write_bytes(xz_compressed(data))
        step(f"{name}: {len(data):,} bytes, {(site / name).stat().st_size:,} xz-compressed")


# --- build: the pages' runtime ----------------------------------------------------------------------

CJK_CODECS = re.compile(rb"\b_codecs_(?:cn|hk|iso2022|jp|kr|tw)\b")


def trim_runtime(site: Path) -> None:
    """Copy the stock runtime (site/STOCK_DIR) to site/PYODIDE_DIR, the pages' own, with tables no page reads
    zeroed in its wasm (runtime_tables). The stock wasm has the same layout, so they are found in it."""
    stock = site / STOCK_DIR
    shutil.copytree(stock, site / PYODIDE_DIR)
    tables = runtime_tables(stock)
    wasm = zeroed_wasm(
        (stock / "pyodide.asm.wasm").read_bytes(), [span for spans in tables.values() for span in spans]
    )
    (site / PYODIDE_DIR / "pyodide.asm.wasm").write_bytes(wasm)
    for name, spans in tables.items():
        step(f"wasm: {name} tables zeroed, {sum(end - start for start, end in spans):,} bytes")


def runtime_tables(stock: Path) -> dict[str, list[list[int]]]:
    """The memory spans of the tables the pages' wasm has zeroed, by what they are: the CJK codecs' maps
    (Shift_JIS, GBK, Big5, EUC-KR...: text here is Unicode, and the encodings that would read them are not
    in the trimmed standard library: check_cjk_unused), and the Unicode database's (`unicodedata`, which no
    page imports: make_stdlib). Kept in .cache/wasm/."""
    cached = CACHE / "wasm" / f"tables-{inputs_key(stock, [], TABLES_FINDERS)}.json"
    if not cached.exists():
        entries = json.loads(run_node(UNICODEDATA_JS, [stock], "find the unicodedata module's functions"))
        tables = {
            "the CJK codecs'": json.loads(run_node(CJK_TABLES_JS, [stock], "find the CJK codecs' tables")),
            "the Unicode database's": unicodedata_spans((stock / "pyodide.asm.wasm").read_bytes(), entries),
        }
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        partial.write_text(json.dumps(tables) + "\n")
        partial.rename(cached)
    found: dict[str, list[list[int]]] = json.loads(cached.read_text())
    return found


def check_cjk_unused(sources: Iterable[Path]) -> None:
    """Fail naming every Python file in the sources (zips or files) that names a CJK codec module."""
    users = []
    for source in sources:
        if source.suffix in {".zip", ".whl"}:
            with zipfile.ZipFile(source) as archive:
                users += [
                    f"{source.name}/{n}" for n in archive.namelist() if CJK_CODECS.search(archive.read(n))
                ]
        elif CJK_CODECS.search(source.read_bytes()):
            users.append(source.name)
    if users:
        raise BuildError(f"{', '.join(users)} would use the CJK codecs, whose tables trim_runtime zeroes")


# --- build: the trimmed standard library -----------------------------------------------------------

# Run by Node (`node - DIR IMPORTS EXERCISE CRYPTO_MJS CRYPTO_PY WHEEL...`): start Pyodide from DIR with its
# whole standard library, put the wheels on sys.path as the pages' worker does (WHEELS_JS), give Python the
# table page's primitives (CRYPTO_MJS sets ttCrypto as in the worker; CRYPTO_PY is tt_crypto.py), import
# IMPORTS (a JSON list), run the EXERCISE script (what the pages do), then print the names of every module
# Python has imported, as JSON.
STDLIB_JS = r"""
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, imports, exercise, cryptoMjs, cryptoPy, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/` });
WHEELS
await import(pathToFileURL(cryptoMjs).href);
pyodide.FS.writeFile("/home/pyodide/tt_crypto.py", readFileSync(cryptoPy));
const names = JSON.stringify(imports); // a JSON string literal is a Python one too
pyodide.runPython(`import importlib, json\nfor n in json.loads(${names}): importlib.import_module(n)`);
pyodide.runPython(readFileSync(exercise, "utf8"), { filename: exercise });
console.log(pyodide.runPython("import json, sys\njson.dumps(sorted(sys.modules))"));
""".replace("WHEELS\n", WHEELS_JS.lstrip())


# Run by Node (`node - DIR TOOL IN OUT`): start Pyodide from DIR, then write the zip IN with its sources made
# smaller by TOOL (STDLIB_MINIFY: Pyodide's own Python reads them as the pages will) to OUT; print the counts.
MINIFY_JS = r"""
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dir, tool, input, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${dir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${dir}/` });
pyodide.FS.writeFile("/home/pyodide/minify_python.py", readFileSync(tool));
pyodide.FS.writeFile("/tmp/in.zip", readFileSync(input));
const counts = pyodide.runPython(`import json, minify_python
json.dumps(minify_python.minify_zip("/tmp/in.zip", "/tmp/out.zip"))`);
writeFileSync(out, pyodide.FS.readFile("/tmp/out.zip"));
console.log(counts);
"""


def module_members(names: Iterable[str], members: Collection[str]) -> set[str]:
    """The zip members holding these modules and their packages' __init__ (none for a name the zip lacks)."""
    found: set[str] = set()
    for name in names:
        parts = name.split(".")
        for depth in range(1, len(parts) + 1):
            path = "/".join(parts[:depth])
            found.update(member for member in (f"{path}.py", f"{path}/__init__.py") if member in members)
    return found


def is_module(name: str, members: Collection[str]) -> bool:
    """Whether the zip holds module `name` itself (a/b.py or a/b/__init__.py for a.b)."""
    path = name.replace(".", "/")
    return f"{path}.py" in members or f"{path}/__init__.py" in members


def member_module(member: str) -> str:
    """The module a zip member holds: a/b.py and a/b/__init__.py hold a.b."""
    return member.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def imported_modules(source: str, filename: str, package: str = "") -> dict[str, str]:
    """Every module a source imports, in functions too, relative ones resolved: name -> file:line."""
    found: dict[str, str] = {}  # `import a.b` gives a and a.b; `from a.b import c` also a.b.c (a module?)
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = [module, *(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")]
        else:
            continue
        for name in names:
            parts = name.split(".")
            for depth in range(1, len(parts) + 1):
                found.setdefault(".".join(parts[:depth]), f"{filename}:{node.lineno}")
    return found


def reachable_imports(sources: Iterable[Path], root: Path = ROOT) -> dict[str, str]:
    """Every module the sources import, following the modules under root they reach (not pygame_core.cli)."""
    found: dict[str, str] = {}
    todo, read = list(sources), set()
    while todo:
        path = todo.pop()
        if path in read:
            continue
        read.add(path)
        relative = path.relative_to(root)
        package = ".".join(relative.parent.parts)
        for name, where in imported_modules(path.read_text(), relative.as_posix(), package).items():
            found.setdefault(name, where)
            module = root.joinpath(*name.split("."))
            files = (module.parent / f"{module.name}.py", module / "__init__.py")
            todo += [file for file in files if file.is_file()]
    return found


def check_stdlib(imports: Mapping[str, str], members: Collection[str], kept: Collection[str]) -> None:
    """Fail naming each import (name -> where) the whole standard library has and the kept members lack."""
    missing = sorted(
        f"{name} ({where})"
        for name, where in imports.items()
        if is_module(name, members) and module_members([name], members) - set(kept)
    )
    if missing:
        raise BuildError(
            f"the trimmed standard library would lack {', '.join(missing)}: have "
            f"{STDLIB_EXERCISE.relative_to(ROOT)} use it, or add it to STDLIB_LAZY in build.py"
        )


def stdlib_modules(runtime: Path, wheels: Sequence[Path], imports: Sequence[str]) -> list[str]:
    """The modules Pyodide (in Node) has after the imports and STDLIB_EXERCISE; kept in .cache/stdlib/."""
    crypto = [WEB / "assets" / "tt_crypto.mjs", WEB / "assets" / "tt_crypto.py"]
    texts = [STDLIB_JS, list(imports), STDLIB_EXERCISE.read_text(), *(path.read_text() for path in crypto)]
    key = inputs_key(runtime, wheels, texts)
    cached = CACHE / "stdlib" / f"modules-{key}.json"
    if not cached.exists():
        step(f"stdlib: node imports {len(imports)} modules and plays every game, to see what the pages use")
        module = CACHE / "stdlib" / "tt_crypto.mjs"  # imports the noble modules vendored next to runtime
        module.parent.mkdir(parents=True, exist_ok=True)
        noble = (runtime.parent.parent / NOBLE_DIR).resolve().as_uri()
        module.write_text(crypto[0].read_text().replace("{{NOBLE}}", noble))
        args: list[str | Path] = [runtime, json.dumps(imports), STDLIB_EXERCISE, module, crypto[1], *wheels]
        line = run_node(STDLIB_JS, args, "find the modules the pages use")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        partial.write_text(line + "\n")
        partial.rename(cached)
    modules: list[str] = json.loads(cached.read_text())
    return modules


def trimmed_zip(original: Path, keep: Collection[str], added: Mapping[str, bytes] = {}) -> bytes:
    """The zip with only the kept members, in order and with their dates, then the added ones (dated 1980),
    each stored, not deflated (a zip packs better compressed as a whole): the same input, the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(original) as source, zipfile.ZipFile(buffer, "w") as out:
        members = [(info, source.read(info)) for info in source.infolist() if info.filename in keep]
        members += [(zipfile.ZipInfo(name), data) for name, data in added.items()]
        for info, data in members:
            member = zipfile.ZipInfo(info.filename, info.date_time)
            member.external_attr = info.external_attr
            out.writestr(member, data)
    return buffer.getvalue()


def minified_zip(runtime: Path, data: bytes, what: str = "stdlib") -> bytes:
    """The zip with its sources' comments and docstrings gone (STDLIB_MINIFY); kept in .cache/stdlib/."""
    key = inputs_key(runtime, [], [MINIFY_JS, STDLIB_MINIFY.read_text(), hashlib.sha256(data).hexdigest()])
    cached = CACHE / "stdlib" / f"minified-{key}.zip"
    if not cached.exists():
        cached.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as work:
            source, target = Path(work, "in.zip"), Path(work, "out.zip")
            source.write_bytes(data)
            args = [runtime, STDLIB_MINIFY, source, target]
            counts = json.loads(run_node(MINIFY_JS, args, f"minify the {what}"))
            step(f"{what}: {counts['minified']} sources minified, {counts['kept']} kept as they were")
            target.replace(cached)
    return cached.read_bytes()


def slim_wheel(wheel: Path, runtime: Path) -> None:
    """Make the pages' pygame_core wheel smaller in place: its sources minified as the standard library's
    (the pages run them under -OO, without docstrings, anyway), and no README in it (slimmed_wheel)."""
    wheel.write_bytes(slimmed_wheel(minified_zip(runtime, wheel.read_bytes(), "wheel")))


def slimmed_wheel(data: bytes) -> bytes:
    """A wheel without the long description (the README) in its METADATA, its RECORD made to match."""
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        members = [(info, source.read(info)) for info in source.infolist()]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        record, lines = None, []
        for info, body in members:
            if info.filename.endswith(".dist-info/RECORD"):
                record = info
                continue
            if info.filename.endswith(".dist-info/METADATA"):
                headers = body.split(b"\n\n", 1)[0].split(b"\n")  # the README follows them
                body = b"".join(h + b"\n" for h in headers if not h.startswith(b"Description-Content-Type:"))
            out.writestr(info, body, compresslevel=9)
            digest = base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()
            lines.append(f"{info.filename},sha256={digest},{len(body)}")
        if record is None:
            raise BuildError("the wheel has no RECORD")
        out.writestr(record, "\n".join([*lines, f"{record.filename},,", ""]), compresslevel=9)
    return buffer.getvalue()


def make_stdlib(site: Path, wheels: Sequence[Path]) -> str:
    """Write the standard library the pages use to site/runtime/python_stdlib-<hash>.zip, and gzipped to
    that + ".gz"; return that path. (The zip itself is for the snapshot's build, and for a browser that
    cannot gunzip: worker.mjs.)"""
    # Kept: what Pyodide imported for the pages' imports, STDLIB_WHOLE, STDLIB_LAZY and the exercise
    # (stdlib_modules); then it must hold whatever the pages and the engine modules they reach import
    # anywhere (check_stdlib).
    original = site / PYODIDE_DIR / "python_stdlib.zip"
    with zipfile.ZipFile(original) as archive:
        members = {name for name in archive.namelist() if not name.endswith("/")}
    unknown = [name for name in STDLIB_LAZY if not is_module(name, members)]
    if unknown:
        raise BuildError(f"STDLIB_LAZY names modules python_stdlib.zip does not have: {', '.join(unknown)}")
    whole = {member for member in members if member.split("/")[0] in STDLIB_WHOLE}
    static = reachable_imports(WEB.rglob("*.py"))
    modules = [member_module(member) for member in whole if member.endswith(".py")]
    imports = sorted({*snapshot_imports(), *modules, *STDLIB_LAZY})
    used = stdlib_modules(site / PYODIDE_DIR, wheels, imports)
    if "unicodedata" in used:
        raise BuildError("the pages import unicodedata, whose tables trim_runtime zeroes (runtime_tables)")
    keep = module_members(used, members) | whole
    check_stdlib(static, members, keep)
    trimmed = trimmed_zip(original, keep, {"sitecustomize.py": STDLIB_SITE.read_bytes()})
    data = minified_zip(site / PYODIDE_DIR, trimmed)
    name = f"{STDLIB_PREFIX}{hashlib.sha256(data).hexdigest()[:16]}.zip"
    gzipped = gzip.compress(data, compresslevel=9, mtime=0)
    (site / name).write_bytes(data)
    (site / f"{name}.gz").write_bytes(gzipped)
    count = sum(member.endswith(".py") for member in keep), sum(member.endswith(".py") for member in members)
    sizes = f"{len(data):,} bytes, {len(gzipped):,} gzipped"
    step(f"stdlib: {count[0]} of {count[1]} modules, {sizes} ({original.stat().st_size:,} whole)")
    return name


# --- build: pages --------------------------------------------------------------------------------


class Values(dict[str, Any]):
    """A page's placeholder values; a callable one is rendered only when the page names it."""

    def __getitem__(self, key: str) -> str:
        """Return the value, rendering it if it is a callable."""
        value = super().__getitem__(key)
        text: str = value() if callable(value) else value
        return text


def page_values(
    page: Path,
    wheel_name: str,
    preview_game: str = "",
    lang: str = "en",
    players: int = 0,
    snapshot: str = "",
    stdlib: str = "",
    downloads: Mapping[str, int] | None = None,
    build_id: str = "",
) -> Values:
    """Placeholder values for a page (path relative to dist/): URLs relative to the page, and what
    pygame_core renders at build time (the game list, the previews of `players` (0: as a form starts),
    the games' facts, a game's rules);
    `downloads` is the size of each big file a start fetches, by its path under dist/; `build_id` names
    what the pages' Python paints (python.js keeps a paint for a quick start only within one build);
    `preview_game` is the game a page shows whose link names none (by default the engine's DEFAULT_GAME)."""
    root = "../" * (len(page.parts) - 1) or "./"
    preview_game = preview_game or default_game()
    return Values(
        {
            "ROOT": root,
            "LANG": lang,
            "HOME": lambda: rendered("home", root),
            "HOME_JA": lambda: rendered("home", root, "ja"),
            "GAME_COUNT": lambda: rendered("game_count", "en"),
            "GAME_COUNT_JA": lambda: rendered("game_count", "ja"),
            "RULES_TITLE": lambda: titled(rendered("rules_title", preview_game, lang), lang),
            "GAME_TITLE": lambda: titled(engine_pages().get_game(preview_game).name, lang),
            "RULES": lambda: rendered("rules_page", preview_game, lang, root),
            "PREVIEW": lambda: rendered("preview_board", preview_game, lang, players),
            "PREVIEW_GAME": preview_game,
            "PREVIEW_PLAYERS": lambda: str(players or engine_pages().game_facts()[preview_game]["start"]),
            "PREVIEWS": lambda: rendered("preview_templates"),
            "HELP_BUTTONS": lambda: rendered("help_templates"),
            "EMBED_GAMES": lambda: json.dumps(engine_pages().game_facts(), ensure_ascii=False),
            "EMBED_TITLES": lambda: json.dumps(embed_titles(), ensure_ascii=False),
            "PYODIDE": root + PYODIDE_DIR,
            "STOCK_PYODIDE": root + STOCK_DIR,
            "PYSCRIPT": root + PYSCRIPT_DIR,
            "XZ": root + XZ_DIR,
            "NOBLE": root + NOBLE_DIR,
            "WASM_XZ": root + WASM_XZ,
            "WHEEL": root + f"{WHEELS_DIR}/{wheel_name}",
            "SNAPSHOT": root + snapshot if snapshot else "",  # "" when the build made no snapshot
            "STDLIB": root + stdlib if stdlib else "",  # the trimmed standard library ("": Pyodide's own)
            "DOWNLOADS": json.dumps({root + path: size for path, size in (downloads or {}).items()}),
            "RELAY": relay_setting,
            "ICE_SERVERS": ice_setting,
            "BUILD": build_id,
            "HANDOFF": HANDOFF_CACHE,
            **{
                name.upper(): root + f"{WHEELS_DIR}/{pure_wheel(name, v)}"
                for name, (v, _) in APP_WHEELS.items()
            },
        }
    )


@functools.cache
def rendered(name: str, *args: str | int) -> str:
    """Return what pygame_core.catalog's function `name` renders for these arguments (once per build)."""
    text: str = getattr(engine_pages(), name)(*args)
    return text


def titled(name: str, lang: str) -> str:
    """Return a page's title: `name`, then the site's, apart as the language writes it (render.dotted)."""
    title: str = engine_pages().dotted([name, SITE], lang)
    return title


def embed_titles() -> dict[str, dict[str, str]]:
    """Each game's frame title in each language, as its embed page titles itself (embed.js, until it does)."""
    pages = engine_pages()
    names = {game: pages.get_game(game).name for game in pages.game_facts()}
    return {game: {lang: titled(name, lang) for lang in pages.LANGS} for game, name in names.items()}


def relay_setting() -> str:
    """The relay the table page uses: env TT_RELAY (a ws:// or wss:// URL), else empty (its own /relay)."""
    url = os.environ.get("TT_RELAY", "").strip()
    if url and (not re.fullmatch(r"wss?://[A-Za-z0-9.\-:\[\]]+(/[A-Za-z0-9._~/\-]*)?", url)):
        raise BuildError(f"TT_RELAY must be a ws:// or wss:// URL, not {url!r}")
    return url


ICE_URL = re.compile(r"(stun|turns?):[^\s\"'<>]+")


def ice_setting() -> str:
    """The STUN/TURN servers of the table's WebRTC connections: env TT_ICE_SERVERS, a JSON list of
    RTCIceServer objects (`urls`: a stun:, turn: or turns: URL or a list of them; `username` and
    `credential` for TURN), HTML-escaped for a meta tag; default none (docs/deploy.md says why)."""
    text = os.environ.get("TT_ICE_SERVERS", "").strip() or "[]"
    try:
        servers = json.loads(text)
    except ValueError:
        raise BuildError(f"TT_ICE_SERVERS must be JSON (a list of ICE servers), not {text!r}") from None
    if not isinstance(servers, list):
        raise BuildError("TT_ICE_SERVERS must be a JSON list of ICE servers")
    for server in servers:
        urls = server.get("urls") if isinstance(server, dict) else None
        urls = [urls] if isinstance(urls, str) else urls
        if (
            not isinstance(server, dict)
            or not isinstance(urls, list)
            or not urls
            or not all(isinstance(url, str) and ICE_URL.fullmatch(url) for url in urls)
            or set(server) - {"urls", "username", "credential"}
            or not all(isinstance(server.get(name, ""), str) for name in ("username", "credential"))
        ):
            raise BuildError(f"TT_ICE_SERVERS: {server!r} is not {{'urls': 'stun:…' or ['turn:…'], …}}")
    return html.escape(json.dumps(servers, separators=(",", ":")), quote=True)


@functools.cache
def engine_pages() -> Any:
    """pygame_core's build-time renderers (pygame_core.catalog), every game registered; imported on first
    use because build.py starts with the standard library only."""
    import pygame_core.catalog
    import pygame_core.games  # registers every game

    return pygame_core.catalog


def default_game() -> str:
    """The game of a page whose link names none: the play page paints its public board before the runtime
    loads (prerendered at build time), and an embed without a game plays it."""
    import pygame_core.engine

    return pygame_core.engine.DEFAULT_GAME


def render(text: str, values: dict[str, Any]) -> str:
    """Replace {{NAME}} placeholders; an unknown name is an error."""

    def substitute(match: re.Match[str]) -> str:
        if match[1] not in values:
            raise BuildError(f"unknown placeholder {match[0]}")
        text: str = values[match[1]]
        return text

    return re.sub(r"\{\{\s*([A-Z_]+)\s*\}\}", substitute, text)


def player_counts() -> list[tuple[str, int, bool]]:
    """Every game with each player count it takes, and whether a form starts at that count."""
    return [
        (game, n, n == fact["start"])
        for game, fact in engine_pages().game_facts().items()
        for n in range(fact["players"][0], fact["players"][1] + 1)
    ]


def page_copies(relative: Path) -> list[tuple[Path, str, str, int]]:
    """Where a page of web/ is rendered, with its game, language and players (0: as a form starts): once,
    or once per game and language (the rules: rules/<game>/ and rules/<game>/ja/), or per game, player
    count and language (the embed: embed/<game>/[<n>/][ja/], n left out for the count a form starts at;
    and once more as embed/)."""
    once = [(relative, default_game(), "en", 0)]
    languages = ((".", "en"), ("ja", "ja"))
    if relative == RULES_PAGE:
        games = engine_pages().game_facts()
        return [
            (relative.parent / g / sub / relative.name, g, lang, 0) for g in games for sub, lang in languages
        ]
    if relative != EMBED_PAGE:
        return once
    return once + [
        (relative.parent / g / ("." if usual else str(n)) / sub / relative.name, g, lang, n)
        for g, n, usual in player_counts()
        for sub, lang in languages
    ]


def render_pages(
    out: Path,
    wheel_name: str,
    snapshot: str = "",
    stdlib: str = "",
    downloads: Sequence[str] = (),
    build_id: str = "",
) -> None:
    """Copy web/ into out, filling placeholders in RENDERED_SUFFIXES files (markdown notes are skipped); the
    embed page is also rendered once per game under embed/<game>/, the rules page per game and language.
    `downloads` are the paths under out of the files a first start waits for (sizes to worker.mjs)."""
    sizes = {path: (out / path).stat().st_size for path in downloads}
    for source in sorted(WEB.rglob("*")):
        relative = source.relative_to(WEB)
        if source.is_dir() or source.suffix == ".md" or relative == Path(SERVICE_WORKER):
            continue
        if source.suffix not in RENDERED_SUFFIXES:
            (out / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, out / relative)
            continue
        for target, game, lang, players in page_copies(relative):
            target = Path(os.path.normpath(target))
            (out / target).parent.mkdir(parents=True, exist_ok=True)
            try:
                values = page_values(
                    target, wheel_name, game, lang, players, snapshot, stdlib, sizes, build_id
                )
                (out / target).write_text(render(source.read_text(), values))
            except BuildError as exc:
                raise BuildError(f"{source.relative_to(ROOT)}: {exc}") from None


def write_play_previews(out: Path) -> None:
    """Write the play page's first screen of each game at each player count but the one the page holds
    (catalog.preview_templates), in each language: PLAY_PREVIEWS/<game>-<players>-<lang>.html."""
    folder = out / PLAY_PREVIEWS
    folder.mkdir(parents=True, exist_ok=True)
    others = [(game, players) for game, players, usual in player_counts() if not usual]
    for (game, players), lang in itertools.product(others, engine_pages().LANGS):
        page = rendered("preview_page", game, lang, players)
        (folder / f"{game}-{players}-{lang}.html").write_text(page)


def precached(site: Path) -> list[Path]:
    """The files under site/ the service worker precaches (PRECACHE), sorted."""
    return sorted({path for pattern in PRECACHE for path in site.glob(pattern) if path.is_file()})


def render_service_worker(site: Path) -> str:
    """Write site/sw.js from web/sw.js with the precached URLs (relative to it) and a version that is the
    hash of their contents, so any change to any of them is a new version; return the version."""
    files = precached(site)
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.relative_to(site).as_posix().encode() + sha256(path).encode())
    version = digest.hexdigest()[:16]
    urls = [path.relative_to(site).as_posix().removesuffix("index.html") or "./" for path in files]
    values = {"VERSION": version, "PRECACHE": json.dumps(urls, indent=1), "HANDOFF": HANDOFF_CACHE}
    (site / SERVICE_WORKER).write_text(render((WEB / SERVICE_WORKER).read_text(), values))
    return version


def headers_file() -> str:
    """Netlify `_headers` text for HEADERS."""
    lines = []
    for path, headers in HEADERS.items():
        lines.append(path)
        lines.extend(f"  {name}: {value}" for name, value in headers.items())
    return "\n".join(lines) + "\n"


def build() -> Path:
    """Assemble dist/ from the vendored runtimes, the package wheel, public/ and web/."""
    CACHE.mkdir(exist_ok=True)
    fresh = DIST.with_name("dist.partial")
    shutil.rmtree(fresh, ignore_errors=True)
    step("build pygame_core wheel")
    wheel = build_wheel(fresh / WHEELS_DIR)
    for extra in runtime_wheels(APP_WHEELS):
        shutil.copy2(extra, fresh / WHEELS_DIR / extra.name)
    step(f"vendor pyodide {PYODIDE_VERSION}, @pyscript/core {PYSCRIPT_VERSION}, micropip, packaging, xzwasm")
    step(f"vendor @noble/curves, @noble/ciphers, @noble/hashes {NOBLE_VERSION}")
    vendor_pyodide(fresh / STOCK_DIR)
    vendor_pyscript(fresh / PYSCRIPT_DIR)
    vendor_xz(fresh / XZ_DIR)
    vendor_noble(fresh / NOBLE_DIR)
    trim_runtime(fresh)
    slim_wheel(wheel, fresh / PYODIDE_DIR)
    extras = [fresh / WHEELS_DIR / extra.name for extra in runtime_wheels(APP_WHEELS)]
    stdlib = make_stdlib(fresh, [wheel, *extras])
    check_cjk_unused([fresh / stdlib, wheel, *extras, *WEB.rglob("*.py")])
    make_slow_files(fresh, stdlib)
    snapshot = make_snapshot(fresh, [wheel, *extras], stdlib)
    step("copy public/, render web/ pages, write _headers")
    if PUBLIC.is_dir():
        shutil.copytree(PUBLIC, fresh, dirs_exist_ok=True)
    # What a first start waits for, counted by the loading bar (not the snapshot: a slow network drops it).
    wheels = [f"{WHEELS_DIR}/{w.name}" for w in [wheel, *extras]]
    waited = [f"{PYODIDE_DIR}/pyodide.asm.wasm", f"{stdlib}.gz", *wheels]
    render_pages(fresh, wheel.name, snapshot, stdlib, waited, paint_build(wheel))
    write_play_previews(fresh)
    (fresh / "_headers").write_text(headers_file())
    version = render_service_worker(fresh)
    step(f"service worker {version}: {len(precached(fresh))} files precached")
    shutil.rmtree(DIST, ignore_errors=True)
    fresh.rename(DIST)
    step(f"built dist/ ({wheel.name})")
    return DIST


# --- serve ---------------------------------------------------------------------------------------


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types plus the extra headers of the served _headers file."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}  # noqa: RUF012
    protocol_version = "HTTP/1.1"
    server: DistServer

    def end_headers(self) -> None:
        """Add the _headers rules matching this path (Content-Type comes from MIME_TYPES)."""
        path = urllib.parse.urlsplit(self.path).path
        for pattern, headers in self.server.header_rules:
            if pattern.match(path):
                for name, value in headers.items():
                    if name.lower() != "content-type":
                        self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Log requests only in verbose mode."""
        if VERBOSE:
            super().log_message(format, *args)


class DistServer(http.server.ThreadingHTTPServer):
    """A threaded HTTP server for a built site folder."""

    daemon_threads = True

    def __init__(self, root: Path = DIST, port: int = 0, host: str = "127.0.0.1") -> None:
        """Bind to host:port (0 picks a free port) and serve root."""
        if not (root / "index.html").is_file():
            raise BuildError(f"{root} has no index.html: run `python3 build.py build` first")
        self.header_rules = header_rules(root)
        handler = functools.partial(DistHandler, directory=str(root))
        try:
            super().__init__((host, port), handler)
        except OSError as exc:
            raise BuildError(f"cannot listen on {host}:{port}: {exc.strerror}") from None

    @property
    def url(self) -> str:
        """Base URL, ending with a slash."""
        host, port = self.server_address[:2]
        return f"http://{host.decode() if isinstance(host, bytes) else host}:{port}/"


def serve_dist(root: Path = DIST, port: int = 0, host: str = "127.0.0.1") -> DistServer:
    """Start a DistServer in a daemon thread; stop it with .shutdown() and .server_close()."""
    server = DistServer(root, port, host)
    threading.Thread(target=server.serve_forever, name="dist-server", daemon=True).start()
    return server


# --- commands ------------------------------------------------------------------------------------


def serve(port: int, host: str) -> int:
    """Serve dist/ and the relay (tt_relay, WebSockets at /relay) on one port until Ctrl-C."""
    from tt_relay.cli import main as relay_main  # needs websockets: imported once on the venv

    step(f"serving dist/ with the relay on {host}:{port}")
    return relay_main(["--host", host, "--port", str(port), "--static", str(DIST)], say=step)


def test(pytest_args: Sequence[str]) -> int:
    """Run pytest on the venv; 'no tests collected' counts as a failure."""
    step(" ".join(["pytest", *pytest_args]))
    code = subprocess.run([sys.executable, "-m", "pytest", *pytest_args], cwd=ROOT, check=False).returncode
    if code == 5:
        raise BuildError("pytest collected no tests")
    return code


def parse_args(argv: list[str]) -> argparse.Namespace:
    """Parse the command line; everything after `test` goes to pytest untouched."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="show subprocess output")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="create or update .venv")
    commands.add_parser("build", help="assemble dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ and the relay on one port")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1")
    commands.add_parser("test", help="build, then run pytest (extra arguments are passed on)")
    split = argv.index("test") + 1 if "test" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    args.pytest_args = argv[split:]
    return args


def main(argv: list[str] | None = None) -> int:
    """Entry point: setup, re-exec on the venv, then run the command."""
    global VERBOSE
    args = parse_args(sys.argv[1:] if argv is None else argv)
    VERBOSE = args.verbose
    try:
        python = setup()
        if args.command == "setup":
            return 0
        reexec_in_venv(python)
        build()
        if args.command == "serve":
            return serve(args.port, args.host)
        if args.command == "test":
            return test(args.pytest_args)
        return 0
    except BuildError as exc:
        print(f"build.py: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
