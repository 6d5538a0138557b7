/** Plain HTTP helpers for the security suite: a cookie jar, raw requests with any header. */
import http from 'node:http';
import { testServer } from '../e2e/server';
import { DEMO, DEMO_PASSWORD } from '#db/seed-accounts';
import { contractOf, type Contract } from '../unit/helpers/openapi-contract';

export { DEMO, DEMO_PASSWORD };
export const base = () => testServer().baseURL;
export const origin = () => new URL(base()).origin;

export type Jar = Map<string, string>;

export function cookieHeader(jar: Jar): string {
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

function keep(jar: Jar, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    const value = pair.slice(i + 1);
    if (value === '' || /max-age=0/i.test(c)) jar.delete(pair.slice(0, i));
    else jar.set(pair.slice(0, i), value);
  }
}

/** fetch against the server, same-origin by default (Origin: ours), cookies from the jar. */
export async function req(
  path: string,
  init: RequestInit & { jar?: Jar; json?: unknown; form?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (init.jar?.size) headers.set('Cookie', cookieHeader(init.jar));
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  if (init.form) body = new URLSearchParams(init.form);
  const method = init.method ?? (body ? 'POST' : 'GET');
  if (method !== 'GET' && !headers.has('Origin') && !headers.has('X-No-Origin'))
    headers.set('Origin', origin());
  headers.delete('X-No-Origin');
  const res = await fetch(`${base()}${path}`, {
    ...init,
    method,
    headers,
    body,
    redirect: 'manual',
  });
  if (init.jar) keep(init.jar, res);
  await checkApiAnswer(method, path, res);
  return res;
}

let served: Promise<Contract> | null = null;

/**
 * Every /api answer of the suite is checked against the OpenAPI document the server itself
 * serves (status documented, JSON body matching its schema), so the description cannot drift.
 */
async function checkApiAnswer(method: string, path: string, res: Response) {
  if (!path.startsWith('/api/')) return;
  served ??= fetch(`${base()}/api/openapi.json`)
    .then((r) => r.json() as Promise<object>)
    .then(contractOf);
  const type = res.headers.get('Content-Type') ?? '';
  const body = type.includes('json')
    ? await res
        .clone()
        .json()
        .catch(() => undefined)
    : undefined;
  (await served).check(method, path, res.status, body, type);
}

/** Signs in with the login form; returns the jar holding the session (and the known-device cookie). */
export async function signIn(
  email: string,
  password = DEMO_PASSWORD,
  jar: Jar = new Map(),
): Promise<Jar> {
  const res = await req('/login', { form: { email, password }, jar });
  if (res.status !== 302) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return jar;
}

/** A raw HTTP/1.1 request (any Host, chunked bodies); resolves with status, headers and body. */
export function raw(opts: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  chunks?: Buffer[];
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const u = new URL(base());
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: opts.method ?? 'POST',
        path: opts.path,
        headers: opts.headers,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
        res.on('error', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    r.on('error', reject);
    if (opts.chunks) {
      let i = 0;
      const next = () => {
        if (i >= opts.chunks!.length) return r.end();
        if (!r.write(opts.chunks![i++])) r.once('drain', next);
        else setImmediate(next);
      };
      r.on('error', () => {});
      next();
    } else {
      r.end(opts.body);
    }
  });
}
