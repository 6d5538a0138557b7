/**
 * Each mechanism in server/perf/ names the versions it was written against; an upgrade of one of
 * them fails here first, with the mechanism to re-read (or to try with PERF_OFF=all).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WRITTEN_FOR as pageCache } from '../../../server/perf/page-cache';
import { WRITTEN_FOR as translationMemo } from '../../../server/perf/translation-memo';

const require = createRequire(path.join(process.cwd(), 'package.json'));
const installed = (name: string) =>
  name === 'node'
    ? process.versions.node.split('.')[0]
    : (require(`${name}/package.json`) as { version: string }).version;

describe('server/perf/ mechanisms are pinned to the versions they were written for', () => {
  it.each([
    ['page-cache', pageCache],
    ['translation-memo', translationMemo],
  ] as [string, Record<string, string>][])('%s', (_name, pins) => {
    for (const [dependency, version] of Object.entries(pins))
      expect(installed(dependency), dependency).toBe(version);
  });
});
