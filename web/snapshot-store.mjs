// Where a memory snapshot of Python is kept between visits: one Cache Storage entry per
// build, so a new deploy never restores an interpreter made from older files.
//
// The entry is a Response: the snapshot gzip-compressed, and a header naming the build,
// the snapshot's size and the compressed size. The header, gzip's own checksum and the
// two sizes reject a partial, damaged or foreign entry before Pyodide ever sees it: a bad
// snapshot restored into WebAssembly memory would crash Python instead of failing
// cleanly. Read as a stream, so no copy of the compressed bytes stays behind.
// Shared by the page (interpreter.mjs) and the worker that makes the snapshot.

// tools/build.py puts the build's content hash here (the service worker's cache name).
export const BUILD = "__BUILD_ID__";
export const CACHE_NAME = "tablero-snapshots";
const HEADER = "X-Tablero-Snapshot";
const ENCODING = "gzip";

// The API this needs: a page or worker without it starts Python the usual way.
export function supported() {
  return (
    typeof caches !== "undefined" &&
    typeof CompressionStream !== "undefined" &&
    typeof DecompressionStream !== "undefined"
  );
}

export function snapshotURL() {
  return new URL(`./snapshot/${BUILD}`, import.meta.url).href;
}

// The response to store for a snapshot (a Uint8Array of WebAssembly memory).
export async function compress(snapshot) {
  const stream = new Blob([snapshot]).stream().pipeThrough(new CompressionStream(ENCODING));
  const payload = await new Response(stream).arrayBuffer();
  const header = { build: BUILD, encoding: ENCODING, size: snapshot.length, stored: payload.byteLength };
  return new Response(payload, {
    headers: { "Content-Type": "application/gzip", [HEADER]: JSON.stringify(header) },
  });
}

// What a stored response says about itself: throws unless it is this build's snapshot.
export function describe(response) {
  let header;
  try {
    header = JSON.parse(response.headers.get(HEADER));
  } catch (error) {
    header = null;
  }
  if (!header) throw new Error("not a Tablero snapshot");
  if (header.build !== BUILD) throw new Error(`snapshot of build ${header.build}`);
  if (header.encoding !== ENCODING) throw new Error(`unknown encoding ${header.encoding}`);
  if (!(header.size > 0 && header.stored > 0)) throw new Error("snapshot without sizes");
  return { size: header.size, stored: header.stored };
}

// Inflates a stored response into ``target`` (exactly the snapshot's size); rejects if
// the bytes are damaged (gzip's checksum) or either size is wrong.
export async function inflateInto(response, target) {
  const { stored } = describe(response);
  let compressed = 0;
  const counted = new TransformStream({
    transform(chunk, controller) {
      compressed += chunk.length;
      controller.enqueue(chunk);
    },
  });
  const reader = response.body
    .pipeThrough(counted)
    .pipeThrough(new DecompressionStream(ENCODING))
    .getReader();
  let offset = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (offset + value.length > target.length) throw new Error("snapshot is too long");
    target.set(value, offset);
    offset += value.length;
    release(value);
  }
  if (compressed !== stored) throw new Error("snapshot of the wrong length");
  if (offset !== target.length) throw new Error("snapshot is incomplete");
  return target;
}

// Frees the memory behind a byte array now instead of at the next garbage collection
// (tens of MB pass through here); the array is empty afterwards.
export function release(bytes) {
  if (bytes.buffer.transfer && bytes.byteLength === bytes.buffer.byteLength) bytes.buffer.transfer(0);
}

export async function decode(response) {
  return inflateInto(response, new Uint8Array(describe(response).size));
}

// This build's stored entry (a Response), or null.
export async function find() {
  // caches.has first: a first visit should not create an empty cache.
  if (!supported() || !(await caches.has(CACHE_NAME))) return null;
  const cache = await caches.open(CACHE_NAME);
  return (await cache.match(snapshotURL())) || null;
}

// Stores a snapshot; returns the bytes it takes.
export async function store(snapshot) {
  const response = await compress(snapshot);
  const { stored } = describe(response);
  const cache = await caches.open(CACHE_NAME);
  await cache.put(snapshotURL(), response);
  await removeStale(cache);
  return stored;
}

export async function remove() {
  if (!supported() || !(await caches.has(CACHE_NAME))) return;
  const cache = await caches.open(CACHE_NAME);
  await cache.delete(snapshotURL());
}

// Snapshots of other builds: never restored, so only taking space.
export async function removeStale(cache) {
  const current = snapshotURL();
  for (const request of await cache.keys()) {
    if (request.url !== current) await cache.delete(request);
  }
}
