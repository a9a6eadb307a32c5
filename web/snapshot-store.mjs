// Where a memory snapshot of Python is kept between visits: one Cache Storage entry per
// build, so a new deploy never restores an interpreter made from older files.
//
// The entry is an envelope: 8 magic bytes, a 4-byte length, a JSON header, then the
// snapshot itself, gzip-compressed. Gzip's own checksum (and the length in the header)
// reject a partial or damaged entry before Pyodide ever sees it: a bad snapshot
// restored into WebAssembly memory would crash Python instead of failing cleanly.
// Shared by the page (interpreter.mjs) and the worker that makes the snapshot.

// tools/build.py puts the build's content hash here (the service worker's cache name).
export const BUILD = "__BUILD_ID__";
export const CACHE_NAME = "tablero-snapshots";
const MAGIC = "TABLERO1";
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

async function transform(bytes, stream) {
  const output = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

export async function encode(snapshot) {
  const payload = await transform(snapshot, new CompressionStream(ENCODING));
  const header = new TextEncoder().encode(
    JSON.stringify({
      build: BUILD,
      encoding: ENCODING,
      size: snapshot.length,
      stored: payload.length,
    }),
  );
  const envelope = new Uint8Array(MAGIC.length + 4 + header.length + payload.length);
  envelope.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(envelope.buffer).setUint32(MAGIC.length, header.length);
  envelope.set(header, MAGIC.length + 4);
  envelope.set(payload, MAGIC.length + 4 + header.length);
  return envelope;
}

// What an envelope holds: the snapshot's size and its compressed bytes; throws if the
// envelope is not one of this build's.
export function open(envelope) {
  const magic = new TextDecoder().decode(envelope.subarray(0, MAGIC.length));
  if (magic !== MAGIC) throw new Error("not a Tablero snapshot");
  const headerLength = new DataView(envelope.buffer, envelope.byteOffset).getUint32(MAGIC.length);
  const start = MAGIC.length + 4;
  const header = JSON.parse(new TextDecoder().decode(envelope.subarray(start, start + headerLength)));
  if (header.build !== BUILD) throw new Error(`snapshot of build ${header.build}`);
  if (header.encoding !== ENCODING) throw new Error(`unknown encoding ${header.encoding}`);
  const payload = envelope.subarray(start + headerLength);
  if (payload.length !== header.stored) throw new Error("snapshot of the wrong length");
  return { size: header.size, payload };
}

// Decompresses into ``target`` (exactly the snapshot's size); rejects if the bytes are
// damaged (gzip's checksum) or the wrong length.
export async function inflateInto(payload, target) {
  const reader = new Blob([payload]).stream().pipeThrough(new DecompressionStream(ENCODING)).getReader();
  let offset = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (offset + value.length > target.length) throw new Error("snapshot is too long");
    target.set(value, offset);
    offset += value.length;
  }
  if (offset !== target.length) throw new Error("snapshot is incomplete");
  return target;
}

export async function decode(envelope) {
  const { size, payload } = open(envelope);
  return inflateInto(payload, new Uint8Array(size));
}

// This build's stored entry (a Response), or null.
export async function find() {
  // caches.has first: a first visit should not create an empty cache.
  if (!supported() || !(await caches.has(CACHE_NAME))) return null;
  const cache = await caches.open(CACHE_NAME);
  return (await cache.match(snapshotURL())) || null;
}

export async function store(snapshot) {
  const envelope = await encode(snapshot);
  const cache = await caches.open(CACHE_NAME);
  await cache.put(
    snapshotURL(),
    new Response(envelope, { headers: { "Content-Type": "application/octet-stream" } }),
  );
  await removeStale(cache);
  return envelope.length;
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
