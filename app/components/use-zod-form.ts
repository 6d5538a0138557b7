/**
 * The house's Conform form, and the only place that calls Conform's `useForm`: the zod schema
 * gives the browser's constraints and the client check, the first check runs on submit (or on blur
 * where asked) and a field is checked again as it is typed in, and the server's answer
 * (`lastResult`) shows next to the fields. The server checks again with the same schema in every
 * action.
 */
import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { z } from 'zod';

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
  // Conform re-renders this component only for what its last render read, and a field's errors
  // are read by the child that shows them, after Conform cleared that record at the top of this
  // render: a browser check landing between the two (a render React paused or dropped) changed
  // nothing on screen. Reading the errors here, in the same call, keeps them always watched.
  for (const name of topLevelNames(schema)) void fields[name as keyof typeof fields]?.errors;
  void form.errors;
  return [form, fields] as const;
}

/** Each schema's top-level field names, worked out on first use. */
const names = new WeakMap<z.ZodTypeAny, string[]>();

/** The top-level field names of an object schema (through refinements and defaults). */
function topLevelNames(schema: z.ZodTypeAny): string[] {
  let list = names.get(schema);
  if (!list) names.set(schema, (list = shapeKeys(schema)));
  return list;
}

function shapeKeys(schema: z.ZodTypeAny): string[] {
  let inner = schema;
  while (inner instanceof z.ZodEffects || inner instanceof z.ZodDefault)
    inner = inner instanceof z.ZodEffects ? inner.innerType() : inner.removeDefault();
  return inner instanceof z.ZodObject ? Object.keys(inner.shape as object) : [];
}
