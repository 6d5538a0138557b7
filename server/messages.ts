/**
 * Refusals Express sends before Remix runs (cross-site writes, oversized bodies, wrong upload
 * type, rate limits), in the user's language: JSON `{ error }` under /api, else a small HTML page.
 */
import type { Response as ExpressResponse } from 'express';
import en from '../locales/en/security.json';
import fr from '../locales/fr/security.json';

export type SecurityMessage = 'crossOrigin' | 'tooLarge' | 'notMultipart' | 'tooManyRequests' | 'badRequest';

/** French when the path is under /fr or the browser prefers French. */
function langOf(path: string, acceptLanguage: string | undefined): 'en' | 'fr' {
  if (path === '/fr' || path.startsWith('/fr/')) return 'fr';
  if (path.startsWith('/api/') && /^\s*fr\b/i.test(acceptLanguage ?? '')) return 'fr';
  return 'en';
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function messageText(key: SecurityMessage, lang: 'en' | 'fr', values: Record<string, string> = {}): string {
  const dict = lang === 'fr' ? fr : en;
  return dict[key].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => values[k] ?? '');
}

/** Sends the refusal (status + message) the way the caller expects it. */
export function refuse(
  req: { path: string; headers: Record<string, string | string[] | undefined> },
  res: ExpressResponse,
  status: number,
  key: SecurityMessage,
  values?: Record<string, string>,
) {
  const accept = req.headers['accept-language'];
  const lang = langOf(req.path, Array.isArray(accept) ? accept[0] : accept);
  const text = messageText(key, lang, values);
  res.status(status);
  if (req.path.startsWith('/api/') || req.path === '/api') {
    res.json({ error: text });
    return;
  }
  res
    .type('html')
    .send(`<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>${status}</title></head><body><p>${escapeHtml(text)}</p></body></html>`);
}
