// Service worker: the whole site works offline after the first visit.
// tools/build.py fills in the cache name (a hash of every file's content) and the file list,
// so each deploy gets a fresh cache and the previous one is deleted on activation.
const CACHE_NAME = "__CACHE_NAME__";
const CACHE_PREFIX = "tablero-";
const PRECACHE_URLS = __PRECACHE_URLS__;
// Memory snapshots of Python (snapshot-store.mjs): one entry per build, named by the same
// hash as this cache; a new build's worker deletes the others.
const SNAPSHOT_CACHE = "tablero-snapshots";
const SNAPSHOT_URL = new URL(`./snapshot/${CACHE_NAME.slice(CACHE_PREFIX.length)}`, self.location).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE_NAME)
      // "no-cache" revalidates with the server: what the page already downloaded costs a
      // 304, yet a stale copy from the HTTP cache can never enter a new deploy's cache.
      .then((cache) => cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

async function deleteStaleSnapshots() {
  if (!(await caches.has(SNAPSHOT_CACHE))) return;
  const cache = await caches.open(SNAPSHOT_CACHE);
  const stale = (await cache.keys()).filter((request) => request.url !== SNAPSHOT_URL);
  await Promise.all(stale.map((request) => cache.delete(request)));
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX))
          .filter((name) => name !== CACHE_NAME && name !== SNAPSHOT_CACHE)
          .map((name) => caches.delete(name)),
      ))
      .then(deleteStaleSnapshots)
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  // Cache first: the precache holds the complete site; the network is only a fallback
  // for anything a future version might add before its worker is installed.
  event.respondWith(
    caches.open(CACHE_NAME).then((cache) =>
      cache.match(request, { ignoreSearch: true }).then((hit) => hit || fetch(request)),
    ),
  );
});
