// What every game screen shares around the Python board (the play page and the table page):
// - the sheet (a <dialog>): the rules from [data-help], or what a [data-explain] thing is;
// - explanations open from a tap on a thing that is not an action, a long press on anything explained,
//   Enter on a focused one, or any tap while the "i" mode ([data-explain-mode]) is on; playing stays one tap;
// - TradingTable.paint(box, html[, made]): repaints a screen in place (only what changed is touched) and
//   briefly marks the parts of the board that changed (not under prefers-reduced-motion), keeps a <details
//   data-keep> as the person left it, and lets a banner time out; `made`: TradingTable.make(box, html), the
//   new board parsed ahead (python.js makes it a frame before it paints it).
// Python sets TradingTable.explain(key) and TradingTable.rules() (both return markup, or a promise of it
// where Python runs in a worker: python.js). Until Python is up, a [data-help] with data-rules-href (the
// play page's loading box) shows the text of the game's rules page, built by the same Python, and the play
// page's preview (#board.tt-preview) explains its things from the texts the build put beside it
// (<script data-explanations>: catalog.first_explanations); nothing on the preview can be played.
(() => {
  "use strict";
  const TT = globalThis.TradingTable;
  const LONG_PRESS_MS = 500;
  const BANNER_MS = 8000;
  const ACTING = "[data-action],[data-select],[data-handover],[data-undo],button,a,select,input,label";
  const root = document.documentElement;
  const TIP = {
    en: "Meanwhile, tap anything on the board to see what it is.",
    ja: "待つ間、盤面のものをタップすると説明が出ます。",
  };
  let pressTimer = 0;
  let pressStart = null;
  let longPressed = false;
  let bannerTimer = 0;

  const sheet = () => document.getElementById("sheet");

  // The sheet is named by its text's first heading (aria-labelledby="sheet-title"), else by its kind.
  const SHEET = { en: "Explanation", ja: "説明" };
  function openSheet(html) {
    const dialog = sheet();
    const body = dialog.querySelector("[data-sheet-body]");
    body.innerHTML = html;
    dialog.querySelector("[data-close]").setAttribute("aria-label", root.lang === "ja" ? "閉じる" : "Close");
    const heading = body.querySelector("h1,h2,h3");
    if (heading) {
      heading.id = "sheet-title";
      dialog.setAttribute("aria-labelledby", "sheet-title");
      dialog.removeAttribute("aria-label");
    } else {
      dialog.removeAttribute("aria-labelledby");
      dialog.setAttribute("aria-label", SHEET[root.lang] ?? SHEET.en);
    }
    if (!dialog.open) dialog.showModal();
  }

  let previewed = {}; // the preview's explanations, by key
  async function explain(thing) {
    if (thing.closest(".tt-preview")) {
      if (previewed[thing.dataset.explain]) openSheet(previewed[thing.dataset.explain]);
    } else if (TT.explain) openSheet(await TT.explain(thing.dataset.explain));
  }

  // The preview answers a tap on what it explains (a card to play too: a tap, or Enter, explains it);
  // every other control on it is inert.
  function preview(board) {
    const texts = board.querySelector("script[data-explanations]");
    if (!texts) return;
    previewed = JSON.parse(texts.textContent);
    texts.remove();
    for (const control of board.querySelectorAll(ACTING)) {
      if (!control.matches("[data-explain]") && !control.querySelector("[data-explain]")) control.inert = true;
    }
    board.inert = false;
    const tip = document.createElement("span");
    tip.className = "tt-tip";
    tip.textContent = TIP[root.lang] ?? TIP.en;
    document.querySelector(".loading")?.append(tip);
  }

  // The rules text of a game's rules page (the page itself if it cannot be read).
  async function rulesPage(href) {
    const response = await fetch(href);
    if (!response.ok) throw new Error(`${href}: ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const text = page.querySelector("[data-rules-text]");
    if (!text) throw new Error(`${href} has no rules text`);
    return text.innerHTML;
  }

  function stop(event) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  function setExplainMode(on) {
    root.dataset.explaining = on ? "1" : "0";
    for (const b of document.querySelectorAll("button[data-explain-mode]")) b.setAttribute("aria-pressed", String(on));
  }

  document.addEventListener(
    "click",
    (event) => {
      const target = event.target;
      const dialog = sheet();
      if (dialog && (target === dialog || target.closest("[data-close]"))) {
        dialog.close(); // a tap outside the sheet (on its backdrop) or on Close
        return stop(event);
      }
      if (dialog?.contains(target)) return event.stopImmediatePropagation(); // links in the sheet still work
      if (longPressed) {
        longPressed = false;
        return stop(event);
      }
      if (target.closest(".tt-preview")) {
        const thing = target.closest("[data-explain]");
        if (thing) explain(thing);
        return stop(event);
      }
      const help = target.closest("[data-help]");
      if (help?.dataset.rulesHref) {
        rulesPage(help.dataset.rulesHref).then(openSheet, () => location.assign(help.dataset.rulesHref));
        return stop(event);
      }
      if (help) {
        if (TT.rules) Promise.resolve(TT.rules()).then(openSheet);
        return stop(event);
      }
      if (target.closest("button[data-explain-mode]")) {
        setExplainMode(root.dataset.explaining !== "1");
        return stop(event);
      }
      const thing = target.closest("[data-explain]");
      if (thing && (root.dataset.explaining === "1" || !target.closest(ACTING))) {
        explain(thing);
        return stop(event);
      }
    },
    true,
  );

  const cancelPress = () => {
    clearTimeout(pressTimer);
    pressStart = null;
  };
  document.addEventListener("pointerdown", (event) => {
    const thing = event.target.closest("[data-explain]");
    cancelPress();
    if (!thing || sheet()?.contains(thing)) return;
    pressStart = [event.clientX, event.clientY];
    pressTimer = setTimeout(() => {
      longPressed = true;
      explain(thing);
    }, LONG_PRESS_MS);
  });
  document.addEventListener("pointermove", (event) => {
    if (pressStart && Math.hypot(event.clientX - pressStart[0], event.clientY - pressStart[1]) > 10) cancelPress();
  });
  for (const type of ["pointerup", "pointercancel", "scroll"]) document.addEventListener(type, cancelPress, true);
  document.addEventListener("contextmenu", (event) => {
    if (event.target.closest("[data-explain]")) event.preventDefault(); // a long press explains instead
  });
  document.addEventListener("keydown", (event) => {
    // A move drawn in an SVG (role="button") plays on Enter or Space, as a button does.
    const move = event.target.closest?.('[role="button"]:not(button)');
    if ((event.key === "Enter" || event.key === " ") && move && event.target === move) {
      move.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
      return event.preventDefault();
    }
    const thing = event.target.closest?.("[data-explain]");
    if (event.key === "Enter" && thing && event.target === thing && !thing.matches(ACTING)) {
      explain(thing);
      event.preventDefault();
    }
  });

  // What a leaf shows: its text and attributes, not those this script adds after a paint (the class, the
  // tabindex, a hint's rank), which are no change of the game.
  const PAINTED_HERE = ["class", "tabindex", "data-hint-rank"];
  function shows(el) {
    let sign = el.textContent;
    for (const a of el.attributes) if (!PAINTED_HERE.includes(a.name)) sign += `|${a.name}=${a.value}`;
    return sign;
  }

  // From 1024 px wide: the public board in one column, "your" area (.tt-side: prompt, last event, actions,
  // hand, the end) with the hints, undo and log in another, so a whole turn fits one screen. `box` is the
  // page's box, or the fragment a new board is parsed into.
  const wide = () => matchMedia("(min-width: 1024px)").matches;
  function split(box) {
    const board = box.querySelector(".tt-board");
    if (!board || !wide()) return;
    const main = document.createElement("div");
    const aside = document.createElement("div");
    main.className = "tt-main";
    aside.className = "tt-aside";
    for (const el of [...board.children]) (el.classList.contains("tt-side") ? aside : main).append(el);
    // The screen's own parts go in that column too: those above the board (the replay's controls, a table's
    // join link and seats) on top.
    const above = [];
    let below = false;
    for (const el of [...box.children]) {
      if (el === board) below = true;
      else if (!el.matches(".tt-side,.tt-log,.tt-undo,.tt-thinking,.tt-lobby")) continue;
      else if (below) aside.append(el);
      else above.push(el);
    }
    aside.prepend(...above);
    board.append(main, aside);
    board.classList.add("tt-split");
  }

  // The preview, once it is there (the play page's, or its other player count's a moment later).
  let previewing = false;
  function showPreview() {
    const shown = document.querySelector("#board.tt-preview");
    if (!shown?.firstElementChild || previewing) return;
    previewing = true;
    split(shown); // laid out as Python's first paint will be
    preview(shown);
  }
  showPreview();
  document.addEventListener("tt:preview", showPreview);

  // A <details data-keep="name"> stays as the person left it (open or shut) from paint to paint, until a
  // paint's own default for it (its `open` attribute) changes: the table's join link and seats, shut once
  // every seat has its phone, open again when one needs a phone.
  const defaults = new WeakMap(); // each kept <details> as painted: open or not
  function keptDetails(box) {
    const kept = new Map();
    for (const details of box.querySelectorAll("details[data-keep]")) {
      kept.set(details.dataset.keep, { painted: defaults.get(details), open: details.open });
    }
    return kept;
  }
  function keepDetails(box, kept) {
    for (const details of box.querySelectorAll("details[data-keep]")) {
      const before = kept.get(details.dataset.keep);
      defaults.set(details, details.open);
      if (before?.painted === details.open) details.open = before.open;
    }
  }

  // A keyboard player keeps their place through a paint: the control that had the focus has it again when
  // the new markup has it (the same element with the same first data-* attribute, or id: the same move,
  // choice, tool or replay control; a kept <details>' summary), else the first move the board now offers,
  // else its prompt, where the moves come, when a Tab from there leads on within the board (not through the
  // public board first), else the board itself: the next Tab goes on from the board, not from the page's top.
  function identity(el) {
    const keep = el.matches("summary") && el.parentElement.dataset.keep;
    if (keep) return `details[data-keep="${CSS.escape(keep)}"] > summary`;
    const name = mark(el);
    return name && `${el.localName}[${name}="${CSS.escape(el.getAttribute(name))}"]:not([disabled])`;
  }
  // The name of what marks an element out in the markup: its first data-* attribute (not one a paint adds), or id.
  function mark(el) {
    return el.getAttributeNames().find((name) => (name.startsWith("data-") && !PAINTED_HERE.includes(name)) || name === "id");
  }
  const TABBABLE = 'a[href],button:not([disabled]),input,select,summary,[tabindex="0"]';
  function promptOrBox(box) {
    const prompt = box.querySelector(".tt-prompt");
    const onward = prompt && [...box.querySelectorAll(TABBABLE)].some((el) => prompt.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
    return onward ? prompt : box;
  }
  function refocus(box) {
    const had = document.activeElement;
    if (!had || !box.contains(had)) return () => {};
    const same = had !== box && identity(had);
    return () => {
      // Of the controls so marked (a replay's log lines of one step), the one that reads the same.
      const found = same ? [...box.querySelectorAll(same)] : [];
      const next =
        found.find((el) => el.textContent === had.textContent) ||
        found[0] ||
        box.querySelector("[data-action]:not([disabled])") ||
        promptOrBox(box);
      if (!next.matches(TABBABLE)) next.tabIndex = -1;
      next.focus({ preventScroll: true });
    };
  }

  // A hint's moves are marked where they are played, with their rank in its list (a move with no control
  // yet: the next step towards one, data-hint-select); its first mark comes into view when it is new, after
  // each step too (the next stepper may be a row further down), else, when the hint is new, the list (far
  // below on a phone). A paint that leaves the first mark as it was (a banner's dismissal, another choice
  // tapped) leaves the page where the person has it: reading the list, say.
  function markHints(box, shown, was) {
    [...box.querySelectorAll("[data-hint-action]")].forEach((item, rank) => {
      const { hintAction: action, hintSelect: choice } = item.dataset;
      const marked = choice === undefined ? `[data-action="${CSS.escape(action)}"]` : `[data-select="${CSS.escape(choice)}"]`;
      for (const el of box.querySelectorAll(marked)) el.dataset.hintRank ??= rank + 1;
    });
    const list = box.querySelector(".tt-hints");
    const first = box.querySelector('[data-hint-rank="1"]');
    if (list && (first ? identity(first) !== was : !shown)) (first || list).scrollIntoView({ block: "nearest" });
  }

  // What a node is from paint to paint: its kind and its mark (a seat, a square, a move, the banner, the
  // board), else its kind and class (the log, a hand-over screen).
  function key(node) {
    if (node.nodeType !== Node.ELEMENT_NODE) return node.nodeName;
    const name = mark(node);
    return name ? `${node.nodeName} ${name}=${node.getAttribute(name)}` : `${node.nodeName}.${node.getAttribute("class")}`;
  }

  // The pairs [i, j] of the most keys that olds[i] and news[j] share, in order: those the same at the start
  // and at the end paired as they stand, the rest through a table of the longest shared runs.
  function paired(olds, news) {
    let [start, end] = [0, 0];
    const most = Math.min(olds.length, news.length);
    while (start < most && olds[start] === news[start]) start++;
    while (end < most - start && olds[olds.length - 1 - end] === news[news.length - 1 - end]) end++;
    const pairs = Array.from({ length: start }, (_, k) => [k, k]);
    const [m, n] = [olds.length - start - end, news.length - start - end];
    const run = new Uint16Array((m + 1) * (n + 1)); // run[i * (n + 1) + j]: the most shared from i and j on
    for (let i = m - 1; i >= 0; i--) {
      for (let j = n - 1; j >= 0; j--) {
        const at = i * (n + 1) + j;
        run[at] = olds[start + i] === news[start + j] ? run[at + n + 2] + 1 : Math.max(run[at + n + 1], run[at + 1]);
      }
    }
    for (let i = 0, j = 0; i < m && j < n; ) {
      if (olds[start + i] === news[start + j]) pairs.push([start + i++, start + j++]);
      else if (run[(i + 1) * (n + 1) + j] >= run[i * (n + 1) + j + 1]) i++;
      else j++;
    }
    for (let k = end; k > 0; k--) pairs.push([olds.length - k, news.length - k]);
    return pairs;
  }

  // Turn the box's children into those of a new board's fragment in place: each new node paired with an old
  // one (by position, or by key where nodes came or went) is kept where it has the same kind and name (its
  // attributes and text brought up to date, nothing below it visited when it is equal already), else replaced;
  // one with no pair is put in, an old one with none taken out. So the browser styles and lays out again only
  // what changed, not the whole board, and the board is the very one a new build of the markup gives
  // (attributes in its order, with their namespaces). The paint's marks are set again after it. With
  // `changed`, what changed goes in it: a leaf kept that shows something else, and a node put in among kept
  // ones (a line on top of the log, a card put in among others).
  function morph(into, from, changed) {
    // The nodes equal at the end of both stay as they are, not morphed one place along: so a line on top of
    // the log, or an item in a list, is one node put in, not every one after it rewritten.
    const [olds, news] = [[...into.childNodes], [...from.childNodes]];
    let same = 0;
    const most = Math.min(olds.length, news.length);
    while (same < most && olds[olds.length - 1 - same].isEqualNode(news[news.length - 1 - same])) same++;
    const stop = olds[olds.length - same] ?? null;
    olds.length -= same;
    news.length -= same;
    // The rest is paired by position; when nodes came or went, by kind first (a banner put in above the board
    // is put in, not the board morphed into it and every part after it one place along), and what lies
    // between two pairs by position.
    const pairs = olds.length === news.length ? [] : paired(olds.map(key), news.map(key));
    let [i, j] = [0, 0];
    for (const [at, to] of [...pairs, [olds.length, news.length]]) {
      const before = olds[at] ?? stop;
      for (; j < to; j++) {
        if (i < at) update(into, olds[i++], news[j], changed);
        else {
          into.insertBefore(news[j], before);
          if (changed && before) changed.push(news[j]);
        }
      }
      for (; i < at; i++) olds[i].remove();
      if (at < olds.length) update(into, olds[at], news[to], changed);
      [i, j] = [at + 1, to + 1];
    }
  }

  // One node of the board made the new one: kept and brought up to date, else replaced.
  function update(into, old, now, changed) {
    if (old.nodeType !== now.nodeType || old.nodeName !== now.nodeName) into.replaceChild(now, old);
    else if (old.nodeType !== Node.ELEMENT_NODE) {
      if (old.nodeValue !== now.nodeValue) old.nodeValue = now.nodeValue;
    } else if (!old.isEqualNode(now)) {
      const leaf = !old.firstElementChild && !now.firstElementChild;
      if (changed && leaf && shows(old) !== shows(now)) changed.push(old);
      // The attributes as the new markup has them, in its order (a value changed where it stands).
      const [had, has] = [old.attributes, now.attributes];
      const named = had.length === has.length && [...has].every((a, i) => a.name === had[i].name);
      if (!named) while (had.length) old.removeAttributeNode(had[0]);
      for (const a of has) {
        if (!named || old.getAttribute(a.name) !== a.value) old.setAttributeNS(a.namespaceURI, a.name, a.value);
      }
      morph(old, now, changed);
    }
  }

  const painted = new WeakMap(); // each box's last markup

  // Others' moves told to a screen reader: the last event's words go to the page's polite live region
  // ([data-announce]) when a paint comes on its own (a bot, another phone), not as the answer to this
  // person's tap (<html data-busy>), whose result they hear where they are.
  function announce(box) {
    const line = box.querySelector("[data-last-event]")?.textContent;
    const region = document.querySelector("[data-announce]");
    if (region && line && !root.dataset.busy && region.textContent !== line) region.textContent = line;
  }

  // The marks go on once the paint's frame is drawn: starting the flashes (an animation each) takes a style
  // recalculation of its own, in a frame of its own, not in the paint's. Marks a new paint finds still
  // waiting go on with its own.
  const waiting = new WeakMap(); // each box's leaves to mark, each with whether it flashes under the other name
  function markSoon(box, leaves) {
    if (waiting.has(box)) return waiting.get(box).push(...leaves);
    if (!leaves.length) return;
    waiting.set(box, leaves);
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const [el, anew] of waiting.get(box)) {
          if (el.isConnected) el.classList.add("tt-changed", ...(anew ? ["tt-anew"] : []));
        }
        waiting.delete(box);
      }),
    );
  }
  // A new board made whole before it goes in: parsed, split, its explained things focusable. python.js makes
  // it in one task and paints it in the next frame, so that the parse and the change with its layout are
  // two frames' work, not one long one. The same markup again is no new board (null).
  TT.make = (box, html) => {
    if (painted.get(box) === html) return null;
    const made = document.createElement("template");
    made.innerHTML = html;
    split(made.content);
    // One stop per kind of thing (a table's column, not its every cell), and none for the parts of a drawing
    // (a ladder's every square): a drawing's moves are its stops, buttons of their own.
    const stops = new Set();
    for (const thing of made.content.querySelectorAll("[data-explain]")) {
      if (thing.matches(ACTING) || thing.closest(ACTING) || thing.closest("svg") || stops.has(thing.dataset.explain)) continue;
      stops.add(thing.dataset.explain);
      thing.setAttribute("tabindex", "0");
    }
    return { html, board: made.content, wide: wide() };
  };
  TT.paint = (box, html, made = null) => {
    // The same markup again (Python's first paint over the board python.js showed before it was up) is
    // left as it is: no second parse and layout.
    if (painted.get(box) === html) return;
    // A board made for this markup on this side of the split (the screen may have turned since), else anew.
    const board = (made?.html === html && made.wide === wide() ? made : TT.make(box, html)).board;
    painted.set(box, html);
    // Nothing is marked on the first paint over the prerendered preview (another deal, not a change).
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    const motion = !still && !box.classList.contains("tt-preview");
    const kept = keptDetails(box);
    const focus = refocus(box);
    const hinted = Boolean(box.querySelector(".tt-hints"));
    const marked = box.querySelector('[data-hint-rank="1"]');
    const wasMarked = marked && identity(marked);
    // The last paint's marks go first: a thing marked then and the same now is equal to its new markup, and
    // stays as it is (its flash over).
    const flashed = new Map([...box.querySelectorAll(".tt-changed")].map((el) => [el, el.classList.contains("tt-anew")]));
    for (const el of flashed.keys()) {
      el.classList.remove("tt-changed", "tt-anew");
      if (!el.classList.length) el.removeAttribute("class");
    }
    // The new board goes in place of what changed (over the preview too: the same layout, another deal).
    const changed = motion ? [] : null;
    morph(box, board, changed);
    keepDetails(box, kept);
    // What changed in the board (on a wide screen, its log too) is marked: each leaf of a node put in. A
    // thing marked before (its flash still running or over) flashes from the start: under the other of the
    // flash's two names (board.css), as a change of name starts an animation anew.
    const leaves = [];
    for (const node of changed ?? []) {
      if (node.nodeType !== Node.ELEMENT_NODE || !node.closest(".tt-board")) continue;
      for (const el of node.firstElementChild ? node.querySelectorAll("*") : [node]) {
        if (!el.firstElementChild) leaves.push([el, flashed.get(el) === false]);
      }
    }
    markSoon(box, leaves);
    announce(box);
    focus(); // once the things that explain themselves can take it
    markHints(box, hinted, wasMarked);
    setExplainMode(root.dataset.explaining === "1");
    clearTimeout(bannerTimer);
    const banner = box.querySelector("[data-banner] [data-dismiss]");
    if (banner) bannerTimer = setTimeout(() => banner.isConnected && banner.click(), BANNER_MS);
  };
})();
