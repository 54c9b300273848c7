// The floor's worker (bench/floor.html): bare loadPyodide() as shipped, one print.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
let text = "";
pyodide.setStdout({ batched: (line) => { text += `${line}\n`; } });
pyodide.runPython("print('ready')");
self.postMessage(text);
