/** Links in mails use PUBLIC_URL, never the Host header a client sent (password-reset poisoning). */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
  delete process.env.PUBLIC_URL;
});

describe('publicOrigin', () => {
  it('PUBLIC_URL wins over the request host', async () => {
    process.env.PUBLIC_URL = 'https://contingency.example.com/';
    const { publicOrigin } = await import('~/services/platform/public-url.server');
    expect(publicOrigin(new Request('http://evil.example:3000/forgot-password'))).toBe('https://contingency.example.com');
  });

  it('without PUBLIC_URL, the request origin (development)', async () => {
    const { publicOrigin } = await import('~/services/platform/public-url.server');
    expect(publicOrigin(new Request('http://localhost:3000/forgot-password'))).toBe('http://localhost:3000');
  });
});
