// Makes a memory snapshot of a Python that has imported everything the app needs before
// it draws, and stores it for the next visit. Runs in a worker (started by
// interpreter.mjs once the app is ready and the page idle), so a second Python starting
// never holds up the page a player is using; the worker ends when it has answered.
//
// Python here has no PyScript and no page: web/preload.py imports what it can and leaves
// the modules that need the page to main.py.
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
import * as snapshots from "./snapshot-store.mjs";

// Standard-library modules PyScript's own Python imports when it sets up on the page
// (tools/build.py reads them from PyScript's sources).
const PYSCRIPT_STDLIB = __PYSCRIPT_STDLIB__;
const APP_ARCHIVE = new URL("./app.zip", import.meta.url).href;
const INDEX_URL = new URL("./vendor/pyodide/", import.meta.url).href;

async function make() {
  const started = performance.now();
  const quiet = () => {};
  const [pyodide, archive] = await Promise.all([
    loadPyodide({ indexURL: INDEX_URL, _makeSnapshot: true, stdout: quiet, stderr: quiet }),
    fetch(APP_ARCHIVE).then((response) => {
      if (!response.ok) throw new Error(`app.zip: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
  ]);
  // Where PyScript unpacks it too ([files] "./app.zip" = "./*"), so the modules'
  // __file__ paths hold after the snapshot is restored on the page.
  pyodide.unpackArchive(archive, "zip", { extractDir: "./" });
  // A scope of its own, so the snapshot's __main__ stays as empty as a fresh one.
  const scope = pyodide.toPy({ stdlib: PYSCRIPT_STDLIB });
  let modules;
  try {
    modules = pyodide.runPython("from preload import preload\nlen(preload(modules=stdlib))", {
      globals: scope,
    });
  } finally {
    scope.destroy();
  }
  const snapshot = pyodide.makeMemorySnapshot();
  const bytes = await snapshots.store(snapshot);
  return { modules, size: snapshot.length, bytes, seconds: (performance.now() - started) / 1000 };
}

make().then(
  (result) => self.postMessage({ ok: true, ...result }),
  (error) => self.postMessage({ ok: false, error: String(error && error.message || error) }),
);
