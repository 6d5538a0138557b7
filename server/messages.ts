/**
 * Refusals Express sends before Remix runs (cross-site writes, oversized bodies, wrong upload
 * type, rate limits), in the user's language: under /api the one error shape `{ error, code }`
 * in the caller's language (the /api rule: ?lang, the lang cookie, Accept-Language), else a
 * small HTML page.
 */
import type { Response as ExpressResponse } from 'express';
import { apiLang } from '~/http/api.server';
import en from '../locales/en/security.json';
import fr from '../locales/fr/security.json';

export type SecurityMessage =
  'crossOrigin' | 'tooLarge' | 'notMultipart' | 'tooManyRequests' | 'badRequest' | 'busy';

/** French when the path is under /fr or the browser prefers French. */
function langOf(path: string, acceptLanguage: string | undefined): 'en' | 'fr' {
  if (path === '/fr' || path.startsWith('/fr/')) return 'fr';
  if (path.startsWith('/api/') && /^\s*fr\b/i.test(acceptLanguage ?? '')) return 'fr';
  return 'en';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function messageText(
  key: SecurityMessage,
  lang: 'en' | 'fr',
  values: Record<string, string> = {},
): string {
  const dict = lang === 'fr' ? fr : en;
  return dict[key].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
}

type RefusedRequest = {
  path: string;
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
};

/** The refusal's body, the way the caller expects it: JSON under /api, else a small HTML page. */
function refusalBody(
  req: RefusedRequest,
  status: number,
  key: SecurityMessage,
  values?: Record<string, string>,
): { type: string; body: string } {
  const accept = req.headers['accept-language'];
  if (req.path.startsWith('/api/') || req.path === '/api') {
    const headers = new Headers();
    for (const name of ['cookie', 'accept-language']) {
      const v = req.headers[name];
      if (typeof v === 'string') headers.set(name, v);
    }
    const url = `http://api.invalid${req.originalUrl ?? req.path}`;
    const text = messageText(key, apiLang(new Request(url, { headers })), values);
    return {
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ error: text, code: key }),
    };
  }
  const lang = langOf(req.path, Array.isArray(accept) ? accept[0] : accept);
  const text = messageText(key, lang, values);
  return {
    type: 'text/html; charset=utf-8',
    body: `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${status}</title></head><body><p>${escapeHtml(text)}</p></body></html>`,
  };
}

/** Sends the refusal (status + message) the way the caller expects it. */
export function refuse(
  req: RefusedRequest,
  res: ExpressResponse,
  status: number,
  key: SecurityMessage,
  values?: Record<string, string>,
) {
  const { type, body } = refusalBody(req, status, key, values);
  res.status(status).type(type).send(body);
}

/**
 * Sends the whole refusal, says the connection closes, but leaves the response open: the caller
 * ends it once the request's body has been read (Node closes the socket as soon as a
 * `Connection: close` response ends, and a close with unread bytes resets the connection).
 */
export function refuseKeepingOpen(
  req: RefusedRequest,
  res: ExpressResponse,
  status: number,
  key: SecurityMessage,
  values?: Record<string, string>,
) {
  const { type, body } = refusalBody(req, status, key, values);
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.write(body);
}
