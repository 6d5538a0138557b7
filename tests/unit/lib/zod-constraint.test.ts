import { getZodConstraint } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { zodConstraint } from '~/components/use-zod-form';
import { redeemSchema } from '~/lib/schemas/dealer';
import { earningsFilterSchema } from '~/lib/schemas/rider-area';

describe("a form's browser constraints, memoized per schema", () => {
  it("are Conform's own, worked out once per schema and never shared between schemas", () => {
    const first = zodConstraint(redeemSchema);
    expect(first).toEqual(getZodConstraint(redeemSchema));
    expect(zodConstraint(redeemSchema)).toBe(first);
    const other = zodConstraint(earningsFilterSchema);
    expect(other).toEqual(getZodConstraint(earningsFilterSchema));
    expect(other).not.toEqual(first);
  });
});
