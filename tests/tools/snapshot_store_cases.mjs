// Run by test_snapshot_store.py: encodes a made-up snapshot (mostly zeros, like
// WebAssembly memory), damages the envelope in various ways and prints, as JSON, what
// decoding each one gave: "same", "different" or "refused".
const store = await import(process.argv[2]);

const snapshot = new Uint8Array(3 * 1024 * 1024);
for (let i = 0; i < snapshot.length; i += 97) snapshot[i] = (i * 31) & 0xff;
const envelope = await store.encode(snapshot);

function changed(bytes, change) {
  const copy = bytes.slice();
  change(copy);
  return copy;
}

function otherBuild(bytes) {
  // The build's name appears once, in the JSON header near the start.
  const name = new TextEncoder().encode(store.BUILD);
  const head = bytes.subarray(0, 512);
  const at = head.findIndex((_, i) => name.every((byte, j) => head[i + j] === byte));
  if (at < 0) throw new Error("the header does not name the build");
  return changed(bytes, (copy) => copy.fill("x".charCodeAt(0), at, at + name.length));
}

const middle = envelope.length >> 1;
const cases = {
  intact: (bytes) => bytes,
  overwritten: (bytes) => changed(bytes, (copy) => copy.fill(0xa5, middle, middle + 64)),
  flipped_bit: (bytes) => changed(bytes, (copy) => { copy[copy.length - 100] ^= 1; }),
  partial: (bytes) => bytes.slice(0, middle),
  lengthened: (bytes) => {
    const longer = new Uint8Array(bytes.length + 10);
    longer.set(bytes);
    return longer;
  },
  foreign: () => new TextEncoder().encode("<html>not a snapshot</html>"),
  empty: () => new Uint8Array(0),
  other_build: otherBuild,
};

const same = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const results = { ratio: envelope.length / snapshot.length };
for (const [name, damage] of Object.entries(cases)) {
  try {
    results[name] = same(await store.decode(damage(envelope)), snapshot) ? "same" : "different";
  } catch (error) {
    results[name] = "refused";
  }
}
console.log(JSON.stringify(results));
