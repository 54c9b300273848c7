// Precompiles Python for the browser: run by the site build (pysrc/flipcards_site/bytecode.py)
// under Node, with the same npm `pyodide` the site ships, because bytecode belongs to one
// Python version (Pyodide's), not to the Python that runs the build.
//
//   node frontend/precompile.mjs REQUEST.json
//
// REQUEST: {"pyodideDir": DIR, "packageZip": FILE, "packageDir": "/lib/flipcards-site",
//           "imports": [MODULE, ...], "exercise": PYTHON, "siteCustomize": PYTHON,
//           "outDir": DIR}
// "Needed" modules are those that starting Python, importing the package and `imports`, and
// running `exercise` load from the standard library. Writes into outDir:
//   python_stdlib.zip       the zip Python starts from (loadPyodide's stdLibURL): every
//                           top-level module or package of Pyodide's standard library that
//                           holds a needed module (of `encodings`, only the needed codecs),
//                           needed modules as bytecode (`.pyc`, without docstrings or
//                           asserts, as `python -OO` compiles), the others as source; every
//                           file that is not Python source (folders, data); and
//                           `siteCustomize` (compiled) as sitecustomize, with REST_MODULES set
//                           to the dotted names of every module of the other zip;
//   python_stdlib_rest.zip  every other module, as source (`encodings` has modules in both
//                           zips: sitecustomize finds those of the second);
//   package-pyc.zip         `__pycache__/*.cpython-3XX.pyc` of every module of the package;
//   report.json             what went where, for the build log and the benchmark.
// Bytecode is "unchecked hash-based" (PEP 552): valid whatever the files' time stamps, and
// the same bytes on every build. The first zip is stored (not deflated): it is smaller once
// the server compresses it (brotli/gzip) and Python reads it without inflating.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const request = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const pyodideDir = resolve(request.pyodideDir);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });

pyodide.unpackArchive(new Uint8Array(readFileSync(request.packageZip)), "zip", { extractDir: request.packageDir });
pyodide.FS.mkdirTree("/out");

const COMPILE_PY = String.raw`
import importlib
import importlib.util
import json
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

request = json.loads(REQUEST_JSON)
STDLIB_ZIP = next(p for p in sys.path if p.endswith(".zip"))
ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)

sys.path.insert(0, request["packageDir"])
for name in request["imports"]:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name or name.startswith("flipcards"):
            raise  # only a name found in the pages' text may not be a module of Pyodide
exec(compile(request["exercise"], "<exercise>", "exec"), {"__name__": "__exercise__"})


def bytecode(source, filename, optimize=-1):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


def entry(name, data, compress):
    info = zipfile.ZipInfo(name, date_time=ZIP_TIMESTAMP)
    info.create_system = 3
    info.external_attr = (0o40755 << 16) | 0x10 if name.endswith("/") else 0o100644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED if compress and data else zipfile.ZIP_STORED
    return info, data


# The standard library: the modules that were loaded from its zip (the names in the zip).
prefix = STDLIB_ZIP + "/"
needed = sorted({
    module.__file__[len(prefix):]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(prefix)
    and module.__file__.endswith(".py")
})


def module_name(name):
    """The dotted name of the module a .py file of the zip holds."""
    return name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def top_level(name):
    return name.partition("/")[0].removesuffix(".py")


#: Packages whose modules Python looks up one by one, by name, most of them never: the codecs.
SPLIT_PACKAGES = {"encodings"}

with zipfile.ZipFile(STDLIB_ZIP) as original:
    names = sorted(original.namelist())
    # Folders and data files stay in the first zip, and so does every module of a package
    # that holds a needed module (a module an example needs may be one its package imports
    # only when it is first used: importlib.resources), but for the packages split by module.
    needed_set = set(needed)
    core = {top_level(name) for name in needed} - SPLIT_PACKAGES
    first = [n for n in names
             if n in needed_set or not n.endswith(".py") or top_level(n) in core]
    first_set = set(first)
    second = [n for n in names if n not in first_set]
    rest_modules = sorted(module_name(n) for n in second)
    site_customize = request["siteCustomize"].replace(
        "REST_MODULES: frozenset[str] = frozenset()",
        f"REST_MODULES: frozenset[str] = frozenset({rest_modules!r})", 1)
    with zipfile.ZipFile("/out/python_stdlib.zip", "w") as out:
        for name in first:
            data = original.read(name)
            if name in needed_set:
                name, data = name + "c", bytecode(data, prefix + name, optimize=2)
            out.writestr(*entry(name, data, compress=False))
        out.writestr(*entry("sitecustomize.pyc", bytecode(
            site_customize.encode(), prefix + "sitecustomize.py"), compress=False))
    with zipfile.ZipFile("/out/python_stdlib_rest.zip", "w") as out:
        for name in second:
            out.writestr(*entry(name, original.read(name), compress=True), compresslevel=9)

# The package: bytecode for every module, beside its source once unpacked.
tag = sys.implementation.cache_tag
package_root = request["packageDir"]
compiled = []
with zipfile.ZipFile("/out/package-pyc.zip", "w") as out:
    for folder, _, files in sorted(os.walk(package_root)):
        for file in sorted(files):
            if not file.endswith(".py"):
                continue
            path = os.path.join(folder, file)
            relative = os.path.relpath(path, package_root)
            head, stem = os.path.split(relative[:-3])
            target = os.path.join(head, "__pycache__", f"{stem}.{tag}.pyc")
            with open(path, "rb") as source:
                out.writestr(*entry(target, bytecode(source.read(), path), compress=True),
                             compresslevel=9)
            compiled.append(relative)

with open("/out/report.json", "w") as report:
    json.dump({"python": sys.version.split()[0], "cache_tag": tag,
               "stdlib_compiled": needed, "stdlib_rest_modules": rest_modules,
               "package_compiled": compiled}, report)
`;

const namespace = pyodide.globals.get("dict")();
namespace.set("REQUEST_JSON", JSON.stringify(request));
pyodide.runPython(COMPILE_PY, { globals: namespace });
namespace.destroy();

mkdirSync(request.outDir, { recursive: true });
for (const name of ["python_stdlib.zip", "python_stdlib_rest.zip", "package-pyc.zip", "report.json"]) {
  writeFileSync(join(request.outDir, name), pyodide.FS.readFile(`/out/${name}`));
}
