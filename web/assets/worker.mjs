// The Python of a page, run in a module Web Worker so the page scrolls and answers while Python starts
// and while bots think. No SharedArrayBuffer: it works in a cross-origin embed without isolation.
// The page (public/assets/python.js) starts it with {ev: "start", python: <URL of the page's main.py>,
// wheels: [URL, ...], ...}; this worker starts Pyodide (start.mjs: from the build's snapshot when it
// can), puts the wheels on sys.path, writes tt_bridge.py (the Python half of the bridge) and main.py (as
// tt_page_<the page's folder>.py) to its home, imports that, then hands every message to its
// `receive(text)` as JSON text. Python answers with postMessage(JSON text) ({op: ...}); see python.js.
import { downloaded, loadPyodide, started } from "./start.mjs";

const BRIDGE = new URL("./tt_bridge.py", import.meta.url);
const HOME = "/home/pyodide";
const PROGRESS_MS = 250; // how often the loading bar hears how much has downloaded
const waiting = [];
let receive = null;

const post = (message) => postMessage(JSON.stringify(message));

// Pyodide starts as soon as the worker runs, not when the page's first message comes: its runtime's
// downloads then begin beside the snapshot's (the page's message waits for the script and a worker busy
// unpacking the snapshot).
const python = loadPyodide();
python.catch(() => {}); // reported when start() awaits it

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
  const wheels = first.wheels.map(async (url) => new Uint8Array(await (await fetched(new URL(url))).arrayBuffer()));
  const sources = [BRIDGE, new URL(first.python)].map(async (url) => (await fetched(url)).text());
  for (const download of [...wheels, ...sources]) download.catch(() => {}); // reported when awaited
  const loading = () => post({ op: "progress", text: "loading", part: downloaded() });
  loading();
  const ticker = setInterval(loading, PROGRESS_MS);
  const pyodide = await python.finally(() => clearInterval(ticker));
  post({ op: "started", how: started });
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
  const [bridge, main] = await Promise.all(sources);
  const page = `tt_page_${new URL(first.python).pathname.split("/").at(-2)}`;
  const own = [["tt_bridge", bridge], [page, main]];
  // The build's snapshot has imported them already (build.py, SNAPSHOT_JS), each keeping its source: those
  // modules serve if they are of the very sources fetched, else they are imported now. (Imported, not
  // runPython'd: runPython parses into an `ast` tree first, several times slower in wasm.)
  const modules = pyodide.pyimport("sys").modules;
  const made = own.every(([name, source]) => modules.get(name)?.__tt_source__ === source);
  for (const [name, source] of own) {
    pyodide.FS.writeFile(`${HOME}/${name}.py`, source);
    if (!made) modules.pop(name, null);
  }
  modules.destroy();
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
