/**
 * The house's Conform form, and the only place that calls Conform's `useForm`: the zod schema
 * gives the browser's constraints and the client check, the first check runs on submit (or on blur
 * where asked) and a field is checked again as it is typed in, and the server's answer
 * (`lastResult`) shows next to the fields. The server checks again with the same schema in every
 * action.
 */
import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';

export type ZodFormOptions<S extends z.ZodTypeAny> = {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** The fields' first values; as in Conform, any field may be given as the text it posts. */
  defaultValue?: DefaultValue<z.input<S>>;
  /** When the first check runs: on submit (the default) or when a field loses focus. */
  shouldValidate?: 'onSubmit' | 'onBlur';
  /**
   * False: only the server checks (errors come back in `lastResult`), nothing is checked again
   * while typing, as Conform would otherwise post the form to the server to check each change.
   */
  checkInBrowser?: boolean;
};

export type ZodFormFields<S extends z.ZodTypeAny> = ReturnType<typeof useZodForm<S>>[1];

/** Each schema's browser constraints, worked out on first use (a schema never changes). */
const constraints = new WeakMap<z.ZodTypeAny, ReturnType<typeof getZodConstraint>>();

/** `getZodConstraint(schema)`, memoized per schema: forms render on every view of their page. */
export function zodConstraint(schema: z.ZodTypeAny): ReturnType<typeof getZodConstraint> {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}

/**
 * Conform re-renders a form for the state read while the component that called `useForm` last
 * rendered, its children included. When React runs that component again but skips its children
 * (an update that changed none of its hooks), only what the component itself read is kept: the
 * fields, the summary and the messages (all read in child components here) stopped re-rendering,
 * and an empty submit then showed nothing, depending on the timing of the updates after
 * hydration. So `useZodForm` reads the form's status and every error itself.
 */
export function useZodForm<S extends z.ZodTypeAny>(schema: S, options: ZodFormOptions<S> = {}) {
  const checkInBrowser = options.checkInBrowser ?? true;
  const [form, fields] = useForm<z.input<S>, z.output<S>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: zodConstraint(schema),
    shouldValidate: options.shouldValidate ?? 'onSubmit',
    shouldRevalidate: checkInBrowser ? 'onInput' : 'onSubmit',
    onValidate: checkInBrowser ? ({ formData }) => parseWithZod(formData, { schema }) : undefined,
  });
  // Read for Conform to keep this form subscribed to them (see above).
  void form.status;
  void form.allErrors;
  return [form, fields] as const;
}
