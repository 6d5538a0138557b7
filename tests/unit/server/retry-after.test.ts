/**
 * Every 429 and 503 the server sends says when to come back (RFC 9110 Retry-After): a refusal
 * that names its own wait keeps it, any other gets the rate limits' window.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_AFTER, retryAfterOnRefusals } from '../../../server/retry-after';

describe('Retry-After on every refusal', () => {
  let server: http.Server;
  let base: string;
  beforeAll(() => {
    const app = express();
    app.use(retryAfterOnRefusals());
    app.get('/bare-429', (_req, res) => void res.status(429).send('slow down'));
    app.get('/own-429', (_req, res) => void res.status(429).set('Retry-After', '7').send('x'));
    app.get('/head-429', (_req, res) => {
      res.writeHead(429, { 'retry-after': '9', 'Content-Type': 'text/plain' });
      res.end('x');
    });
    app.get('/raw-429', (_req, res) => {
      res.writeHead(429, 'Too Many Requests', ['Retry-After', '11']);
      res.end();
    });
    app.get('/bare-503', (_req, res) => void res.status(503).end());
    app.get('/ok', (_req, res) => void res.send('fine'));
    server = app.listen(0);
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  it.each([
    ['/bare-429', String(DEFAULT_RETRY_AFTER)],
    ['/own-429', '7'],
    ['/head-429', '9'],
    ['/raw-429', '11'],
    ['/bare-503', String(DEFAULT_RETRY_AFTER)],
    ['/ok', null],
  ])('%s → Retry-After %s', async (p, expected) => {
    const res = await fetch(base + p);
    expect(res.headers.get('Retry-After')).toBe(expected);
  });
});
