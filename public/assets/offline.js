// Offline play: registers the service worker (sw.js, next to the home page), which precaches the site so
// solo and hot-seat games start and play with the network off after one visit. On a Python page it waits
// for <html data-ready="1">, so the precache mostly reuses what the page has just downloaded (and what its
// Python's worker hands over: web/assets/worker.mjs, HANDOFF). Not in an embed (TradingTable.offline).
(() => {
  "use strict";
  if (!TradingTable.offline()) return;
  const url = new URL("../sw.js", document.currentScript.src);
  const root = document.documentElement;
  const register = () => navigator.serviceWorker.register(url).catch((error) => console.warn("offline play:", error));
  const ready = () => root.dataset.ready === "1";
  addEventListener("load", () => {
    if (!document.querySelector("script[data-worker]") || ready()) return register();
    const watch = new MutationObserver(() => {
      if (!ready()) return;
      watch.disconnect();
      register();
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  });
})();
