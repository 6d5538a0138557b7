/**
 * The `/api/docs` reference page: the OpenAPI document drawn as plain HTML on the server (no
 * script, no CDN), its headings and labels in the reader's language.
 */
import type { TFunction } from 'i18next';
import type { Lang } from '~/lib/lang';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  pattern?: string;
  maxLength?: number;
  const?: unknown;
};
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  description?: string;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { description: string }>;
};
type Doc = { info: { title: string }; paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

function esc(text: unknown): string {
  return String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A schema's type in a few words (`string`, `one of: a, b`, `array of object`). */
function typeOf(s: Schema | undefined): string {
  if (!s) return '';
  if (s.$ref) return s.$ref.split('/').pop()!;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(typeOf).join(' | ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  if (type === 'array') return `array of ${typeOf(s.items)}`;
  const extra = [s.pattern ? `pattern ${s.pattern}` : '', s.maxLength ? `≤ ${s.maxLength}` : '']
    .filter(Boolean)
    .join(', ');
  return extra ? `${type} (${extra})` : type;
}

function anchor(method: string, path: string): string {
  return `${method}-${path.replace(/[^a-zA-Z0-9]+/g, '-')}`.replace(/-+$/, '');
}

function fieldTable(t: TFunction, rows: [string, string, boolean, string, string?][]): string {
  const hasIn = rows.some((r) => r[4] !== undefined);
  return `<table><thead><tr><th scope="col">${esc(t('api:docs.name'))}</th>${
    hasIn ? `<th scope="col">${esc(t('api:docs.in'))}</th>` : ''
  }<th scope="col">${esc(t('api:docs.type'))}</th><th scope="col">${esc(
    t('api:docs.required'),
  )}</th><th scope="col">${esc(t('api:docs.description'))}</th></tr></thead><tbody>${rows
    .map(
      ([name, type, required, description, where]) =>
        `<tr><th scope="row"><code>${esc(name)}</code></th>${
          hasIn ? `<td data-label="${esc(t('api:docs.in'))}">${esc(where)}</td>` : ''
        }<td data-label="${esc(t('api:docs.type'))}"><code>${esc(type)}</code></td><td data-label="${esc(
          t('api:docs.required'),
        )}">${esc(t(required ? 'api:docs.yes' : 'api:docs.no'))}</td><td data-label="${esc(
          t('api:docs.description'),
        )}">${esc(description)}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function operationHtml(t: TFunction, method: string, path: string, o: Operation): string {
  const params = (o.parameters ?? []).map(
    (p) =>
      [
        p.name,
        typeOf(p.schema),
        Boolean(p.required),
        p.description ?? p.schema?.description ?? '',
        p.in,
      ] as [string, string, boolean, string, string],
  );
  const body = Object.entries(o.requestBody?.content ?? {})
    .map(([media, { schema }]) => {
      const props = Object.entries(schema?.properties ?? {}).map(
        ([name, s]) =>
          [name, typeOf(s), (schema?.required ?? []).includes(name), s.description ?? ''] as [
            string,
            string,
            boolean,
            string,
          ],
      );
      return `<p><code>${esc(media)}</code></p>${props.length ? fieldTable(t, props) : ''}`;
    })
    .join('');
  const responses = Object.entries(o.responses)
    .map(
      ([status, r]) => `<tr><th scope="row">${esc(status)}</th><td>${esc(r.description)}</td></tr>`,
    )
    .join('');
  return `<section aria-labelledby="${anchor(method, path)}"><h3 id="${anchor(method, path)}"><code>${esc(
    method.toUpperCase(),
  )} ${esc(path)}</code></h3><p>${esc(o.summary)}</p>${o.description ? `<p>${esc(o.description)}</p>` : ''}<h4>${esc(
    t('api:docs.parameters'),
  )}</h4>${params.length ? fieldTable(t, params) : `<p>${esc(t('api:docs.noParameters'))}</p>`}${
    body ? `<h4>${esc(t('api:docs.requestBody'))}</h4>${body}` : ''
  }<h4>${esc(t('api:docs.responses'))}</h4><table><thead><tr><th scope="col">${esc(
    t('api:docs.status'),
  )}</th><th scope="col">${esc(t('api:docs.description'))}</th></tr></thead><tbody>${responses}</tbody></table></section>`;
}

// On a phone (390 px) nothing scrolls sideways: long paths and patterns break anywhere, and each
// table row becomes a card whose cells carry their column's name (data-label).
const STYLE = `body{font-family:system-ui,sans-serif;margin:0 auto;max-width:70rem;padding:1rem 1.5rem;color:#1a1a1a;line-height:1.5;overflow-wrap:anywhere}
a{color:#b34700}a:focus-visible{outline:3px solid #b34700;outline-offset:2px}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1rem}th,td{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace;font-size:.95em;overflow-wrap:anywhere}section{border-top:1px solid #ddd;padding-top:.5rem}
nav ul{columns:2}h3 code{font-size:1.05em}
@media (max-width:40rem){body{padding:.75rem}nav ul{columns:1;padding-left:1rem}
table,tbody,tr,th,td{display:block;width:auto}thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border:1px solid #ccc;margin-bottom:.5rem}th,td{border:0}td[data-label]::before{content:attr(data-label) ": ";font-weight:600}}`;

/** The whole page, in `lang`. */
export function referencePage(doc: Doc, t: TFunction, lang: Lang): string {
  const groups = new Map<string, [string, string, Operation][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const o = item[method];
      if (!o) continue;
      const tag = o.tags?.[0] ?? '';
      groups.set(tag, [...(groups.get(tag) ?? []), [method, path, o]]);
    }
  }
  const other = lang === 'fr' ? 'en' : 'fr';
  const toc = [...groups]
    .map(
      ([tag, ops]) =>
        `<li>${esc(tag)}<ul>${ops
          .map(
            ([m, p]) =>
              `<li><a href="#${anchor(m, p)}"><code>${esc(m.toUpperCase())} ${esc(p)}</code></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = [...groups]
    .map(
      ([tag, ops]) =>
        `<h2>${esc(tag)}</h2>${ops.map(([m, p, o]) => operationHtml(t, m, p, o)).join('')}`,
    )
    .join('');
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(
    t('api:docs.title'),
  )}</title><style>${STYLE}</style></head><body><header><p><a href="/api/docs?lang=${other}" lang="${other}" hreflang="${other}">${esc(
    t('api:docs.otherLanguage'),
  )}</a></p><h1>${esc(t('api:docs.title'))}</h1><p>${esc(t('api:docs.intro'))} <a href="/api/openapi.json">${esc(
    t('api:docs.document'),
  )}</a>.</p></header><nav aria-labelledby="toc"><h2 id="toc">${esc(
    t('api:docs.contents'),
  )}</h2><ul>${toc}</ul></nav><main><h2>${esc(t('api:docs.conventions'))}</h2><ul><li>${esc(
    t('api:docs.language'),
  )}</li><li>${esc(t('api:docs.errors'))}</li><li>${esc(t('api:docs.auth'))}</li><li>${esc(t('api:docs.idempotency'))}</li></ul>${sections}</main></body></html>`;
}
