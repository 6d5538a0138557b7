/**
 * The slowest pages each role reaches: anonymous, then signed in as the demo admin, dealer and
 * promoter and a rider (`--rider EMAIL`, default the demo rider), it follows the links of each
 * page from the role's home (a few pages of each shape: ids and query values count as one shape),
 * fetches each page three times one after another and keeps the fastest. Prints the slowest pages
 * of all, with their role. Against a running app with the page cache off (PAGE_CACHE_TTL_MS=0),
 * on the five-year data: a plan gone wrong shows up as one page far behind the rest.
 *
 *   npx tsx bench/crawl.ts --url http://127.0.0.1:PORT [--rider EMAIL] [--max 150] [--top 25]
 */
import { parseArgs } from 'node:util';
import { signIn } from './sign-in';

const { values: opt } = parseArgs({
  options: {
    url: { type: 'string' },
    rider: { type: 'string', default: 'rider@contingency.test' },
    max: { type: 'string', default: '150' },
    top: { type: 'string', default: '25' },
  },
});
if (!opt.url) throw new Error('--url http://127.0.0.1:PORT of a running app');
const base = opt.url.replace(/\/$/, '');
const maxPages = Number(opt.max);

// Links that change something, leave the app or send a file are not followed.
const NOT_FOLLOWED =
  /logout|set-lang|\/api\/|export|download|\.csv|\.xlsx|proxy|delete|^\/fr(\/|$)/;
const ASSET = /\.(css|js|png|svg|ico|webp|woff2?)(\?|$)/;

/** A link's shape: its path with numbers as N and its query's parameter names. */
function shapeOf(link: string): string {
  const [pathPart, query = ''] = link.split('?');
  const names = [...new URLSearchParams(query).keys()].sort().join('&');
  return `${pathPart.replace(/\d+/g, 'N')}?${names}`;
}

type Timed = { ms: number; status: number; path: string; role: string };

async function crawl(role: string, start: string, cookie: string): Promise<Timed[]> {
  const seen = new Set<string>([start, shapeOf(start)]);
  const queue = [start];
  const out: Timed[] = [];
  while (queue.length && out.length < maxPages) {
    const path = queue.shift()!;
    let best = Infinity;
    let status = 0;
    let html = '';
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const r = await fetch(base + path, { headers: { cookie }, redirect: 'manual' });
      html = await r.text();
      status = r.status;
      best = Math.min(best, performance.now() - t0);
      if (status !== 200) break;
    }
    out.push({ ms: best, status, path, role });
    if (status !== 200) continue;
    for (const m of html.matchAll(/href="([^"#]+)"/g)) {
      const link = m[1].replace(/&amp;/g, '&');
      if (!link.startsWith('/') || link.startsWith('//')) continue;
      if (NOT_FOLLOWED.test(link) || ASSET.test(link)) continue;
      const shape = shapeOf(link);
      if (seen.has(link) || seen.has(shape)) continue;
      seen.add(link);
      seen.add(shape);
      queue.push(link);
    }
  }
  return out;
}

const roles: [string, string, string | null][] = [
  ['anonymous', '/', null],
  ['admin', '/auth/admin', 'admin@contingency.test'],
  ['dealer', '/auth/dealer', 'dealer@contingency.test'],
  ['promoter', '/auth/promoter', 'promoter@contingency.test'],
  ['rider', '/auth/rider', opt.rider!],
];
const all: Timed[] = [];
for (const [role, start, email] of roles) {
  const cookie = email ? await signIn(base, email) : '';
  const pages = await crawl(role, start, cookie);
  const ms = pages.map((p) => p.ms).sort((a, b) => a - b);
  console.log(
    `${role}: ${pages.length} pages, median ${ms[Math.floor(ms.length / 2)]?.toFixed(1)} ms, slowest ${ms.at(-1)?.toFixed(1)} ms`,
  );
  all.push(...pages);
}
console.log('\n| ms | status | role | page |\n|---|---|---|---|');
for (const p of all.sort((a, b) => b.ms - a.ms).slice(0, Number(opt.top)))
  console.log(`| ${p.ms.toFixed(1)} | ${p.status} | ${p.role} | \`${p.path}\` |`);
