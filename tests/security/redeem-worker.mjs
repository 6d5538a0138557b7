// One process of the concurrency test: fires redemptions at the server, each with its own
// Idempotency-Key, and retries every one with the same key (as a client that lost the answer
// would). Prints one JSON line: [{ key, status, id, replayStatus, replayId }].
const [base, cookie, originHeader, riderId, amount, count, tag] = process.argv.slice(2);
const body = JSON.stringify({
  riderId: Number(riderId),
  amount,
  pin: '1234',
  employeeName: 'Load',
  idVerified: true,
});
const send = (key) =>
  fetch(`${base}/api/dealer/redeem`, {
    method: 'POST',
    headers: {
      Cookie: cookie,
      Origin: originHeader,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body,
  }).then(async (r) => ({ status: r.status, json: await r.json().catch(() => ({})) }));
const out = await Promise.all(
  Array.from({ length: Number(count) }, async (_, i) => {
    const key = `load-${tag}-${i}`;
    const first = await send(key);
    const replay = await send(key);
    return {
      key,
      status: first.status,
      id: first.json.redemption?.id ?? null,
      replayStatus: replay.status,
      replayId: replay.json.redemption?.id ?? null,
    };
  }),
);
process.stdout.write(JSON.stringify(out));
