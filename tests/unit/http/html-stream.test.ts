import { Writable } from 'node:stream';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { htmlBody, withoutNul } from '~/http/html-stream.server';

/** A list of short items: many small writes, so some multi-byte character meets a view's end. */
const page = (text: string) =>
  createElement(
    'ul',
    null,
    Array.from({ length: 300 }, (_, i) => createElement('li', { key: i, title: text }, text)),
  );

/** Everything a pipeable render writes, or the page `htmlBody` hands over when `collect`. */
function render(text: string, collect = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    const sink = collect
      ? htmlBody(resolve)
      : new Writable({
          write(chunk: Buffer, _e, done) {
            parts.push(chunk);
            done();
          },
        }).on('finish', () => resolve(Buffer.concat(parts)));
    const { pipe } = renderToPipeableStream(page(text), {
      onAllReady() {
        pipe(sink);
      },
      onShellError: reject,
    });
  });
}

describe('server-rendered pages carry only the bytes React meant to send', () => {
  // Shifting the text by one byte at a time moves the characters over the view boundaries.
  const texts = Array.from(
    { length: 6 },
    (_, i) => `${'x'.repeat(i)}Ce que signifie «\u00a0No\u00a0»`,
  );

  it("React's renderer alone sends NUL bytes where a multi-byte character meets a view's end", async () => {
    const raw = await Promise.all(texts.map((t) => render(t)));
    expect(raw.some((b) => b.includes(0))).toBe(true);
  });

  it('the page collector drops them: the page is byte for byte what renderToString gives', async () => {
    for (const text of texts) {
      const html = await render(text, true);
      expect(html.includes(0)).toBe(false);
      expect(html.toString('utf8')).toBe(renderToString(page(text)));
    }
  });

  it('withoutNul keeps a buffer with no NUL as it is and removes each NUL otherwise', () => {
    const clean = Buffer.from('abc');
    expect(withoutNul(clean)).toBe(clean);
    expect(withoutNul(Buffer.from([0, 97, 0, 0, 98, 0])).toString()).toBe('ab');
  });
});
