/**
 * The HTML part of a mail, made from its text part (every mail is multipart text + HTML): text
 * escaped, paragraphs on blank lines, line breaks kept, links made clickable, in a plain layout
 * that mail clients render the same way. `lang` sets the document language.
 */
const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);
const URL_RE = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

function linkify(escaped: string): string {
  return escaped.replace(URL_RE, (url) => `<a href="${url}" style="color:#b91c1c">${url}</a>`);
}

export function mailHtml(text: string, lang: 'en' | 'fr' = 'en'): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${linkify(escape(p)).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b91c1c">contingency cash</p>
${paragraphs}
</div>
</body>
</html>`;
}
