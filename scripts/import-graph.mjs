#!/usr/bin/env node
// `npm run graph`: the import graph of the server's modules and the web's features, at the level
// docs/architecture.md draws (a module, a feature, or a layer such as lib). Prints every edge and
// fails when the graph has a cycle (two modules importing each other included), so CI keeps the
// one import direction. `--json` prints the graph as JSON.
//
// Imports are read from the source text (static `import … from`, `export … from` and `import()`
// with a literal path); type-only imports count too, since they tie the two places together.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Which node of the graph a file belongs to. */
const AREAS = [
  {
    name: 'server',
    dir: 'apps/server/src',
    nodeOf(rel) {
      const parts = rel.split('/');
      if (parts[0] === 'modules') return `modules/${parts[1]}`;
      // The composition root wires everything; context and config are the types everything is handed.
      if (parts.length === 1) return parts[0] === 'context.ts' ? 'context' : parts[0] === 'config.ts' ? 'config' : 'root';
      return parts[0];
    },
  },
  {
    name: 'web',
    dir: 'apps/web/src',
    nodeOf(rel) {
      const parts = rel.split('/');
      if (parts[0] === 'features') return `features/${parts[1]}`;
      if (parts.length === 1) return 'root';
      return parts[0];
    },
  },
];

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveImport(fromFile, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(fromFile), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not this one */
    }
  }
  return undefined;
}

function graphOf(area) {
  const dir = path.join(root, area.dir);
  const edges = new Map(); // from -> Map(to -> count)
  for (const file of walk(dir)) {
    if (file.includes(`${path.sep}test${path.sep}`)) continue;
    const from = area.nodeOf(path.relative(dir, file).split(path.sep).join('/'));
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2]);
      if (!target || !target.startsWith(dir)) continue;
      const to = area.nodeOf(path.relative(dir, target).split(path.sep).join('/'));
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      edges.get(from).set(to, (edges.get(from).get(to) ?? 0) + 1);
    }
  }
  return edges;
}

/** Strongly connected components with more than one node (Tarjan). */
function cycles(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const n of nodes) if (!idx.has(n)) strong(n);
  return out;
}

const json = process.argv.includes('--json');
// `--check server` (or web): fail only on that area's cycles (all areas by default).
const checkIndex = process.argv.indexOf('--check');
const checked = checkIndex > 0 ? process.argv[checkIndex + 1].split(',') : AREAS.map((a) => a.name);
const report = {};
let failed = false;
for (const area of AREAS) {
  const edges = graphOf(area);
  const found = cycles(edges);
  report[area.name] = {
    edges: Object.fromEntries([...edges].sort().map(([from, tos]) => [from, Object.fromEntries([...tos].sort())])),
    cycles: found,
  };
  if (found.length && checked.includes(area.name)) failed = true;
  if (!json) {
    console.log(
      `\n${area.name} (${area.dir}): ${[...edges.values()].reduce((n, m) => n + m.size, 0)} edges between ${new Set([...edges.keys()]).size} importing nodes`,
    );
    for (const [from, tos] of [...edges].sort()) {
      console.log(`  ${from} → ${[...tos.keys()].sort().join(', ')}`);
    }
    if (found.length) {
      console.log(`  CYCLES (${found.length}):`);
      for (const c of found) console.log(`    ${c.join(' ⇄ ')}`);
    } else {
      console.log('  no cycles');
    }
  }
}
if (json) console.log(JSON.stringify(report, null, 2));
process.exit(failed ? 1 : 0);
