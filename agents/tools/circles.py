#!/usr/bin/env python3
"""Finds dependency circles between the agent's modules (make -C agents check runs it; exit 1 on any).

A module is a source stem: src/<role>/x.c with its x.h (a header without a .c is a module of its own). Module a
depends on b when a's .c or .h says `#include "b.h"`, or when a's object file uses a symbol b's object defines
(a call, or a function handed over as a pointer: nm). A circle is a strongly connected set of two or more modules.
Usage: tools/circles.py SRC_DIR OBJ_DIR, or tools/circles.py --self-test (it finds the circles of a small tree
it builds, through an include and through a call, and none once they are gone).
"""
import pathlib
import re
import subprocess
import sys

# one Tarjan for the backend's import graph and this one: scripts/import_cycles.circles (its self-loop case never
# arises here, graph() leaves a module's own header and symbols out)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))
from import_cycles import circles  # noqa: E402

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def modules(src: pathlib.Path) -> dict[str, list[pathlib.Path]]:
    mods: dict[str, list[pathlib.Path]] = {}
    for f in sorted(src.rglob("*.[ch]")):
        mods.setdefault(f.stem, []).append(f)
    return mods


def symbols(obj: pathlib.Path, defined: bool) -> set[str]:
    args = ["nm", "--defined-only" if defined else "--undefined-only", str(obj)]
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    kinds = "TDBRCV" if defined else "U"
    return {p[-1] for p in (line.split() for line in out.splitlines()) if len(p) >= 2 and p[-2] in kinds}


def graph(src: pathlib.Path, objs: pathlib.Path) -> dict[str, set[str]]:
    mods = modules(src)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, files in mods.items():
        for f in files:
            for inc in INCLUDE.findall(f.read_text()):
                stem = pathlib.PurePath(inc).stem
                if stem in mods and stem != m:
                    edges[m].add(stem)
    owner: dict[str, str] = {}
    used: dict[str, set[str]] = {}
    for m in mods:
        obj = next(objs.rglob(f"{m}.o"), None)
        if obj is None:
            continue
        for s in symbols(obj, True):
            owner[s] = m
        used[m] = symbols(obj, False)
    for m, syms in used.items():
        edges[m] |= {owner[s] for s in syms if s in owner and owner[s] != m}
    return edges


def self_test() -> int:
    import tempfile

    def tree(files: dict[str, str]) -> list[list[str]]:
        with tempfile.TemporaryDirectory() as d:
            root = pathlib.Path(d)
            for name, text in files.items():
                (root / name).write_text(text)
            for c in root.glob("*.c"):
                subprocess.run(["cc", "-c", "-o", str(c.with_suffix(".o")), str(c)], check=True, cwd=d)
            return circles(graph(root, root))

    base = {"a.h": "int a(void);\n", "b.h": "int b(void);\n", "c.h": "int c(void);\n",
            "a.c": '#include "a.h"\n#include "b.h"\nint a(void) { return b(); }\n',
            "c.c": '#include "c.h"\nint c(void) { return 3; }\n'}
    by_call = tree(base | {"b.c": "int a(void);\nint b(void) { return a(); }\n"})
    by_include = tree(base | {"b.c": '#include "a.h"\nint b(void) { return 2; }\n'})
    none = tree(base | {"b.c": '#include "c.h"\nint b(void) { return c(); }\n'})
    ok = by_call == [["a", "b"]] and by_include == [["a", "b"]] and none == []
    print(f"circles self-test: {'ok' if ok else 'FAILED'} (call {by_call}, include {by_include}, none {none})")
    return 0 if ok else 1


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    edges = graph(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
    found = circles(edges)
    for comp in found:
        inside = {m: sorted(edges[m] & set(comp)) for m in comp}
        print("circle: " + "; ".join(f"{m} -> {', '.join(d)}" for m, d in inside.items()))
    print(f"module circles: {len(found)} ({len(edges)} modules)")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
