// The page side of a Python page whose Python runs in a Web Worker (web/assets/worker.mjs), so the page
// never freezes while Python starts or bots think. Loaded as a classic script in <head>, after boot.js:
//   <script src="assets/python.js" data-worker="assets/worker.mjs" data-python="./main.py"></script>
// It starts the worker at once, sends it what the person does ({ev: ...} as JSON text: a click's data-*
// attributes, the speed tool, the sheet opening and closing, explanations and rules asked for by play.js)
// and carries out what Python asks ({op: ...}): paint the board, store, change the address, go, download,
// show the sheet or an error; `done` ends each message. No rule lives here.
(() => {
  "use strict";
  const TT = globalThis.TradingTable;
  const script = document.currentScript;
  const root = document.documentElement;
  const CLICKABLE = [
    "action", "select", "handover", "undo", "lang", "dismiss", "hint", "play-again", "rematch", "new-game",
    "record", "replay-link",
  ].map((name) => `[data-${name}]`).join(",");
  const STEPS = {
    loading: { en: "Loading the Python runtime", ja: "Python を読み込み中" },
    unpacking: { en: "Unpacking the games", ja: "ゲームを展開中" },
    dealing: { en: "Shuffling", ja: "シャッフル中" },
  };
  const worker = new Worker(new URL(script.dataset.worker, script.src), { type: "module" });
  const send = (message) => worker.postMessage(JSON.stringify(message));
  const early = []; // ops that came before the page was parsed
  let sheetAnswer = null; // resolves the explanation or rules play.js asked for

  const lang = () => new URLSearchParams(location.search).get("lang") || (navigator.language.startsWith("ja") ? "ja" : "en");
  const board = () => document.getElementById("board");

  function address(op) {
    if (op.query !== undefined) return history.replaceState(null, "", `?${op.query}`);
    const params = new URLSearchParams(location.search);
    for (const name of ["pace", "lang"]) if (op[name] !== undefined) params.set(name, op[name]);
    history.replaceState(null, "", `?${params}`);
  }

  function download(op) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([op.text], { type: "application/json" }));
    link.download = op.name;
    link.click();
  }

  function showLink(op) {
    const url = new URL(op.url, location.href).href;
    const shown = document.createElement("p");
    const anchor = document.createElement("a");
    anchor.href = anchor.textContent = url;
    anchor.dataset.replayHref = "1";
    shown.className = "tt-link";
    shown.append(anchor);
    document.querySelector("[data-replay-link]")?.closest("section")?.append(shown);
    navigator.clipboard?.writeText(url).catch(() => {});
  }

  function progress(step) {
    const label = document.querySelector("[data-loading-text]");
    if (label && !root.dataset.failed) label.textContent = `${STEPS[step][lang()]}…`;
  }

  const OPS = {
    started: (op) => (root.dataset.start = op.how),
    progress: (op) => progress(op.text),
    load: (op) => {
      progress("dealing");
      send({ ev: "loaded", values: Object.fromEntries(op.keys.map((key) => [key, TT.load(key)])) });
    },
    paint: (op) => {
      TT.paint(board(), op.html);
      board().classList.remove("tt-preview");
      root.lang = op.lang;
      root.dataset.ready = "1";
      if (op.over) root.dataset.gameOver = "1";
      else root.removeAttribute("data-game-over");
    },
    store: (op) => TT.store(op.key, op.value),
    address,
    go: (op) => location.assign(new URL(op.url, location.href)),
    download,
    link: showLink,
    busy: (op) => {
      for (const tool of document.querySelectorAll(op.selector)) {
        tool.disabled = true;
        tool.setAttribute("aria-busy", "true");
      }
    },
    sheet: (op) => sheetAnswer?.(op.html),
    done: () => delete root.dataset.busy,
    error: (op) => TT.showError(op.message),
  };

  const run = (op) => OPS[op.op](op);
  worker.onmessage = (event) => {
    const op = JSON.parse(event.data);
    if (document.readyState === "loading") early.push(op);
    else run(op);
  };
  worker.onerror = (event) => TT.showError(`The game could not start: ${event.message || "its worker failed to load"}`);

  // play.js asks for these (and awaits them); one sheet is asked for at a time.
  const ask = (message) =>
    new Promise((resolve) => {
      sheetAnswer = resolve;
      send(message);
    });
  TT.explain = (key) => ask({ ev: "explain", key });
  TT.rules = () => ask({ ev: "rules" });

  send({ ev: "start", python: new URL(script.dataset.python, location.href).href, search: location.search, language: navigator.language });

  addEventListener("DOMContentLoaded", () => {
    early.splice(0).forEach(run);
    const sheet = document.getElementById("sheet");
    if (sheet) {
      new MutationObserver(() => send({ ev: "sheet", open: sheet.open })).observe(sheet, {
        attributes: true,
        attributeFilter: ["open"],
      });
    }
  });

  // One tap at a time: until Python has answered it (<html data-busy>), a second tap on the board, which
  // shows what was before the first, does nothing.
  document.addEventListener("click", (event) => {
    const target = event.target.closest(CLICKABLE);
    if (!target) return;
    if (root.dataset.busy) return event.preventDefault();
    root.dataset.busy = "1";
    const attrs = {};
    for (const { name, value } of target.attributes) if (name.startsWith("data-") || name === "aria-pressed") attrs[name] = value;
    send({ ev: "click", attrs });
  });
  document.addEventListener("change", (event) => {
    if (event.target.hasAttribute("data-speed")) send({ ev: "speed", value: event.target.value });
  });
})();
