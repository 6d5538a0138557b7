/**
 * Text a person typed (an event's name, venue and notes, a dealer's name, a rider's bio, a refusal
 * or void reason), shown as written: its language is not stored, and it is often not the page's
 * (English notes on a French page), so it is marked as of unknown language (`lang=""`) and a
 * screen reader does not read it with the page's voice. docs/rules.md "Accessibility".
 */
import type { ReactNode } from 'react';

export function UserText({
  children,
  block = false,
  className,
}: {
  children: ReactNode;
  /** A paragraph of its own (notes, a bio) instead of words in a line. */
  block?: boolean;
  className?: string;
}) {
  return block ? (
    <p lang="" className={className}>
      {children}
    </p>
  ) : (
    <span lang="" className={className}>
      {children}
    </span>
  );
}

const SLOT = '\u0001';

/**
 * A translated sentence with typed text in it: `render` is `t` called with the slot as the typed
 * value, so the sentence's words keep the page's language and only the typed words are marked.
 */
export function WithUserText({
  render,
  value,
}: {
  render: (slot: string) => string;
  value: string;
}) {
  const [before, after = ''] = render(SLOT).split(SLOT);
  return (
    <>
      {before}
      <UserText>{value}</UserText>
      {after}
    </>
  );
}
