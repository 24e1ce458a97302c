/**
 * Prints the shape of the source tree's import graph: feature floors, file import circles,
 * two-way feature pairs and imports that reach past another feature's face (its index.ts).
 * `npm run bench:imports` (add `--list` to name every offending import).
 */
import fs from "node:fs";
import path from "node:path";

import ts from "typescript";

const ROOT = path.resolve(import.meta.dirname, "..");
const SRC = path.join(ROOT, "src");
const list = process.argv.includes("--list");

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });

const resolve = (from: string, spec: string): string | undefined => {
  if (!spec.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ""));
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
};

const importsOf = (file: string) =>
  ts
    .preProcessFile(fs.readFileSync(file, "utf8"), true, true)
    .importedFiles.map((ref) => resolve(file, ref.fileName))
    .filter((target): target is string => Boolean(target));

/** "server:cases" for src/server/features/cases/…; undefined outside a feature. */
const featureOf = (file: string) => {
  const match = /src\/(server|client)\/features\/([^/]+)\//.exec(file);
  return match ? `${match[1]}:${match[2]}` : undefined;
};
const isFace = (file: string) => /src\/(server|client)\/features\/[^/]+\/index\.tsx?$/.test(file);
const rel = (file: string) => path.relative(ROOT, file);

const files = walk(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

// Imports of another feature's inner file, from a feature or from any other file under src.
const pastFaces: string[] = [];
const featureEdges = new Map<string, Set<string>>();
for (const [file, targets] of graph) {
  const from = featureOf(file);
  for (const target of targets) {
    const to = featureOf(target);
    if (!to || to === from) continue;
    if (!isFace(target)) pastFaces.push(`${rel(file)} -> ${rel(target)}`);
    if (from) {
      if (!featureEdges.has(from)) featureEdges.set(from, new Set());
      featureEdges.get(from)!.add(to);
    }
  }
}

// File circles: strongly connected components of more than one file (Tarjan).
const circles: string[][] = [];
{
  let index = 0;
  const stack: string[] = [];
  const meta = new Map<string, { index: number; low: number; onStack: boolean }>();
  const connect = (node: string) => {
    meta.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!meta.has(next)) {
        connect(next);
        meta.get(node)!.low = Math.min(meta.get(node)!.low, meta.get(next)!.low);
      } else if (meta.get(next)!.onStack) {
        meta.get(node)!.low = Math.min(meta.get(node)!.low, meta.get(next)!.index);
      }
    }
    if (meta.get(node)!.low === meta.get(node)!.index) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        meta.get(member)!.onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) circles.push(component.map(rel));
    }
  };
  for (const file of files) if (!meta.has(file)) connect(file);
}

const pairs = new Set<string>();
for (const [from, tos] of featureEdges)
  for (const to of tos)
    if (featureEdges.get(to)?.has(from)) pairs.add([from, to].sort().join(" <-> "));

// Floors: 1 + the highest floor a feature imports (features in a two-way pair share a floor).
const floors = new Map<string, number>();
const floorOf = (feature: string, seen = new Set<string>()): number => {
  if (floors.has(feature)) return floors.get(feature)!;
  if (seen.has(feature)) return 0;
  seen.add(feature);
  let floor = 1;
  for (const to of featureEdges.get(feature) ?? []) floor = Math.max(floor, floorOf(to, seen) + 1);
  seen.delete(feature);
  floors.set(feature, floor);
  return floor;
};
const features = [...new Set(files.map(featureOf).filter((f): f is string => Boolean(f)))].sort();
for (const feature of features) floorOf(feature);

const edgeCount = [...featureEdges.values()].reduce((sum, tos) => sum + tos.size, 0);
console.log(`files ${files.length}, features ${features.length}`);
console.log(`feature-to-feature pairs ${edgeCount}`);
console.log(`imports past a face ${pastFaces.length}`);
console.log(`file circles ${circles.length}`);
console.log(`two-way feature pairs ${pairs.size}`);
for (const side of ["server", "client"]) {
  const mine = features.filter((f) => f.startsWith(side));
  console.log(`${side} floors ${Math.max(0, ...mine.map((f) => floors.get(f) ?? 0))}`);
}
if (list) {
  for (const circle of circles) console.log(`circle: ${circle.join(" , ")}`);
  for (const pair of pairs) console.log(`pair: ${pair}`);
  for (const feature of features)
    console.log(
      `floor ${floors.get(feature)}: ${feature} -> ${[...(featureEdges.get(feature) ?? [])].join(" ")}`,
    );
  for (const line of pastFaces) console.log(`past face: ${line}`);
}
