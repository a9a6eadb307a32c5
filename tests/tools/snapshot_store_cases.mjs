// Run by test_snapshot_store.py: compresses a made-up snapshot (mostly zeros, like
// WebAssembly memory) into the response the app stores, damages it in various ways and
// prints, as JSON, what reading each one back gave: "same", "different" or "refused".
const store = await import(process.argv[2]);

const snapshot = new Uint8Array(3 * 1024 * 1024);
for (let i = 0; i < snapshot.length; i += 97) snapshot[i] = (i * 31) & 0xff;
const stored = await store.compress(snapshot);
const headers = [...stored.headers];
const body = new Uint8Array(await stored.arrayBuffer());
const middle = body.length >> 1;

function changed(change) {
  const copy = body.slice();
  change(copy);
  return copy;
}

function otherBuild() {
  const header = JSON.parse(stored.headers.get("X-Tablero-Snapshot"));
  return new Response(body, {
    headers: { "X-Tablero-Snapshot": JSON.stringify({ ...header, build: "0123456789abcdef" }) },
  });
}

const cases = {
  intact: () => new Response(body, { headers }),
  overwritten: () => new Response(changed((copy) => copy.fill(0xa5, middle, middle + 64)), { headers }),
  flipped_bit: () => new Response(changed((copy) => { copy[copy.length - 100] ^= 1; }), { headers }),
  partial: () => new Response(body.slice(0, middle), { headers }),
  lengthened: () => {
    const longer = new Uint8Array(body.length + 10);
    longer.set(body);
    return new Response(longer, { headers });
  },
  without_header: () => new Response(body),
  foreign: () => new Response("<html>not a snapshot</html>", { headers: { "Content-Type": "text/html" } }),
  empty: () => new Response(new Uint8Array(0), { headers }),
  other_build: otherBuild,
};

const same = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);
const results = { ratio: body.length / snapshot.length };
for (const [name, make] of Object.entries(cases)) {
  try {
    results[name] = same(await store.decode(make()), snapshot) ? "same" : "different";
  } catch (error) {
    results[name] = "refused";
  }
}
console.log(JSON.stringify(results));
