/**
 * The house's Conform form: the zod schema gives the browser's constraints and the client check,
 * the first check runs on submit (or on blur where asked) and a field is checked again as it is
 * typed in, and the server's answer (`lastResult`) shows next to the fields. The server checks
 * again with the same schema in every action.
 */
import { useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';

export type ZodFormOptions<S extends z.ZodTypeAny> = {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<z.input<S>>;
  /** When the first check runs: on submit (the default) or when a field loses focus. */
  shouldValidate?: 'onSubmit' | 'onBlur';
};

/** Each schema's browser constraints, worked out on first use (a schema never changes). */
const constraints = new WeakMap<z.ZodTypeAny, ReturnType<typeof getZodConstraint>>();

/** `getZodConstraint(schema)`, kept per schema: forms render on every view of their page. */
export function zodConstraint(schema: z.ZodTypeAny): ReturnType<typeof getZodConstraint> {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}

export function useZodForm<S extends z.ZodTypeAny>(schema: S, options: ZodFormOptions<S> = {}) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: zodConstraint(schema),
    shouldValidate: options.shouldValidate ?? 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
