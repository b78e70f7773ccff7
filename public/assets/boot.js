// Page status, loaded as a classic script first: shows every error (JS exceptions, rejected promises,
// failed loads, console.error) in the page's role="alert" element; python.js shows Python's there too
// with `TradingTable.showError(message)`, and what is no failure with `TradingTable.notice(message)`; it
// keeps the game with `TradingTable.load(key)` / `TradingTable.store(key, value)` (and `forget(key)`,
// `keys()`): where the browser blocks storage (a third-party frame, some private windows) they say so once
// on the page and play goes on unsaved.
(() => {
  "use strict";
  const pending = [];

  const FAILED = { en: "Something went wrong:", ja: "問題が起きました：" };
  const text = (value) => value?.stack || value?.message || String(value);

  function showError(message) {
    const box = document.querySelector('[role="alert"]');
    if (!box) {
      pending.push(message);
      return;
    }
    const entry = document.createElement("pre");
    entry.textContent = String(message);
    box.append(entry);
    box.hidden = false;
    document.documentElement.dataset.failed = "1";
    const label = document.querySelector("[data-loading-text]");
    if (label) label.textContent = FAILED[lang()];
  }

  addEventListener("DOMContentLoaded", () => pending.splice(0).forEach(showError));
  addEventListener(
    "error",
    (event) => {
      if (event instanceof ErrorEvent) showError(event.error ? text(event.error) : event.message);
      else showError(`Could not load ${event.target.src || event.target.href || event.target}`);
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => showError(text(event.reason)));

  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    consoleError(...args);
    showError(args.map(text).join(" "));
  };

  const UNSAVED = {
    en: "This browser does not let the page store anything here, so a reload starts afresh.",
    ja: "このブラウザではここに保存できないため、再読み込みすると最初からになります。",
  };
  let warned = false;

  // A note above the alert box about something that is no failure: play goes on (role="status").
  function notice(message) {
    const note = document.createElement("p");
    note.className = "tt-notice";
    note.setAttribute("role", "status");
    note.textContent = message;
    const say = () => document.querySelector('[role="alert"]')?.before(note);
    if (document.readyState === "loading") addEventListener("DOMContentLoaded", say);
    else say();
  }

  // The result of `use(localStorage)`, or null (said once on the page) if the browser refuses.
  function storage(use) {
    try {
      return use(localStorage);
    } catch {
      if (!warned) {
        warned = true;
        notice(UNSAVED[lang()]);
      }
      return null;
    }
  }
  // The page's language before Python says: the link's, else the browser's ("ja" or "en"), as the engine picks.
  const lang = () => ((new URLSearchParams(location.search).get("lang") || navigator.language).startsWith("ja") ? "ja" : "en");
  const load = (key) => storage((s) => s.getItem(key));
  const store = (key, value) => storage((s) => s.setItem(key, value));
  const forget = (key) => storage((s) => s.removeItem(key));
  const keys = () => storage((s) => Object.keys(s)) ?? [];
  // Whether a page with offline.js registers the service worker: not inside another site's frame (an
  // embed), where it would only fill a partitioned cache.
  const offline = () => "serviceWorker" in navigator && window.parent === window;

  globalThis.TradingTable = { showError, notice, load, store, forget, keys, lang, offline };
})();
