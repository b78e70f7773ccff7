// Trading Table's service worker: solo and hot-seat games start and play offline after one visit.
// build.py writes it into dist/ with the files a visit needs and a version that is the hash of all of
// them, so any deploy is a new version. One cache per version, filled whole before it is used; a page is
// served from one version from start to end (its "pin"), never a mix of old and new files:
// - a page opened while the network is down, or when the site is unchanged, is pinned to the cache;
// - a page opened when the site has changed is pinned to the network (the new files), while this script's
//   new version installs beside it; its next visit comes from the new cache.
"use strict";

const VERSION = "{{VERSION}}";
const CACHE = `tt-${VERSION}`;
const PINS = "tt-pins"; // client id -> cache name or "network", kept across restarts of this worker
const HANDOFF = "{{HANDOFF}}"; // files a page's worker hands over to the precache (web/assets/worker.mjs)
const NETWORK = "network";
const PRECACHE = {{PRECACHE}};
const SCOPE = self.registration.scope;
const CHECK_TIMEOUT_MS = 3000; // how long a navigation waits to learn whether the site changed
const pins = new Map();

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // runtime/ names carry their versions (long-cached); everything else is revalidated.
      const requests = PRECACHE.map((url) => {
        const absolute = new URL(url, SCOPE).href;
        return new Request(absolute, { cache: url.startsWith("runtime/") ? "default" : "no-cache" });
      });
      // What a page's worker handed over (the wasm and standard library it decoded: worker.mjs, HANDOFF) is
      // kept as it is, not downloaded again; a runtime/ name says its version, so it is this one's file.
      const handed = await Promise.all(requests.map((request) => caches.match(request, { cacheName: HANDOFF })));
      await Promise.all(handed.map((response, i) => response && cache.put(requests[i], response)));
      await cache.addAll(requests.filter((request, i) => !handed[i]));
      await caches.delete(HANDOFF);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim().then(prune));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE) || request.url.startsWith(`${SCOPE}sw.js`)) return;
  if (request.mode === "navigate") event.respondWith(navigate(event));
  else event.respondWith(subresource(request, event.clientId, event.resultingClientId));
});

/** A page: from this version's cache unless the site has changed since (then from the network). */
async function navigate(event) {
  const { request } = event;
  const latest = await latestVersion();
  const cached = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  const pin = cached && (latest === null || latest === VERSION) ? CACHE : NETWORK;
  await setPin(event.resultingClientId, pin);
  event.waitUntil(prune(event.resultingClientId));
  if (pin === CACHE) return cached;
  try {
    // Revalidated, as every file of a page pinned to the network (a navigation's own request cannot say so).
    return await fetch(request.url, { cache: "no-cache", redirect: "manual" });
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

/** A page's file, from the version the page was pinned to. A page's Web Worker (its script's request
 * names the worker's client as resultingClientId) is pinned with the page, so it reads the same files. */
async function subresource(request, clientId, workerId) {
  const pin = (await getPin(clientId)) ?? NETWORK;
  if (workerId) await setPin(workerId, pin);
  // A runtime/ name says its version: the same file in whichever cache has it (a page pinned to the
  // network too: the wasm a worker handed over is in no HTTP cache).
  const versioned = request.url.startsWith(`${SCOPE}runtime/`);
  if (pin !== NETWORK || versioned) {
    const hit = await caches.match(request, versioned ? {} : { cacheName: pin });
    if (hit) return hit;
  }
  try {
    // runtime/ names carry their versions; anything else is revalidated, so no stale file joins a new page.
    return await fetch(request, { cache: versioned ? "default" : "no-cache" });
  } catch (error) {
    const hit = await caches.match(request, { cacheName: CACHE }); // offline, and never pinned (first visit)
    if (hit) return hit;
    throw error;
  }
}

/** The version the server has now (from its sw.js), or null when it cannot be known in time. */
async function latestVersion() {
  const timeout = new Promise((resolve) => setTimeout(resolve, CHECK_TIMEOUT_MS, null));
  const check = fetch(`${SCOPE}sw.js`, { cache: "no-store" })
    .then((response) => (response.ok ? response.text() : ""))
    .then((text) => /const VERSION = "([0-9a-f]+)"/.exec(text)?.[1] ?? null)
    .catch(() => null);
  return Promise.race([check, timeout]);
}

async function setPin(clientId, name) {
  if (!clientId) return;
  pins.set(clientId, name);
  const store = await caches.open(PINS);
  await store.put(new Request(`${SCOPE}__pin/${clientId}`), new Response(name));
}

async function getPin(clientId) {
  if (!clientId) return undefined;
  if (!pins.has(clientId)) {
    const stored = await caches.match(`${SCOPE}__pin/${clientId}`, { cacheName: PINS });
    if (stored) pins.set(clientId, await stored.text());
  }
  return pins.get(clientId);
}

/** Forget closed pages' pins; delete every other version's cache no open page is pinned to. The page
 * being opened (`opening`) is not among the clients yet, nor are workers unless all types are asked for. */
async function prune(opening) {
  const clients = await self.clients.matchAll({ includeUncontrolled: true, type: "all" });
  const open = new Set([opening, ...clients.map((client) => client.id)]);
  const store = await caches.open(PINS);
  const keep = new Set([CACHE, PINS]);
  for (const key of await store.keys()) {
    const id = key.url.slice(`${SCOPE}__pin/`.length);
    if (open.has(id)) keep.add(await (await store.match(key)).text());
    else {
      pins.delete(id);
      await store.delete(key);
    }
  }
  for (const name of await caches.keys()) {
    if (name.startsWith("tt-") && !keep.has(name)) await caches.delete(name);
  }
}
