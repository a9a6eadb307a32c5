// Run Python inside Pyodide under Node, offline, with the repository mounted at /app.
//
//   node tools/pyodide_run.mjs pytest [pytest args...]   run tests on Python 3.14 (exit code follows)
//   node tools/pyodide_run.mjs script FILE [args...]     run a Python file (benchmarks)
//
// Wheels for pytest and hypothesis come from .cache/pyodide-wheels (see Makefile).
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const WHEELS = join(ROOT, ".cache", "pyodide-wheels");
const SITE_PACKAGES = "/lib/python3.14/site-packages";
const [mode, ...rest] = process.argv.slice(2);

if (mode !== "pytest" && mode !== "script") {
  console.error("usage: node tools/pyodide_run.mjs pytest [args...] | script FILE [args...]");
  process.exit(2);
}

const py = await loadPyodide();
// Byte-level streams keep pytest's progress dots on one line.
py.setStdout({ write: (bytes) => { process.stdout.write(bytes); return bytes.length; } });
py.setStderr({ write: (bytes) => { process.stderr.write(bytes); return bytes.length; } });
py.mountNodeFS("/app", ROOT);
if (mode === "pytest") {
  if (!existsSync(WHEELS)) {
    console.error(`missing ${WHEELS}: run \`make pyodide-wheels\` first`);
    process.exit(2);
  }
  for (const name of readdirSync(WHEELS).filter((file) => file.endsWith(".whl")).sort()) {
    py.unpackArchive(new Uint8Array(readFileSync(join(WHEELS, name))), "wheel", { extractDir: SITE_PACKAGES });
  }
}
py.globals.set("run_mode", mode);
py.globals.set("run_args", py.toPy(rest));
const code = await py.runPythonAsync(`
import os, sys, runpy
os.chdir("/app")
sys.path.insert(0, "/app")
sys.dont_write_bytecode = True
print(f"Python {sys.version.split()[0]} on {sys.platform}")
if run_mode == "pytest":
    import pytest
    exit_code = int(pytest.main(["-p", "no:cacheprovider", *run_args]))
else:
    sys.argv = list(run_args)
    exit_code = 0
    try:
        runpy.run_path(run_args[0], run_name="__main__")
    except SystemExit as stop:
        exit_code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
exit_code
`);
process.exit(code);
