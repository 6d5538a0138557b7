import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { putBody } from '~/http/api.server';

describe('putBody (a PUT changes only the fields it was sent)', () => {
  const record = { name: 'Old name', city: 'Reno', secret: 'not a field' };

  it("keeps the record's values of the schema's fields under what was sent", () => {
    const schema = z.object({ name: z.string(), city: z.string() });
    expect(putBody(schema, record, { city: 'Elko' })).toEqual({ name: 'Old name', city: 'Elko' });
  });

  it('finds the fields through refinements and transforms', () => {
    const schema = z
      .object({ name: z.string(), city: z.string() })
      .refine((v) => v.name !== v.city)
      .transform((v) => v)
      .superRefine(() => undefined);
    expect(putBody(schema, record, {})).toEqual({ name: 'Old name', city: 'Reno' });
  });
});
