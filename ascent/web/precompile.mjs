/* Run by `ascent web build` under Node: Pyodide's own Python (the same build the browser runs, so the
   bytecode's magic number is its own) compiles what the worker imports, so the browser unmarshals
   bytecode instead of compiling Python source at every visit.

     node precompile.mjs PYODIDE_DIR STDLIB_IN ASCENT_IN STDLIB_OUT ASCENT_OUT

   - ASCENT_IN (the engine's sources, as `engine_zip` writes them) is unpacked and exercised the way the
     page uses it (read, hint, the walk-through, a tiny generate, the guide), to learn which standard
     library modules the worker imports (Pyodide's own start-up imports included).
   - STDLIB_OUT is Pyodide's python_stdlib.zip with each of those modules as unchecked hash-based .pyc
     in place of its .py (zipimport takes a .pyc without its source); every other module stays source.
   - ASCENT_OUT is ASCENT_IN, stored (the worker unpacks it in JavaScript; HTTP compresses it), with
     each .py's __pycache__/NAME.<cache_tag>.pyc beside it (unchecked hash: the source is kept for
     tracebacks but never read to import).
   Prints one JSON line: {python, cache_tag, stdlib_compiled, ascent_compiled}. */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [dir, stdIn, ascIn, stdOut, ascOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: dir + path.sep, stdout: () => {}, stderr: () => {} });
py.FS.mkdirTree("/tmp/pc");
py.FS.writeFile("/tmp/pc/std.zip", fs.readFileSync(stdIn));
py.FS.writeFile("/tmp/pc/asc.zip", fs.readFileSync(ascIn));
const out = py.runPython(`
import importlib.util, json, sys, zipfile
from importlib import _bootstrap_external as be

zipfile.ZipFile('/tmp/pc/asc.zip').extractall('/tmp/pc/app')
sys.path.insert(0, '/tmp/pc/app')
from ascent.web import bridge
four = bridge.read('skyscrapers/4/4/k13h4j3g')
bridge.hint(four['record'], [0] * 16, [0] * 16, 3)
bridge.explain(four['record'])
bridge.guide()
bridge.generate(4, 'easy', '1')
used = {m.__name__ for m in list(sys.modules.values()) if getattr(m, '__file__', None) and
        (m.__file__ or '').startswith('/lib/python313.zip/')}
used = {name.replace('.', '/') for name in used}

def pyc(data, filename):
    code = compile(data, filename, 'exec', dont_inherit=True)
    return bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))

def entry(name, like, how=zipfile.ZIP_DEFLATED):
    info = zipfile.ZipInfo(name, date_time=like.date_time)
    info.compress_type = how
    return info

std = 0
with zipfile.ZipFile('/tmp/pc/std.zip') as src, zipfile.ZipFile('/tmp/pc/std_out.zip', 'w', zipfile.ZIP_DEFLATED) as dst:
    for info in src.infolist():
        data = src.read(info)
        mod = info.filename[:-3].removesuffix('/__init__')
        if info.filename.endswith('.py') and mod in used:
            dst.writestr(entry(info.filename + 'c', info), pyc(data, '/lib/python313.zip/' + info.filename))
            std += 1
        else:
            dst.writestr(info, data)

tag = sys.implementation.cache_tag
asc = 0
with zipfile.ZipFile('/tmp/pc/asc.zip') as src, zipfile.ZipFile('/tmp/pc/asc_out.zip', 'w', zipfile.ZIP_STORED) as dst:
    for info in src.infolist():
        data = src.read(info)
        dst.writestr(entry(info.filename, info, zipfile.ZIP_STORED), data)
        if info.filename.endswith('.py'):
            folder, _, name = info.filename.rpartition('/')
            where = f'{folder}/__pycache__/{name[:-3]}.{tag}.pyc'
            dst.writestr(entry(where, info, zipfile.ZIP_STORED), pyc(data, '/home/pyodide/app/' + info.filename))
            asc += 1
json.dumps({'python': sys.version.split()[0], 'cache_tag': tag, 'stdlib_compiled': std, 'ascent_compiled': asc})
`);
fs.writeFileSync(stdOut, py.FS.readFile("/tmp/pc/std_out.zip"));
fs.writeFileSync(ascOut, py.FS.readFile("/tmp/pc/asc_out.zip"));
process.stdout.write(out + "\n");
