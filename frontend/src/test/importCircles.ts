// The UI's import circles: every strongly connected group of src/ modules that import each other (type-only
// imports included: a circle of types still ties the modules' meaning together). Run by noImportCircles.test.ts.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const IMPORT = /(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']/g;
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  return EXTENSIONS.map((e) => base + e).find((p) => existsSync(p));
}

/** Each circle as its modules' paths relative to `root` (Tarjan's strongly connected components of size > 1). */
export function importCircles(root: string): string[][] {
  const files = sources(root);
  const edges = new Map(files.map((f) => [f, [...readFileSync(f, "utf8").matchAll(IMPORT)]
    .map((m) => resolveImport(f, m[1])).filter((p): p is string => p !== undefined)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do { w = stack.pop()!; group.push(relative(root, w)); } while (w !== v);
      if (group.length > 1) circles.push(group.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return circles;
}
