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

export function useZodForm<S extends z.ZodTypeAny>(schema: S, options: ZodFormOptions<S> = {}) {
  return useForm<z.input<S>, z.output<S>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
