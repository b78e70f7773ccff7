// The frame side of embeds (web/embed.js), run by /embed/ (the preview) and /play/. Inside an
// iframe whose link has embed=1 (query or #fragment), it marks <html> with data-embed, data-theme
// and data-size for the styles, and posts the page's height and title (the frame's name for a screen
// reader: the game, "Your turn") to the host on every paint and resize.
(() => {
  "use strict";
  const params = new URLSearchParams(location.search);
  for (const [name, value] of new URLSearchParams(location.hash.slice(1))) params.set(name, value);
  if (params.get("embed") !== "1" || window.parent === window) return;
  const root = document.documentElement;
  root.dataset.embed = "1";
  if (/^(light|dark)$/.test(params.get("theme"))) root.dataset.theme = params.get("theme");
  if (params.get("size") === "compact") root.dataset.size = "compact";

  const host = params.get("host"); // the host page's origin, from embed.js ("null" for file:)
  const post = () => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    const message = { type: "trading-table:height", id: params.get("frame"), height, title: document.title };
    parent.postMessage(message, host && host !== "null" ? host : "*");
  };
  new ResizeObserver(post).observe(root);
  new MutationObserver(post).observe(root, { childList: true, subtree: true }); // every paint
})();
