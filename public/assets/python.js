// The page side of a Python page whose Python runs in a Web Worker (web/assets/worker.mjs), so the page
// never freezes while Python starts or bots think. Loaded as a classic script in <head>, after boot.js:
//   <script src="assets/python.js" data-worker="assets/worker.mjs" data-python="./main.py"
//           data-wheels="wheels/a.whl wheels/b.whl" data-storage="prefix- other-prefix"></script>
// and, on a page that needs them, data-modules (Python modules the worker writes beside main.py) and
// data-imports (ES modules the worker imports before main.py runs): the table page's tt_crypto.py and .mjs.
// It starts the worker at once, sends it what the person does ({ev: ...} as JSON text: a click's data-*
// attributes, the speed tool, the sheet opening and closing, explanations and rules asked for by play.js)
// and carries out what Python asks ({op: ...}): paint the board, store, change the address, go, download,
// show the sheet, a notice or an error; `done` ends each tap. What the worker posts in one run comes as
// one message (an array of ops), carried out in order: a paint's board is parsed at once and put in a frame
// later, with the ops after it in that task (a tap's new board is never shown still waiting).
// The start message carries the page's address, language, <meta name="tt-..."> settings and what this
// browser stored under data-storage's prefixes.
// WebRTC exists only here, so rtc.* ops and events carry a peer connection's signalling and data channel
// for Python, which seals and relays them. No rule lives here.
// A quick start, where the page's script tag names its build (data-build: the play and table pages): a
// paint Python marks `keep` is kept for this address, and a seedless link's next deal made ahead (`next`)
// for that link. A visit that finds one of this build paints it at once (<html data-quick> until Python
// paints), so the board is there before Python is up; a tap on it waits in the worker (web/play/main.py
// handles it after the deal, web/table/main.py once the host has answered). Python's start says whether a
// board was shown so. A deal made ahead is used once: its seed goes to Python with the start.
(() => {
  "use strict";
  const TT = globalThis.TradingTable;
  const script = document.currentScript;
  const root = document.documentElement;
  const CLICKABLE = [
    "action", "select", "handover", "undo", "lang", "dismiss", "hint", "play-again", "rematch", "new-game",
    "record", "replay-link", "seat-bot", "seat-free", "admit", "refuse", "replay-step", "recent",
    "review", "review-stop",
  ].map((name) => `[data-${name}]`).join(",");
  const CHANGING = "[data-speed],[data-replay-viewer],[data-replay-scrub],[data-record-file]";
  const TURN = { en: "Your turn", ja: "あなたの番" };
  const STEPS = {
    loading: { en: "Loading the Python runtime", ja: "Python を読み込み中" },
    preparing: { en: "Setting up the games", ja: "ゲームを準備中" },
    dealing: { en: "Shuffling", ja: "シャッフル中" },
    connecting: { en: "Connecting to the table", ja: "テーブルに接続中" },
  };
  const worker = new Worker(new URL(script.dataset.worker, script.src), { type: "module" });
  const send = (message) => worker.postMessage(JSON.stringify(message));
  const early = []; // ops that came before the page was parsed
  const build = script.dataset.build;
  const href = location.href; // the link as opened (a deal made ahead for it changes the address at once)
  const QUICK = { paint: "trading-table:paint", next: "trading-table:next" };
  let sheetAnswer = null; // resolves the explanation or rules play.js asked for
  // What the board on screen shows (a paint's `shown`: a table phone's state version), sent with a tap: a
  // newer board may already be on its way from the worker, and the tap was made on this one.
  let shown = null;

  const board = () => document.getElementById("board");
  // An element's data-* attributes (and aria-pressed), as Python reads a tap or a change.
  const dataOf = (el) =>
    Object.fromEntries([...el.attributes].filter((a) => a.name.startsWith("data-") || a.name === "aria-pressed").map((a) => [a.name, a.value]));

  function address(op) {
    if (op.push !== undefined) return history.pushState(null, "", op.push); // Back returns (popstate, below)
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

  // A step's words; while loading, the bar shows how much of the downloads has arrived (`part`, 0 to 1).
  function progress(step, part) {
    const label = document.querySelector("[data-loading-text]");
    if (label && !root.dataset.failed) label.textContent = `${STEPS[step][TT.lang()]}…`;
    const bar = document.querySelector(".loading progress");
    if (part === undefined) bar?.removeAttribute("value");
    else if (bar) bar.value = part;
  }

  const OPS = {
    started: (op) => {
      root.dataset.start = op.how;
      root.dataset.wasm = op.wasm; // "plain", or "xz" (a slow first visit: worker.mjs)
      performance.mark("tt-python-up"); // the runtime is up (benchmarks/startup.py reports when)
    },
    progress: (op) => progress(op.text, op.part),
    load: (op) => {
      progress("dealing");
      send({ ev: "loaded", values: Object.fromEntries(op.keys.map((key) => [key, TT.load(key)])) });
    },
    // `newest`: a later paint waiting behind this one, whose board goes in now in its place (see run).
    paint: (op, made, newest = op) => {
      if (op.keep && newest === op) keep(QUICK.paint, { link: here(), html: op.html, lang: op.lang, over: op.over, shown: op.shown });
      shown = newest.shown ?? null;
      if (op.quick) root.dataset.quick = "1";
      else delete root.dataset.quick;
      TT.paint(board(), newest.html, made);
      board().classList.remove("tt-preview");
      board().removeAttribute("aria-busy");
      board().inert = false;
      root.lang = op.lang;
      if (op.transport) board().dataset.transport = op.transport;
      entitle(op);
      if (op.top) window.scrollTo(0, 0); // another record opened from the list below the board
      if (op.ready === false) return;
      root.dataset.ready = "1";
      document.querySelector(".loading [data-help]")?.remove(); // the board's own one is there now
      if (op.over) root.dataset.gameOver = "1";
      else if (root.dataset.gameOver) {
        root.removeAttribute("data-game-over");
        window.scrollTo(0, 0); // a new game (a rematch) after the end: start at its top, not at the end panel
      }
    },
    received: (op) => (window.ttReceived ||= []).push(...(op.text === null ? [] : [op.text])), // for tests
    warn: (op) => console.warn(...op.parts),
    texts: (op) => {
      for (const label of document.querySelectorAll("[data-text]")) label.textContent = op.texts[label.dataset.text] ?? "";
    },
    hide: (op) => document.querySelectorAll(op.selector).forEach((el) => (el.hidden = op.hidden)),
    "rtc.new": (op) => rtcNew(op.peer, op.offer),
    "rtc.signal": (op) => rtc(op.peer, (pc) => rtcSignal(op.peer, pc, op.data)),
    "rtc.send": (op) => {
      const channel = channels.get(op.peer);
      if (channel?.readyState === "open") channel.send(op.text);
      else rtcEvent(op.peer, { open: false, unsent: op.text }); // it closed meanwhile: Python sends it by the relay
    },
    "rtc.close": (op) => {
      peers.get(op.peer)?.close();
      peers.delete(op.peer);
      channels.delete(op.peer);
    },
    store: (op) => TT.store(op.key, op.value),
    next: (op) => keep(QUICK.next, { ...op, link: here(href) }), // {seed, query, html, lang, over}
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
    notice: (op) => TT.notice(op.message),
  };

  // WebRTC for Python: one peer connection per peer id; its work runs in order (a promise chain).
  const peers = new Map();
  const channels = new Map();
  const chains = new Map();
  const rtcEvent = (peer, data) => send({ ev: "rtc", peer, ...data });
  const rtc = (peer, work) => {
    const pc = peers.get(peer);
    if (!pc) return;
    const next = (chains.get(peer) ?? Promise.resolve()).then(() => work(pc));
    chains.set(peer, next.catch((error) => console.warn(`WebRTC with ${peer} failed:`, error)));
  };
  const description = (d) => ({ sdp: { type: d.type, sdp: d.sdp } });

  function attach(peer, channel) {
    channel.onmessage = (event) => rtcEvent(peer, { text: typeof event.data === "string" ? event.data : null });
    channel.onopen = () => rtcEvent(peer, { open: true });
    channel.onclose = () => rtcEvent(peer, { open: false });
    channels.set(peer, channel);
  }

  // STUN/TURN servers from the build (TT_ICE_SERVERS, <meta name="tt-ice">); none: direct channels open
  // only where the devices reach each other (one Wi-Fi), else everything goes through the relay.
  function iceServers() {
    try {
      const servers = JSON.parse(document.querySelector('meta[name="tt-ice"]')?.content || "[]");
      return Array.isArray(servers) ? servers : [];
    } catch {
      return [];
    }
  }

  function rtcNew(peer, offer) {
    const pc = new RTCPeerConnection({ iceServers: iceServers() });
    peers.set(peer, pc);
    pc.onicecandidate = (event) => event.candidate && rtcEvent(peer, { signal: { candidate: event.candidate.toJSON() } });
    if (!offer) pc.ondatachannel = (event) => attach(peer, event.channel);
    else {
      attach(peer, pc.createDataChannel("game"));
      rtc(peer, async () => {
        await pc.setLocalDescription(await pc.createOffer());
        rtcEvent(peer, { signal: description(pc.localDescription) });
      });
    }
  }

  async function rtcSignal(peer, pc, data) {
    const sdp = data?.sdp;
    if (sdp && (sdp.type === "offer" || sdp.type === "answer")) {
      await pc.setRemoteDescription({ type: sdp.type, sdp: String(sdp.sdp) });
      if (sdp.type === "offer") {
        await pc.setLocalDescription(await pc.createAnswer());
        rtcEvent(peer, { signal: description(pc.localDescription) });
      }
    } else if (data?.candidate && typeof data.candidate === "object") await pc.addIceCandidate(data.candidate);
  }

  // A quick start's record: kept with the build, and found only for the same build and address.
  const here = (url = location.href) => {
    const { pathname, search } = new URL(url);
    return pathname + search;
  };
  const keep = (key, record) => TT.store(key, JSON.stringify({ build, ...record }));
  function kept(key) {
    try {
      const record = JSON.parse(TT.load(key));
      return record?.build === build && record.link === here(href) ? record : null;
    } catch {
      return null; // nothing kept, or not readable
    }
  }
  let ahead = null; // the seed of a deal made ahead
  let quick = null; // the board shown at once, if any
  if (build) {
    const next = kept(QUICK.next);
    if (next) {
      TT.forget(QUICK.next);
      ahead = next.seed;
      address({ query: next.query });
    }
    quick = next ?? kept(QUICK.paint);
    if (quick) early.push({ op: "paint", html: quick.html, lang: quick.lang, over: quick.over, shown: quick.shown, quick: true });
  }

  // The tab's title: a paint may name what is played (`title`: the game, the table), before the site's name.
  // A phone at a table (a paint with `turn`): when its seat comes to act, it buzzes once (where the browser
  // lets a page vibrate: once the person has tapped it) and its tab's title says so until it has acted.
  // Its parts are separated as the board's lines are (engine/render.py, SEPARATORS).
  const SEPARATOR = { en: " · ", ja: "・" };
  const site = document.title.split(/ · |・/).at(-1);
  let title = document.title;
  let turn = false;
  let tapped = false;
  for (const kind of ["pointerdown", "keydown"]) addEventListener(kind, () => (tapped = true), { capture: true, once: true });
  function entitle(op) {
    const separator = SEPARATOR[root.lang] ?? SEPARATOR.en;
    if (op.title) title = `${op.title}${separator}${site}`;
    if (op.turn && !turn && tapped) navigator.vibrate?.(200);
    if (op.turn !== undefined) turn = op.turn;
    document.title = turn ? `${TURN[root.lang] ?? TURN.en}${separator}${title}` : title;
    const heading = document.querySelector("h1[data-title]"); // the page's heading: what is played
    if (heading && title && heading.textContent !== title) heading.textContent = title;
  }

  // The ops run in order. A paint's new board is made (parsed) at once and painted in the next frame, the ops
  // after it waiting (a tap's `done` comes once its board is in): so a big change is two frames' work, neither
  // a long one. The first paint (over the preview) goes in at once, and so does any while no one sees the page.
  // Where later paints wait behind a paint (bots moving faster than the page draws: "Instant" on a slow
  // phone), the newest board goes in at once in its place: the ones between would never be seen. Each op
  // still runs in its turn, a later paint of that same board then changing nothing; but what a later op
  // waiting stores again (the game after each move, the board kept for a quick start) is stored once.
  const queue = [];
  let running = false;
  const nextFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => setTimeout(resolve));
      setTimeout(resolve, 100); // the page hidden meanwhile: no frame comes
    });
  async function run(ops) {
    queue.push(...ops);
    if (running) return;
    running = true;
    try {
      while (queue.length) {
        const op = queue.shift();
        if (op.op === "store" && queue.some((later) => later.op === "store" && later.key === op.key)) continue;
        const newest = op.op === "paint" ? queue.findLast((later) => later.op === "paint") ?? op : op;
        const made = op.op === "paint" ? TT.make(board(), newest.html) : null;
        if (made && !document.hidden && !board().classList.contains("tt-preview")) await nextFrame();
        OPS[op.op](op, made, newest);
      }
    } finally {
      running = false;
    }
  }
  worker.onmessage = (event) => {
    const ops = JSON.parse(event.data); // what one run of the worker posted, in order (a tap's paint and done)
    if (document.readyState === "loading") early.push(...ops);
    else run(ops);
  };
  worker.onerror = (event) => TT.showError(`The game could not start: ${event.message || "its worker failed to load"}`);

  // play.js asks for these (and awaits them); one sheet is asked for at a time.
  // Bots pause from the tap on: the sheet's opening is sent before the question (a move answered in
  // between would change the board under the sheet).
  const ask = (message) =>
    new Promise((resolve) => {
      sheetAnswer = resolve;
      send({ ev: "sheet", open: true });
      send(message);
    });
  TT.explain = (key) => ask({ ev: "explain", key });
  TT.rules = () => ask({ ev: "rules" });

  const stored = {};
  const prefixes = (script.dataset.storage ?? "").split(" ").filter(Boolean); // what the page's Python reads
  for (const key of TT.keys()) if (prefixes.some((prefix) => key.startsWith(prefix))) stored[key] = TT.load(key);
  // A data-* list of URLs (relative to the page), as absolute ones.
  const urls = (list) => (list ?? "").split(" ").filter(Boolean).map((url) => new URL(url, location.href).href);
  const settings = Object.fromEntries([...document.querySelectorAll('meta[name^="tt-"]')].map((m) => [m.name, m.content]));
  send({
    ev: "start",
    python: new URL(script.dataset.python, location.href).href,
    wheels: urls(script.dataset.wheels),
    modules: urls(script.dataset.modules),
    imports: urls(script.dataset.imports),
    href,
    seed: ahead,
    quick: Boolean(quick),
    language: navigator.language,
    settings,
    stored,
    offline: TT.offline(), // the service worker will precache the site (every page of this script has offline.js)
  });

  addEventListener("DOMContentLoaded", () => {
    progress("loading"); // in the page's language from the start (the worker's first word may come later)
    run(early.splice(0));
    const sheet = document.getElementById("sheet");
    if (sheet) {
      new MutationObserver(() => send({ ev: "sheet", open: sheet.open })).observe(sheet, {
        attributes: true,
        attributeFilter: ["open"],
      });
    }
  });

  addEventListener("popstate", () => send({ ev: "popstate", href: location.href }));

  // One tap at a time: until Python has answered it (<html data-busy>), a second tap on the board, which
  // shows what was before the first, does nothing.
  document.addEventListener("click", (event) => {
    const target = event.target.closest(CLICKABLE);
    if (!target) return;
    if (root.dataset.busy) return event.preventDefault();
    root.dataset.busy = "1";
    send({ ev: "click", attrs: dataOf(target), shown });
  });
  // A changed choice (a select's value, a chosen file's text) and a sent form (its fields).
  document.addEventListener("change", async (event) => {
    const target = event.target;
    if (!target.matches(CHANGING)) return;
    const value = target.type === "file" ? await target.files[0]?.text() : target.value;
    if (value !== undefined) send({ ev: "change", attrs: dataOf(target), value });
  });
  document.addEventListener("submit", (event) => {
    if (!event.target.matches("[data-python-form]")) return;
    event.preventDefault();
    send({ ev: "submit", attrs: dataOf(event.target), fields: Object.fromEntries(new FormData(event.target)) });
  });
})();
