#!/usr/bin/env python3
"""Import circles among a Python tree's own modules: `python3 scripts/import_cycles.py backend` prints one line per
circle and `import circles: N`, and exits 1 when N > 0 (backend/tests/test_import_cycles.py runs it).

Every import statement counts, function-local ones included (importing inside a function only hides a circle).
`from a.b import c` is an edge to module a.b.c when that is a module, else to a.b. A package's __init__ is a node of
its own, reached only when it is imported by name: Python runs the parents first, but a module importing its
siblings' package is not what a circle here means. A circle is a strongly connected component of two or more
modules, or a module importing itself."""

import ast
import sys
from pathlib import Path


def modules(root: Path) -> dict[str, Path]:
    """Dotted name → file, for every .py under root (root itself is on sys.path, as backend/ is for its tests)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        if parts and all(p.isidentifier() for p in parts):
            out[".".join(parts)] = path
    return out


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of `known` that module `name` imports, anywhere in its file."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: up level-1 packages from this module's own
                up = package.split(".")[: len(package.split(".")) - node.level + 1] if package else []
                base = ".".join(up + ([base] if base else []))
            found.update(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names)
    return {m for m in found if m in known and m != name} | ({name} & found)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module, or one importing itself; sorted."""
    index, low, stack, on_stack, out = {}, {}, [], set(), []

    def visit(v: str) -> None:  # recursion depth is bounded by the import chain's length
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in graph[v]:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: import_cycles.py <source root, e.g. backend>", file=sys.stderr)
        return 2
    known = modules(Path(argv[1]))
    found = circles({name: imports(name, path, known) for name, path in known.items()})
    for comp in found:
        print("circle: " + " <-> ".join(comp))
    print(f"import circles: {len(found)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
