/**
 * Several processes fire redemptions at one rider's known balance. Exactly
 * floor(balance / amount) succeed, nothing overdraws, every redemption is acknowledged once, and
 * a retried request with the same Idempotency-Key is answered with the same redemption.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, base, cookieHeader, origin, req, signIn } from './http';

type Shot = {
  key: string;
  status: number;
  id: number | null;
  replayStatus: number;
  replayId: number | null;
};

function worker(args: string[]): Promise<Shot[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'redeem-worker.mjs'), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Shot[]) : reject(new Error(`worker exited ${code}`)),
    );
  });
}

describe('redemptions from several processes at a known balance', () => {
  it('0 overdrafts, the exact success count, each acknowledged once, a retry charged once', async () => {
    const dealer = await signIn(DEMO.dealer);
    const found = (await (
      await req(`/api/dealer/riders?q=${encodeURIComponent(DEMO.rider)}`, { jar: dealer })
    ).json()) as { riders: { id: number }[] };
    const riderId = found.riders[0].id;
    const credit = async () =>
      (
        (await (await req(`/api/dealer/rider/${riderId}`, { jar: dealer })).json()) as {
          rider: { credit: { availableCents: number } };
        }
      ).rider.credit.availableCents;
    const before = await credit();
    expect(before).toBeGreaterThan(0);
    const amountCents = Math.max(1, Math.ceil(before / 12));
    const expected = Math.floor(before / amountCents);
    const processes = 4;
    const perProcess = Math.ceil((expected + 8) / processes); // more requests than the balance allows
    const amount = (amountCents / 100).toFixed(2);
    const runs = await Promise.all(
      Array.from({ length: processes }, (_, p) =>
        worker([
          base(),
          cookieHeader(dealer),
          origin(),
          String(riderId),
          amount,
          String(perProcess),
          `${Date.now()}-${p}`,
        ]),
      ),
    );
    const shots = runs.flat();
    const ok = shots.filter((s) => s.status === 200);
    expect(shots.every((s) => s.status === 200 || s.status === 400)).toBe(true);
    expect(ok).toHaveLength(expected);
    expect(new Set(ok.map((s) => s.id)).size).toBe(expected); // each success is its own redemption
    for (const s of ok) {
      expect(s.replayStatus).toBe(200);
      expect(s.replayId).toBe(s.id); // the retry answered the first receipt
    }
    const after = await credit();
    expect(after).toBe(before - expected * amountCents);
    expect(after).toBeGreaterThanOrEqual(0);
    expect(after).toBeLessThan(amountCents);
  });
});
