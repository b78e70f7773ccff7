// The Python of a page, run in a module Web Worker so the page scrolls and answers while Python starts
// and while bots think. No SharedArrayBuffer: it works in a cross-origin embed without isolation.
// The page (public/assets/python.js) starts it with {ev: "start", python: <URL of the page's main.py>,
// wheels: [URL, ...], modules: [URL, ...], imports: [URL, ...], ...}; this worker starts Pyodide (part 1),
// puts the wheels on sys.path, writes tt_bridge.py (the Python half of the bridge), the page's other Python
// modules (`modules`: tt_crypto.py on the table page) and main.py (as tt_page_<the page's folder>.py) to
// its home, imports the page's ES modules (`imports`: tt_crypto.mjs, which sets the worker's `ttCrypto`),
// then main.py, then hands every message to its `receive(text)` as JSON text (part 2). Python
// answers with ttPost(JSON text) ({op: ...}; see `outbox` below, and python.js). One module, not two: a
// worker's module graph would fetch the second only after the first, and part 1's downloads are most of a
// start.

// Part 1, the loader: Pyodide started from the build's memory snapshot when it can (build.py,
// make_snapshot): `loadPyodide` passes the snapshot to Pyodide's own loadPyodide and falls back to a
// normal start when the build made no snapshot, the browser cannot unpack it, it fails to download or
// restore, or it would download too slowly to pay for itself (a first visit on a slow mobile network: the
// service worker then keeps it for the next visits, which read it from the cache at once).
// Such a slow first visit also gets the runtime's wasm and the standard library xz-compressed (`slowNetwork`
// below).
// Either way Pyodide gets the build's trimmed standard library (the modules the pages use), which the
// snapshot was made with: a snapshot and another zip would not fit together.
// `started` says which start it was: "snapshot" or "fresh" (passed on to the page's <html data-start>,
// which tests and the benchmark read).
const INDEX_URL = new URL("{{PYODIDE}}/", import.meta.url).href;
const SNAPSHOT = "{{SNAPSHOT}}";
const STDLIB = "{{STDLIB}}";
const WASM_XZ = new URL("{{WASM_XZ}}", import.meta.url).href;
const XZ = new URL("{{XZ}}/xzwasm.wasm", import.meta.url).href;
const GZIP_MAGIC = [0x1f, 0x8b];
const isGzip = (bytes) => GZIP_MAGIC.every((byte, i) => bytes[i] === byte);
const GUNZIPS = typeof DecompressionStream === "function";
const plainFetch = globalThis.fetch; // the worker's own files' (the fetch Pyodide uses is wrapped below)
const WASM_HEADERS = { "Content-Type": "application/wasm" };
// Restoring saves a few seconds of start-up: an image still more than SLOW_MS from fully downloaded,
// judged from the pace so far once CHECK_AFTER_MS have passed, would cost more than it saves.
const CHECK_AFTER_MS = 1000;
const SLOW_MS = 6000;
const MAX_IMAGE = 1 << 28; // bytes: a damaged image's header must not have the worker allocate gigabytes
let judged; // settles toXz: whether a slow network had the start switch to the xz files (slowNetwork)
const toXz = new Promise((resolve) => (judged = resolve));

// The image starts downloading as soon as the worker runs, beside the runtime's own files;
// Pyodide's loader is imported after that starts (a static import would hold the download back a fetch).
const image = SNAPSHOT && GUNZIPS ? fetchImage(new URL(SNAPSHOT, import.meta.url)) : null;
image?.catch(() => judged(false)); // a failure is reported (and survived) in loadPyodide
if (!image) judged(false);
const runtime = import("{{PYODIDE}}/pyodide.mjs");
runtime.catch(() => {}); // reported when loadPyodide awaits it
import("{{PYODIDE}}/pyodide.asm.mjs").catch(() => {}); // Pyodide imports it again: the same module

// So do the runtime's own files: Pyodide would ask for them only once its loader is in, and the worker
// is busy meanwhile unpacking the image as it arrives. Each is handed to Pyodide's first fetch of it (the
// wasm is compiled here: see `compiled` below), but the build's standard library (stdlibFile).
const STDLIB_URL = new URL(STDLIB || "python_stdlib.zip", STDLIB ? import.meta.url : INDEX_URL).href;
// That zip (its members stored) is downloaded gzipped (build.py, make_stdlib); a browser that cannot gunzip
// (no DecompressionStream: no snapshot nor xz files either) downloads the zip itself.
const STDLIB_GZ = GUNZIPS ? `${STDLIB_URL}.gz` : STDLIB_URL;
const WASM_URL = `${INDEX_URL}pyodide.asm.wasm`;
const plainWasm = new AbortController(); // stopped on a slow network, for the xz one (slowNetwork)
const ahead = new Map(
  [WASM_URL, `${INDEX_URL}pyodide-lock.json`, ...(STDLIB ? [] : [STDLIB_URL])].map((url) => {
    const response = fetch(url, { signal: url === WASM_URL ? plainWasm.signal : null });
    response.catch(() => {}); // reported by the fetch of Pyodide's that gets it
    return [url, response];
  }),
);
// The build's standard library, read whole here as it comes (counted for the loading bar): Pyodide gets it
// if it has all come before the network is judged slow, else the xz one (stdlibFile).
const plainStdlib = new AbortController(); // stopped for the xz one (xzStdlib)
const usualStdlib = STDLIB ? usualZip({ signal: plainStdlib.signal }) : null;
usualStdlib?.catch(() => {}); // reported by the fetch of Pyodide's that gets it

/** The standard library's zip: STDLIB_GZ's response read whole (its body counted as it comes), gunzipped
 * if it is gzip, which a host may have undone already, and the zip a first visit hands over is not. */
async function usualZip(options) {
  const response = await plainFetch(STDLIB_GZ, options);
  if (!response.ok) return response;
  const body = new Uint8Array(await new Response(response.body.pipeThrough(counting(STDLIB_GZ))).arrayBuffer());
  if (!isGzip(body)) return new Response(body);
  const stream = new Response(body).body.pipeThrough(new DecompressionStream("gzip"));
  const zip = await new Response(stream).arrayBuffer();
  handOver(STDLIB_GZ, zip).catch(() => {}); // the next visits' start need not gunzip it
  return new Response(zip);
}

/** The snapshot's bytes: the file is gzipped, unless a host already undid that (Content-Encoding). */
async function fetchImage(url) {
  const begun = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
  const total = Number(response.headers.get("Content-Length")) || 0;
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  let received = head.length;
  const body = new ReadableStream({
    start(controller) {
      if (head.length) controller.enqueue(head);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        judged(false);
        return controller.close();
      }
      received += value.length;
      const elapsed = performance.now() - begun;
      const left = ((total - received) * elapsed) / received;
      if (total && elapsed > CHECK_AFTER_MS && left > SLOW_MS) {
        reader.cancel();
        slowNetwork();
        controller.error(new Error(`snapshot: too slow to download here (${Math.round(left / 1000)} s more)`));
      } else {
        if (total && elapsed > CHECK_AFTER_MS) judged(false);
        controller.enqueue(value);
      }
    },
  });
  const stream = isGzip(head) ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return unpack(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/** The image from its packed form (build.py, pack_image): its length, the page size, the number of runs
 * of pages that are not all zeros, each run's first page and count, then their bytes (uint32s, LE). */
function unpack(packed) {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const [length, page, runs] = [0, 4, 8].map((at) => view.getUint32(at, true));
  if (length > MAX_IMAGE) throw new Error(`snapshot: damaged (it claims ${length} bytes)`);
  const image = new Uint8Array(length); // zeros: the pages left out
  let from = 12 + 8 * runs;
  for (let run = 0; run < runs && from <= packed.length; run++) {
    const at = view.getUint32(12 + 8 * run, true) * page;
    const size = Math.min(view.getUint32(16 + 8 * run, true) * page, length - at);
    image.set(packed.subarray(from, from + size), at); // a run past the end throws
    from += size;
  }
  if (from !== packed.length) throw new Error("snapshot: damaged (its pages and its size disagree)");
  return image;
}

let started = "";

// A first visit's loading bar: the big files a start waits for (the runtime's wasm, the standard library,
// the wheels; not the snapshot, which a slow network drops), by URL, with their sizes uncompressed (as a
// response's body yields them), from the build. Every fetch of one counts its bytes as they arrive (the
// most any fetch of it got: after a failed snapshot start, Pyodide fetches its files again).
const DOWNLOADS = new Map(Object.entries({{DOWNLOADS}}).map(([url, size]) => [new URL(url, import.meta.url).href, size]));
const arrived = new Map();
globalThis.fetch = async (resource, options) => {
  const url = new URL(resource instanceof Request ? resource.url : resource, location.href).href;
  if (url === WASM_URL && compiled) return standIn();
  if (url === STDLIB_URL && usualStdlib) return stdlibFile();
  const early = ahead.get(url);
  ahead.delete(url);
  if (DOWNLOADS.has(url) && !arrived.has(url)) arrived.set(url, 0);
  const response = await (early ?? plainFetch(resource, options));
  if (!DOWNLOADS.has(url) || !response.body) return response;
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counting(url)), { status, statusText, headers });
};

/** A stream that passes bytes on, counting them (times scale) as arrived bytes of url. */
function counting(url, scale = 1) {
  let got = 0;
  return new TransformStream({
    transform(chunk, controller) {
      got += chunk.length;
      arrived.set(url, Math.max(arrived.get(url) ?? 0, Math.round(got * scale)));
      controller.enqueue(chunk);
    },
  });
}

// The runtime's wasm compiles as it arrives, beside the image: Pyodide's loadPyodide awaits the image
// before it instantiates the wasm, and only then would start compiling it. Pyodide's fetch of the wasm gets a
// stand-in, and its instantiateStreaming of that instantiates this module (or, if this compile failed,
// fetches and compiles the wasm after all).
let compiled = null; // null while this compile's own fetch goes through the wrapper above: the real wasm
let settle = null; // [resolve, reject] of `compiled`: this compile's result, or the xz one's
let switched = false; // to the xz files
let wasmFrom = "plain"; // the file of the wasm Pyodide runs: "plain", or "xz" (decoded here)
const compiling = WebAssembly.compileStreaming(globalThis.fetch(WASM_URL));
compiled = new Promise((...both) => (settle = both));
compiled.catch(() => {}); // reported by the instantiation that falls back
compiling.then(settle[0], (error) => switched || settle[1](error));

// A first visit on a slow network (the image is given up as too slow: fetchImage) downloads the runtime's
// wasm and the standard library xz-compressed instead (build.py, make_slow_files: 0.77x and 0.79x the
// bytes of their gzip; at a phone's 1.6 Mbit/s, ready 1.5 s sooner than with the wasm brotli-compressed,
// as it was before), when less than SWITCH_BEFORE of the usual wasm has come, and decodes them as they
// arrive with a small wasm decoder (xzDecoded: browsers' DecompressionStream has no xz, nor brotli). Not on
// a fast network, where the decoding would only add work, nor on a repeat visit: the service worker keeps
// the usual files, and the browser the wasm's compiled code. If one fails, Pyodide gets the usual one.
const SWITCH_BEFORE = 0.15;
function slowNetwork() {
  if (switched || (arrived.get(WASM_URL) ?? 0) > SWITCH_BEFORE * DOWNLOADS.get(WASM_URL)) return judged(false);
  switched = true;
  judged(true);
  plainWasm.abort();
  xzWasm().then(
    (module) => {
      wasmFrom = "xz";
      settle[0](module);
    },
    (error) => {
      console.warn("Trading Table: the xz wasm failed, fetching the usual one.", error);
      settle[1](error);
    },
  );
}

/** The runtime's wasm compiled from its xz file, decoded as it arrives. */
async function xzWasm() {
  const [compiling, kept] = (await xzDecoded(WASM_XZ, WASM_URL)).tee();
  const wasm = new Response(kept).arrayBuffer();
  wasm.catch(() => {}); // the compile reports a failed download
  const module = await WebAssembly.compileStreaming(new Response(compiling, { headers: WASM_HEADERS }));
  wasm.then((bytes) => handOver(WASM_URL, bytes, WASM_HEADERS)).catch(() => {}); // else sw.js downloads it
  return module;
}

/** Pyodide's standard library (a copy for each start of Pyodide): the usual zip if it has all come before the
 * network was judged slow (toXz), else the xz one. */
async function stdlibFile() {
  const come = usualStdlib.then(() => false, () => false);
  if (await Promise.race([come, toXz])) return xzStdlib();
  return (await usualStdlib).clone();
}

let stdlibXz = null; // the standard library's response: from its xz file, or the usual one if that failed

/** The standard library from its xz file, decoded whole here (a copy for each start of Pyodide). */
async function xzStdlib() {
  plainStdlib.abort();
  stdlibXz ??= xzDecoded(`${STDLIB_URL}.xz`, STDLIB_GZ)
    .then((body) => new Response(body).arrayBuffer())
    .then(
      (bytes) => {
        handOver(STDLIB_GZ, bytes).catch(() => {}); // the same zip as the usual file's
        return new Response(bytes);
      },
      (error) => {
        console.warn("Trading Table: the xz standard library failed, fetching the usual one.", error);
        return usualZip();
      },
    );
  return (await stdlibXz).clone();
}

// xz-embedded's decoder, as xzwasm builds it to wasm (build.py, vendor_xz); its exports are driven here.
// create_context() returns a context whose first 32-bit words are the size of its two buffers, then an
// xz_buf: in, in_pos, in_size, out, out_pos. supply_input(context, n) says the input buffer holds n new
// bytes (0: the file has ended); get_next_output(context) decodes into the output buffer what it can, and
// returns 0 (more to come), 1 (the end, once it was said) or an error code.
const [SIZE, IN, OUT, OUT_POS] = [0, 1, 4, 5];
let xzModule = null; // compiled on a first use

/** An xz file's bytes, decoded as they arrive; its bytes are counted as arrived bytes of url (scaled by its
 * decoded size: DOWNLOADS), whose contents it has. */
async function xzDecoded(file, url) {
  xzModule ??= WebAssembly.compileStreaming(plainFetch(XZ));
  const [module, response] = await Promise.all([xzModule, plainFetch(file)]);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  const { exports: xz } = await WebAssembly.instantiate(module);
  const context = xz.create_context();
  const words = () => new Uint32Array(xz.memory.buffer, context, OUT_POS + 1); // anew: the memory grows
  const [size, input, output] = [SIZE, IN, OUT].map((at) => words()[at]);
  let ended = false;
  const decode = (bytes, controller) => {
    let at = 0;
    do {
      const piece = bytes.subarray(at, at + size);
      new Uint8Array(xz.memory.buffer, input, piece.length).set(piece);
      xz.supply_input(context, piece.length);
      at += piece.length;
      let code, full;
      do {
        code = xz.get_next_output(context);
        const state = words();
        full = state[OUT_POS] === size;
        if (state[OUT_POS]) controller.enqueue(new Uint8Array(xz.memory.buffer, output, state[OUT_POS]).slice());
        state[OUT_POS] = 0;
      } while (code === 0 && full);
      if (code > 1) throw new Error(`${file}: damaged (xz error ${code})`);
      ended = code === 1;
    } while (at < bytes.length);
  };
  const length = Number(response.headers.get("Content-Length"));
  const decoding = new TransformStream({
    transform: (chunk, controller) => chunk.length && decode(chunk, controller), // none would say "the end"
    flush(controller) {
      decode(new Uint8Array(), controller);
      if (!ended) throw new Error(`${file}: cut short`);
    },
  });
  return response.body.pipeThrough(counting(url, length ? DOWNLOADS.get(url) / length : 0)).pipeThrough(decoding);
}

// The service worker precaches the usual wasm and standard library (sw.js) after a first visit, which would
// download them again after an xz start: their decoded bytes (the wasm once it has compiled) are handed over
// instead in a cache of their own (HANDOFF), which the service worker's install takes them from and then
// deletes (its `tt-` name has sw.js's prune() delete one left behind). So is the standard library gunzipped
// on any first visit: the next ones then have no gzip to undo. Not on a page that registers no service
// worker (an embed: the page's first message says), where the cache would stay unused.
const HANDOFF = "{{HANDOFF}}";
let precached; // whether the page registers the service worker (its first message: start)
const precaching = new Promise((resolve) => (precached = resolve));

/** Hand a decoded file over to the service worker's precache as url's, if the page has one. */
async function handOver(url, bytes, headers = {}) {
  if (!(await precaching) || typeof caches === "undefined") return;
  const cache = await caches.open(HANDOFF);
  await cache.put(url, new Response(bytes, { headers }));
}

const standIns = new WeakSet();
const standIn = () => {
  const response = new Response(null, { headers: WASM_HEADERS });
  standIns.add(response);
  return response;
};
const instantiateStreaming = WebAssembly.instantiateStreaming;
async function instantiate(source, imports) {
  const response = await source;
  if (!standIns.has(response)) return instantiateStreaming(response, imports);
  const module = await compiled.catch(() => null);
  if (!module) return instantiateStreaming(plainFetch(WASM_URL), imports);
  return { module, instance: await WebAssembly.instantiate(module, imports) };
}
WebAssembly.instantiateStreaming = async (source, imports) => {
  const result = await instantiate(source, imports);
  if (restoring) unmix(await restoring, result.instance.exports);
  restoring = null;
  return result;
};

// The image being restored (a promise of it), until the wasm is instantiated: the build stored the start
// of its heap XOR the memory a new instance has (build.py, xor_memory: the wasm's data segments, which the
// wasm carries anyway, gzip to almost nothing so). Undone here, before Pyodide copies the image in.
let restoring = null;

/** XOR the image's heap, up to the instance's heap base, with the new instance's memory, in place. */
function unmix(image, exports) {
  const words = (bytes) => new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const start = words(image.subarray(0, 8))[1]; // the header says where the heap starts (a multiple of 16)
  const memory = new Uint8Array(exports.memory.buffer);
  const length = Math.min(exports.__heap_base.value, memory.length, image.length - start) & ~3;
  const heap = words(image.subarray(start, start + length));
  const fresh = words(memory.subarray(0, length));
  for (let i = 0; i < heap.length; i++) heap[i] ^= fresh[i];
}

/** How much of those downloads has arrived, from 0 to 1 (of the wheels, the page's own: pages differ). */
function downloaded() {
  const waited = [...DOWNLOADS.keys()].filter((url) => arrived.has(url) || !url.endsWith(".whl"));
  const total = waited.reduce((sum, url) => sum + DOWNLOADS.get(url), 0);
  const got = waited.reduce((sum, url) => sum + Math.min(arrived.get(url) ?? 0, DOWNLOADS.get(url)), 0);
  return total ? got / total : 1;
}

async function loadPyodide(options = {}) {
  const { loadPyodide: startPyodide } = await runtime;
  // -OO, as the build's snapshot has it (build.py, SNAPSHOT_JS): either start runs the same Python, and the
  // trimmed standard library's docstrings are emptied (tools/minify_python.py).
  const config = { ...options, indexURL: INDEX_URL, env: { PYTHONOPTIMIZE: "2" } };
  if (STDLIB) config.stdLibURL = STDLIB_URL;
  if (image) {
    try {
      restoring = image;
      const pyodide = await startPyodide({ ...config, _loadSnapshot: image });
      // The image froze `random`'s state (and the str hash seed, which stays per build): reseed.
      pyodide.pyimport("random").seed();
      started = "snapshot";
      return pyodide;
    } catch (error) {
      restoring = null;
      console.warn("Trading Table: the start-up snapshot failed, starting Pyodide without it.", error);
    }
  }
  started = "fresh";
  return startPyodide(config);
}

// Part 2, the page's Python.

const BRIDGE = new URL("./tt_bridge.py", import.meta.url);
const HOME = "/home/pyodide";
const PROGRESS_MS = 250; // how often the loading bar hears how much has downloaded
const waiting = [];
let receive = null;

// What the worker posts in one run (Python's handling of a message, a timer's callback) reaches the page as
// one message, a JSON array of ops, which the page carries out in one task: a tap's new board and its `done`
// come together (apart, an Enter or a tap between them met a new board that still waited, and was dropped).
const outbox = [];
globalThis.ttPost = (text) => {
  if (!outbox.length) queueMicrotask(() => postMessage(`[${outbox.splice(0).join(",")}]`));
  outbox.push(text);
};
const post = (message) => ttPost(JSON.stringify(message));

// Pyodide starts as soon as the worker runs, not when the page's first message comes: its runtime's
// downloads then begin beside the snapshot's (the page's message waits for the script and a worker busy
// unpacking the snapshot).
const python = loadPyodide();
python.catch(() => {}); // reported when start() awaits it
globalThis.ttPython = python; // the page's Python (a promise of Pyodide), for tests and a developer's console

/** A file's response, or an error naming it. */
async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

/** Show an error on the page (a PythonError's message is its traceback). */
const report = (error) => post({ op: "error", message: error?.message || String(error) });

/** The message text Python gets; what Python raises reaches the page. */
function deliver(text) {
  try {
    receive(text);
  } catch (error) {
    report(error);
  }
}

async function start(first) {
  precached(Boolean(first.offline));
  // The wheels are needed only once Python is up: they download after the runtime's wasm (on a slow network,
  // while Python starts), not beside it, where they would hold back the wasm, and so the start, by their size.
  const wasm = compiled.catch(() => {});
  const wheels = first.wheels.map(async (url) => {
    await wasm;
    return new Uint8Array(await (await fetched(new URL(url))).arrayBuffer());
  });
  // So do the page's ES modules (tt_crypto.mjs: 130 KB gzipped, which the runtime's wasm need not share the
  // network with); main.py runs once they have (its start uses them).
  const imports = (first.imports ?? []).map(async (url) => {
    await wasm;
    return import(url);
  });
  const modules = (first.modules ?? []).map((url) => new URL(url));
  const sources = [BRIDGE, ...modules, new URL(first.python)].map(async (url) => (await fetched(url)).text());
  for (const download of [...wheels, ...sources, ...imports]) download.catch(() => {}); // reported when awaited
  for (const url of first.wheels) if (!arrived.has(url) && DOWNLOADS.has(url)) arrived.set(url, 0); // counted
  const loading = () => post({ op: "progress", text: "loading", part: downloaded() });
  loading();
  const ticker = setInterval(loading, PROGRESS_MS);
  const pyodide = await python.finally(() => {
    clearInterval(ticker);
    loading(); // where it got to: the runtime has all come, if not the wheels
  });
  post({ op: "started", how: started, wasm: wasmFrom });
  post({ op: "progress", text: "preparing" });
  // Each wheel goes on sys.path as it is (Python imports from the zip: nothing to unpack), in HOME under
  // its own name, where the build's snapshot had it (build.py, WHEELS_JS): the image's imports and its
  // record of the zip's contents then hold.
  const path = pyodide.pyimport("sys").path;
  for (const [i, wheel] of wheels.entries()) {
    const file = `${HOME}/${new URL(first.wheels[i]).pathname.split("/").pop()}`;
    pyodide.FS.writeFile(file, await wheel);
    if (!path.count(file)) path.insert(0, file);
  }
  path.destroy();
  const [bridge, ...texts] = await Promise.all(sources);
  const page = `tt_page_${new URL(first.python).pathname.split("/").at(-2)}`;
  const names = modules.map((url) => url.pathname.split("/").pop().replace(/\.py$/, ""));
  const own = [["tt_bridge", bridge], ...names.map((name, i) => [name, texts[i]]), [page, texts.at(-1)]];
  // The build's snapshot has imported them already (build.py, SNAPSHOT_JS), each keeping its source: those
  // modules serve if they are of the very sources fetched, else they are imported now. (Imported, not
  // runPython'd: runPython parses into an `ast` tree first, several times slower in wasm.)
  const imported = pyodide.pyimport("sys").modules;
  const made = own.every(([name, source]) => imported.get(name)?.__tt_source__ === source);
  for (const [name, source] of own) {
    pyodide.FS.writeFile(`${HOME}/${name}.py`, source);
    if (!made) imported.pop(name, null);
  }
  imported.destroy();
  await Promise.all(imports);
  receive = pyodide.pyimport(page).receive;
  for (const text of waiting.splice(0)) deliver(text);
}

self.onmessage = (event) => {
  const text = event.data;
  if (receive) return deliver(text);
  waiting.push(text);
  if (waiting.length === 1) {
    start(JSON.parse(text)).catch(report);
  }
};
