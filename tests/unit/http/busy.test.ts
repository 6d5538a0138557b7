/**
 * A full hashing line is load, not a fault: whichever path was hashing answers 503 with the
 * seconds to wait (through the entry's handleError, then handleDataRequest or the document's
 * status), never a 500.
 */
import { describe, expect, it } from 'vitest';
import { handleDataRequest, handleError } from '~/entry.server';
import { busyAnswer, busyRetryAfter, noteBusy } from '~/http/busy.server';
import { HashQueueFull } from '~/services/auth/password.server';

const post = () => new Request('http://localhost/register', { method: 'POST' });
const failed = () => new Response('Unexpected Server Error', { status: 500 });

describe('a full hashing line answers 503 with Retry-After', () => {
  it('handleError notes it; the data answer becomes 503 with its Retry-After', async () => {
    const request = post();
    handleError(new HashQueueFull(3), { request });
    expect(busyRetryAfter(request)).toBe(3);
    const answer = await handleDataRequest(failed(), { request });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toBe('3');
    expect(await answer.text()).toBe('Unexpected Server Error');
  });

  it('any other error leaves the answer as it was', async () => {
    const request = post();
    expect(noteBusy(request, new Error('boom'))).toBe(false);
    const answer = busyAnswer(request, failed());
    expect(answer.status).toBe(500);
    expect(answer.headers.has('Retry-After')).toBe(false);
  });

  it('only the request that met the full line is answered 503', () => {
    const busy = post();
    const other = post();
    noteBusy(busy, new HashQueueFull(1));
    expect(busyAnswer(other, failed()).status).toBe(500);
    expect(busyAnswer(busy, failed()).status).toBe(503);
  });
});
