/**
 * The language a mail (or an account) speaks: English or French, each named in its own language
 * so the reader finds theirs whatever the page's language.
 */
import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { SelectField } from '~/components/forms';
import type { Lang } from '~/lib/lang';

const NAMES: [Lang, string][] = [
  ['en', 'English'],
  ['fr', 'Français'],
];

export function LanguageField<Schema>({
  field,
  label,
}: {
  field: FieldMetadata<Schema>;
  label: ReactNode;
}) {
  return <SelectField field={field} label={label} options={NAMES} />;
}
