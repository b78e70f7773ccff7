/* Trading Table embeds (README: "Embed a game in a blog post"):
 *   <script src="https://SITE/embed.js" async></script>
 *   <div data-trading-table="futures" data-players="4" data-lang="ja"></div>
 * Every data-* attribute but the frame's own (title, width, height) goes into the play link, so a
 * game's options work too: <div data-trading-table="mercator" data-open="1"></div>.
 * Each such element becomes an iframe of SITE/embed/ (a still of the board and Play); Play turns it
 * into SITE/play/?...&embed=1, which loads Python. One global (TradingTableEmbed); the iframes are
 * styled inline with !important, which beats the host page's style sheets. */
(() => {
  "use strict";
  if (window.TradingTableEmbed) return window.TradingTableEmbed.scan(); // included twice

  const site = new URL(".", document.currentScript.src); // embed.js is at the site's root
  const TITLES = {{EMBED_TITLES}}; // a frame's title by game and language until the frame gives its own (build.py)
  const FRAME_ONLY = ["tradingTable", "title", "width", "height"]; // the rest is the play link's
  const frames = new Map(); // frame id -> {element, iframe, fixed}
  let queue = Promise.resolve();
  const px = (value) => (/^\d+$/.test(value) ? `${value}px` : value);

  function mount(element) {
    if ([...frames.values()].some((frame) => frame.element === element)) return;
    const data = element.dataset;
    const id = `tt-embed-${frames.size + 1}`;
    const options = new URLSearchParams({ game: data.tradingTable || "{{PREVIEW_GAME}}" });
    for (const [name, value] of Object.entries(data)) if (value && !FRAME_ONLY.includes(name)) options.set(name, value);
    // The frame's id for its messages, and the only origin it sends them to.
    options.set("embed", "1");
    options.set("frame", id);
    options.set("host", location.origin);

    const iframe = document.createElement("iframe");
    // allow-same-origin keeps the site's origin in the frame, so Pyodide fetches its runtime
    // without CORS and the game saves in localStorage (an opaque origin can do neither). The frame
    // is still another origin than the host page: neither can touch the other's DOM. No popups,
    // forms or top navigation.
    iframe.setAttribute("sandbox", "allow-scripts allow-same-origin");
    const titles = TITLES[options.get("game")];
    iframe.title = data.title || (titles ? titles[data.lang === "ja" ? "ja" : "en"] : "Trading Table");
    const style = {
      display: "block",
      "box-sizing": "border-box",
      width: px(data.width || (data.size === "compact" ? "420px" : "100%")),
      "max-width": "100%",
      height: px(data.height || "420px"), // until the frame tells its height
      margin: "1em 0",
      border: "1px solid #8888",
      "border-radius": "8px",
    };
    for (const [name, value] of Object.entries(style)) iframe.style.setProperty(name, value, "important");
    frames.set(id, { element, iframe, fixed: Boolean(data.height) });

    // Options go in the #fragment, so all embeds load one URL, one after another: the first
    // fetches the preview, the others get it from the browser's cache.
    queue = queue.then(
      () =>
        new Promise((next) => {
          iframe.addEventListener("load", next, { once: true });
          setTimeout(next, 4000); // a slow frame holds the others back 4 s at most
          iframe.src = new URL(`embed/#${options}`, site);
          element.replaceChildren(iframe); // drops fallback content, e.g. a link
        }),
    );
  }

  function scan() {
    for (const element of document.querySelectorAll("[data-trading-table]")) mount(element);
  }

  // A frame posts {type: "trading-table:height", id, height, title} on every paint and resize; it counts
  // only if it comes from the site's origin and from the window of the iframe with that id. Its title
  // names the frame (unless the host's data-title does): the game played, "Your turn" when it is.
  addEventListener("message", (event) => {
    const { type, id, height, title } = event.data || {};
    const frame = frames.get(id);
    if (type !== "trading-table:height" || !frame) return;
    if (event.origin !== site.origin || event.source !== frame.iframe.contentWindow) return;
    if (typeof title === "string" && title && !frame.element.dataset.title) frame.iframe.title = title.slice(0, 200);
    const pixels = Math.ceil(Number(height)) + 2; // + the borders
    if (!frame.fixed && pixels > 2 && pixels < 1e5) frame.iframe.style.setProperty("height", `${pixels}px`, "important");
  });

  window.TradingTableEmbed = { scan };
  scan();
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", scan);
})();
