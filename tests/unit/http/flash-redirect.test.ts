/** redirectWithFlash: one redirect, the flash readable on the next page, the caller's headers kept. */
import { describe, expect, it } from 'vitest';
import { redirectWithFlash } from '~/http/flash-redirect.server';
import { readFlash } from '~/services/auth/session.server';

/** The next request, carrying the cookies the answer set (name=value parts only). */
function follow(answer: Response): Request {
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return new Request(`http://localhost${answer.headers.get('Location')}`, {
    headers: { Cookie: cookie },
  });
}

describe('redirectWithFlash', () => {
  it('redirects with 302 and the flash shows on the next page', async () => {
    const flash = { kind: 'success', message: 'admin:saved', values: { n: '2' } } as const;
    const answer = await redirectWithFlash('/auth/admin/dealer/7', flash);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toBe('/auth/admin/dealer/7');
    expect((await readFlash(follow(answer))).flash).toEqual(flash);
  });

  it("keeps the caller's status and headers, another cookie included", async () => {
    const answer = await redirectWithFlash(
      '/login',
      { kind: 'error', message: 'common:errors.anErrorOccurred' },
      { status: 303, headers: { 'Set-Cookie': 'cc_lang=fr; Path=/', 'X-Probe': 'yes' } },
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get('X-Probe')).toBe('yes');
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toBe('cc_lang=fr; Path=/');
    expect(cookies[1]).toMatch(/^cc_flash=/);
  });
});
