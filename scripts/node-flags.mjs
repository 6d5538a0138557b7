/**
 * The V8 flags the server runs with (`npm start`, the browser tests, `bench:http`; package.json's
 * start script and docs/operations.md spell the same flag). A heap limit makes V8 collect before
 * its heap grows: under sustained load the live heap is ~50 MB, but without a limit V8 lets the
 * process grow to 400–600 MB of garbage headroom; with it the server stays near 200 MB at the
 * same throughput (bench/README.md). Larger work (5,000-row uploads, 100k-row CSV streams,
 * 50 MB XLSX imports) fits well under it.
 */
export const SERVER_NODE_FLAGS = ['--max-old-space-size=256'];
