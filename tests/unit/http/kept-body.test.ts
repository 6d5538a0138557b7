/**
 * Bodies kept as text (~/http/kept-body.server): a `jsonAnswer` is, to every reader, the Response
 * `Response.json` gives, and a `BodyRead` the Request a body gives; each is read once, as a Fetch
 * body is, and the server finds the text of one not read yet.
 */
import { describe, expect, it } from 'vitest';
import { jsonAnswer, keptAnswer } from '~/http/kept-answer.server';
import { unreadKept } from '~/http/kept-body.server';
import { BodyRead, hasBody } from '../../../server/fetch-bridge';

const VALUE = { redemption: { id: 7, code: '7', employeeName: 'Zoé' }, code: 'ABC' };
const TEXT = JSON.stringify(VALUE);

async function streamText(stream: ReadableStream<Uint8Array> | null): Promise<string> {
  return new Response(stream).text();
}

describe('a JSON answer with its text kept reads as Response.json', () => {
  const pair = () => [
    jsonAnswer(VALUE, { status: 201, headers: { 'Idempotent-Replayed': 'true' } }),
    Response.json(VALUE, { status: 201, headers: { 'Idempotent-Replayed': 'true' } }),
  ];

  it('has the same status, headers and text', async () => {
    const [kept, plain] = pair();
    expect(kept).toBeInstanceOf(Response);
    expect(kept.status).toBe(plain.status);
    expect([...kept.headers]).toEqual([...plain.headers]);
    expect(await kept.text()).toBe(await plain.text());
  });

  it('gives the same JSON, bytes, blob and body stream', async () => {
    expect(await pair()[0].json()).toEqual(VALUE);
    const [a, b] = pair();
    expect(Buffer.from(await a.arrayBuffer())).toEqual(Buffer.from(await b.arrayBuffer()));
    const [c, d] = pair();
    const [blobC, blobD] = [await c.blob(), await d.blob()];
    expect(blobC.type).toBe(blobD.type);
    expect(await blobC.text()).toBe(await blobD.text());
    const [e] = pair();
    expect(hasBody(e)).toBe(true);
    expect(e.body).toBe(e.body);
    expect(await streamText(e.body)).toBe(TEXT);
    expect(e.bodyUsed).toBe(true);
  });

  it('keeps an explicit Content-Type', async () => {
    const kept = jsonAnswer(VALUE, {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(kept.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
  });

  it('is read once: a second read and a clone after it are refused', async () => {
    const [kept] = pair();
    expect(kept.bodyUsed).toBe(false);
    expect(unreadKept(kept)).toBe(TEXT);
    await kept.json();
    expect(kept.bodyUsed).toBe(true);
    expect(unreadKept(kept)).toBeUndefined();
    await expect(kept.text()).rejects.toThrow(TypeError);
    expect(() => kept.clone()).toThrow(TypeError);
  });

  it('clones into an answer read on its own', async () => {
    const [kept] = pair();
    const copy = kept.clone();
    expect(copy.status).toBe(201);
    expect(copy.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await copy.json()).toEqual(VALUE);
    expect(kept.bodyUsed).toBe(false);
    expect(await kept.text()).toBe(TEXT);
  });

  it('copies into a plain Response through its body', async () => {
    const [kept] = pair();
    const copy = new Response(kept.body, kept);
    expect(copy.status).toBe(201);
    expect(await copy.json()).toEqual(VALUE);
  });

  it('refuses what Response.json refuses', () => {
    for (const value of [undefined, () => 1, Symbol('x')]) {
      expect(() => Response.json(value)).toThrow(TypeError);
      expect(() => jsonAnswer(value)).toThrow(TypeError);
    }
  });

  it('is not mistaken for another answer', () => {
    expect(unreadKept(Response.json(VALUE))).toBeUndefined();
    expect(hasBody(new Response(null, { status: 204 }))).toBe(false);
  });
});

describe('a page kept as bytes reads as new Response(bytes)', () => {
  const page = () => new Uint8Array(Buffer.from('<!DOCTYPE html><p>Déjà vu</p>'));
  const init = { status: 404, headers: { 'Content-Type': 'text/html' } };

  it('gives the same text, bytes and stream, and its bytes to the server until read', async () => {
    const kept = keptAnswer(page(), init);
    expect(unreadKept(kept)).toEqual(page());
    expect(await kept.text()).toBe(await new Response(page(), init).text());
    expect(unreadKept(kept)).toBeUndefined();
    const bytes = keptAnswer(page(), init);
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(page());
    const asBytes = keptAnswer(page(), init) as Response & { bytes(): Promise<Uint8Array> };
    expect(await asBytes.bytes()).toEqual(page());
    const streamed = keptAnswer(page(), init);
    expect(await streamText(streamed.body)).toBe('<!DOCTYPE html><p>Déjà vu</p>');
    expect(streamed.status).toBe(404);
  });
});

describe('a request over a body already read reads as one with that body', () => {
  const at = (bytes: Uint8Array<ArrayBuffer>) =>
    new BodyRead(
      'http://127.0.0.1/api/dealer/redeem',
      { method: 'POST', headers: new Headers({ 'Content-Type': 'application/json' }) },
      bytes,
    );
  const make = () => at(new Uint8Array(Buffer.from(TEXT)));

  it('answers text and JSON from the text, once', async () => {
    const request = make();
    expect(request).toBeInstanceOf(Request);
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.bodyUsed).toBe(false);
    expect(await request.json()).toEqual(VALUE);
    expect(request.bodyUsed).toBe(true);
    await expect(request.text()).rejects.toThrow(TypeError);
    expect(() => request.clone()).toThrow(TypeError);
  });

  it('gives its body as a stream and as bytes', async () => {
    const streamed = make();
    expect(await streamText(streamed.body)).toBe(TEXT);
    expect(streamed.bodyUsed).toBe(true);
    const bytes = make();
    expect(Buffer.from(await bytes.arrayBuffer()).toString('utf8')).toBe(TEXT);
  });

  it('decodes a body as a Fetch body does: a byte-order mark dropped, stray bytes replaced', async () => {
    const messy = new Uint8Array(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT), Buffer.from([0xff])]),
    );
    const plain = new Request('http://127.0.0.1/', { method: 'POST', body: messy });
    expect(await at(messy).text()).toBe(await plain.text());
    const withBom = new Uint8Array(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]),
    );
    expect(await at(withBom).json()).toEqual(VALUE);
  });

  it('clones into a request read on its own', async () => {
    const request = make();
    const copy = request.clone();
    expect(copy.url).toBe(request.url);
    expect(await copy.text()).toBe(TEXT);
    expect(await request.text()).toBe(TEXT);
  });
});
