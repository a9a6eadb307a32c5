// The interpreter PyScript starts (pyscript.json: "interpreter": "./interpreter.mjs").
//
// PyScript imports this module and calls its loadPyodide(options) exactly as it would
// call Pyodide's, then finishes its own set-up (its Python package, [files], main.py)
// on whatever comes back. That call is the seam: a returning player's Python is
// restored from a memory snapshot of an interpreter that had already imported the app;
// the first visit (or a snapshot that is missing, damaged or from another build, or a
// browser without the API) starts Python the usual way and, once the app is ready and
// the page idle, a worker makes the snapshot for next time (snapshot-worker.mjs).
//
// index.html loads this module before PyScript's own, so Python starts while PyScript
// is still loading; PyScript's call then takes over the interpreter already on its way.
// <html data-start="snapshot|fresh"> says which start this was.
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide/pyodide.mjs";
import * as snapshots from "./snapshot-store.mjs";

export { version };

const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;
const WORKER_URL = new URL("./snapshot-worker.mjs", import.meta.url).href;
// How long without a tap or key before the snapshot is made.
const QUIET_MS = 2000;
// Automation can keep Python from restoring or making snapshots, so that a second
// Python does not run behind every other test: window.tableroSnapshots = false.
const SNAPSHOTS_ON = globalThis.tableroSnapshots !== false;
// Room a snapshot needs in the site's storage (it takes about 7 MB, 31 MB inflated).
const FREE_SPACE_NEEDED = 64 * 1024 * 1024;
// What PyScript passes (it derives indexURL from this module's URL: replaced below).
const EXPECTED_OPTIONS = new Set(["stdout", "stderr", "indexURL"]);
// What a restored Python must redo: the random generator would otherwise draw the
// same numbers on every visit (it was seeded once, when the snapshot was made), and
// the time zone may have changed since.
const AFTER_RESTORE = `
import random, time
random.seed()
if hasattr(time, "tzset"):
    time.tzset()
`;

// Python's output goes wherever PyScript says, once it has said it.
const output = {
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
};
const streams = {
  stdout: (text) => output.stdout(text),
  stderr: (text) => output.stderr(text),
};

function note(message, error) {
  // Never console.error: a slower start is not a fault the player must hear about.
  console.info(`Tablero start-up: ${message}`, error ? String(error.message || error) : "");
}

let starting = null;

export function start() {
  starting ??= startPython();
  return starting;
}

export async function loadPyodide(options = {}) {
  performance.mark("tablero:pyscript-asks");
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  const unexpected = Object.keys(options).filter((key) => !EXPECTED_OPTIONS.has(key));
  if (unexpected.length) {
    // A PyScript configuration this module was not written for (packages…): honour it.
    console.warn(`Tablero start-up: options ${unexpected.join(", ")}: a plain start`);
    return loadRuntime({ ...options, indexURL: INDEX_URL });
  }
  return start();
}

async function startPython() {
  const root = document.documentElement;
  let entry = null;
  let storage = SNAPSHOTS_ON && snapshots.supported();
  try {
    if (storage) entry = await snapshots.find();
  } catch (error) {
    storage = false; // private browsing, blocked site data…
    note("no snapshot storage", error);
  }
  let trouble = troubles.read();
  if (trouble.unfinished) {
    // The last start from a snapshot never reached the first screen (the app closed at
    // once, or the snapshot is broken): start afresh; a second time, for good.
    trouble = { unfinished: false, failures: trouble.failures + 1 };
    troubles.write(trouble);
    note("the last start from the snapshot did not finish; starting afresh");
    await snapshots.remove().catch(() => {});
    entry = null;
  }
  const trusted = trouble.failures < MAX_UNFINISHED;
  if (entry && trusted) {
    try {
      troubles.write({ ...trouble, unfinished: true });
      const pyodide = await restore(entry);
      root.dataset.start = "snapshot";
      performance.mark("tablero:python-ready");
      whenReady(() => troubles.write({ unfinished: false, failures: 0 }));
      return pyodide;
    } catch (error) {
      troubles.write(trouble);
      note("the snapshot could not be restored; starting afresh", error);
      await snapshots.remove().catch(() => {});
    }
  }
  const pyodide = await loadRuntime({ ...streams, indexURL: INDEX_URL });
  root.dataset.start = "fresh";
  performance.mark("tablero:python-ready");
  if (storage && trusted && typeof Worker !== "undefined") {
    whenReady(() => whenIdle(makeSnapshot));
  }
  return pyodide;
}

// This build's starts from a snapshot that never reached the first screen, kept in
// localStorage ("<build> <1 if one is under way> <how many never finished>"); without
// localStorage there is no record and every start is trusted.
const MAX_UNFINISHED = 2;
const troubles = {
  key: "tablero.snapshot.trouble",
  read() {
    let build, unfinished, failures;
    try {
      [build, unfinished, failures] = (localStorage.getItem(this.key) || "").split(" ");
    } catch (error) {}
    if (build !== snapshots.BUILD) return { unfinished: false, failures: 0 };
    return { unfinished: unfinished === "1", failures: Number(failures) || 0 };
  },
  write({ unfinished, failures }) {
    try {
      localStorage.setItem(this.key, `${snapshots.BUILD} ${unfinished ? 1 : 0} ${failures}`);
    } catch (error) {}
  },
};

async function restore(entry) {
  const { size } = snapshots.describe(entry);
  // Pyodide sizes WebAssembly memory from the snapshot, creates the module (fetch and
  // compile) and only then copies the snapshot in: so the bytes are inflated while the
  // module is created, and the module is handed over once they are whole and checked.
  const snapshot = new Uint8Array(size);
  // Resolves to nothing: Pyodide keeps its options (this function among them), and
  // through them whatever the promise holds.
  const inflated = snapshots.inflateInto(entry, snapshot).then(() => {
    performance.mark("tablero:snapshot-inflated"); // for bench/startup.py
  });
  inflated.catch(() => {}); // awaited below; a failure must not count as unhandled
  const pyodide = await loadRuntime({
    ...streams,
    indexURL: INDEX_URL,
    _loadSnapshot: snapshot,
    async createPyodideModule(settings) {
      const { default: create } = await import(`${INDEX_URL}pyodide.asm.mjs`);
      const module = await create(settings);
      performance.mark("tablero:module-created");
      await inflated;
      return module;
    },
  });
  const scope = pyodide.toPy({});
  try {
    pyodide.runPython(AFTER_RESTORE, { globals: scope });
  } finally {
    scope.destroy();
  }
  // Pyodide keeps its options; the snapshot's bytes (tens of MB) are not needed again.
  delete pyodide._api.config._loadSnapshot;
  snapshots.release(snapshot);
  return pyodide;
}

// Once <html data-ready> is set: the app drew its first screen and answers the player.
function whenReady(task) {
  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) return task();
  new MutationObserver((changes, observer) => {
    if (root.hasAttribute("data-ready")) {
      observer.disconnect();
      task();
    }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// Once the player has left the tablet alone for a moment (no tap, no key), at the
// browser's next idle time: a second Python then competes least with the one in use.
function whenIdle(task) {
  const inputs = ["pointerdown", "keydown"];
  let timer = null;
  const fire = () => {
    for (const input of inputs) removeEventListener(input, wait, true);
    if ("requestIdleCallback" in window) requestIdleCallback(() => task(), { timeout: 5000 });
    else task();
  };
  const wait = () => {
    clearTimeout(timer);
    timer = setTimeout(fire, QUIET_MS);
  };
  for (const input of inputs) addEventListener(input, wait, { capture: true, passive: true });
  wait();
}

// Tells the page (tests and benchmarks listen) how making a snapshot went.
function announce(outcome) {
  window.dispatchEvent(new CustomEvent("tablero:snapshot", { detail: outcome }));
}

async function makeSnapshot() {
  if (navigator.storage && navigator.storage.estimate) {
    // A full tablet would refuse the snapshot anyway: spare it a second Python.
    const { quota, usage } = await navigator.storage.estimate().catch(() => ({}));
    if (quota !== undefined && quota - usage < FREE_SPACE_NEEDED) {
      note("not enough storage for a snapshot");
      announce({ ok: false, error: "not enough storage" });
      return;
    }
  }
  performance.mark("tablero:snapshot-started"); // for bench/startup.py
  const worker = new Worker(WORKER_URL, { type: "module" });
  const done = (outcome) => {
    worker.terminate();
    announce(outcome);
  };
  worker.onmessage = ({ data }) => {
    if (!data.ok) note("no snapshot made", data.error);
    done(data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    note("no snapshot made", event.message);
    done({ ok: false, error: event.message });
  };
}

start();
