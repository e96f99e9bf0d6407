// Gzip size of what each screen needs on a first visit: the entry with its static imports, plus the screen's
// own chunk with the static imports the entry does not already bring (DESIGN.md §5 budgets).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzip = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

function closure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, into);
  return into;
}
const sizeOf = (keys) => [...keys].reduce((sum, key) => sum + gzip(manifest[key].file), 0);
const cssOf = (keys) =>
  [...new Set([...keys].flatMap((key) => manifest[key].css ?? []))].reduce(
    (sum, file) => sum + gzip(file),
    0,
  );

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const screens = Object.entries(manifest)
  // src/posts/composer is the post composer that the wall and the profiles load when asked.
  .filter(([key, chunk]) => chunk.isDynamicEntry && /\/(screens|posts)\//.test(key))
  .map(([key, chunk]) => {
    const own = closure(key);
    const extra = new Set([...own].filter((k) => !entry.has(k)));
    return {
      screen: chunk.name,
      ownKb: gzip(chunk.file) / 1024,
      firstLoadKb: (sizeOf(entry) + sizeOf(extra)) / 1024,
      extraKb: sizeOf(extra) / 1024,
      cssKb: (cssOf(entry) + cssOf(extra)) / 1024,
    };
  })
  .sort((a, b) => a.screen.localeCompare(b.screen));

export function bundleReport() {
  return { entryKb: sizeOf(entry) / 1024, screens };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = bundleReport();
  console.log(`entry + static imports: ${report.entryKb.toFixed(1)} KB gzip`);
  console.table(
    report.screens.map((s) => ({
      screen: s.screen,
      'own chunk KB': s.ownKb.toFixed(1),
      'screen extra KB': s.extraKb.toFixed(1),
      'first load JS KB': s.firstLoadKb.toFixed(1),
      'CSS KB': s.cssKb.toFixed(1),
    })),
  );
}
