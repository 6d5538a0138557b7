/**
 * The HTML part of a mail, made from its text part (every mail is multipart text + HTML): text
 * escaped, paragraphs on blank lines, line breaks kept, the app's own links made clickable, in a
 * plain layout that mail clients render the same way. `lang` sets the document language, the
 * subject its title.
 *
 * Only a URL on our origin (PUBLIC_URL) becomes a link: mails carry what users typed (a rider's
 * name, a message), and a URL there must not become a link our mail vouches for.
 */
import { publicOrigin } from '~/env.server';

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);
const URL_RE = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/** True for a URL whose origin, as a browser reads it, is ours (not a look-alike of it). */
function isOwnLink(url: string, ownOrigin: string): boolean {
  try {
    return new URL(url).origin === ownOrigin;
  } catch {
    return false;
  }
}

/** The text escaped, with each URL on `ownOrigin` (found in the raw text) made a link. */
function linkify(text: string, ownOrigin: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    const url = m[0];
    out += escape(text.slice(last, m.index));
    out += isOwnLink(url, ownOrigin)
      ? `<a href="${escape(url)}" style="color:#b91c1c">${escape(url)}</a>`
      : escape(url);
    last = m.index + url.length;
  }
  return out + escape(text.slice(last));
}

export function mailHtml(
  text: string,
  lang: 'en' | 'fr' = 'en',
  ownOrigin: string = publicOrigin(),
  /** The mail's subject: the document's title, which clients and screen readers announce. */
  subject = 'contingency cash',
): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${linkify(p, ownOrigin).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b91c1c">contingency cash</p>
${paragraphs}
</div>
</body>
</html>`;
}
