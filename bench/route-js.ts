/**
 * JavaScript a public page makes the browser load before it is interactive: every script the
 * HTML names (modulepreload links and module scripts), each gzipped at level 9, summed.
 * Chunks the page only imports later (the Google map, after mount and with a key) are not counted.
 *
 *   npx tsx bench/route-js.ts --url http://127.0.0.1:3202 [/ /events /dealers …]
 */
import { pageScripts } from './route-js-lib';

const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const base = urlAt >= 0 ? args[urlAt + 1] : 'http://127.0.0.1:3000';
const paths = args.filter((a, i) => !a.startsWith('--') && i !== urlAt + 1);
const pages = paths.length ? paths : ['/', '/events', '/dealers', '/fr/dealers'];

for (const p of pages) {
  const { total, files } = await pageScripts(base, p);
  console.log(
    `${p.padEnd(20)} ${(total / 1000).toFixed(1).padStart(7)} kB gzip, ${files.length} files`,
  );
  if (process.argv.includes('--files')) {
    for (const f of files.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`    ${(f.gzip / 1000).toFixed(1).padStart(6)} kB  ${f.src}`);
    }
  }
}
