/**
 * A box that scrolls sideways (a wide table or chart on a phone). Keyboard users must be able to
 * reach it to scroll it: it takes focus (tabIndex 0) and is a named region, so a screen reader
 * says what it is when it gets focus. `scrollable(label)` gives those attributes to an existing
 * `overflow-x-auto` box; `ScrollRegion` is the box itself.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function scrollable(label: string) {
  return { role: 'region', tabIndex: 0, 'aria-label': label } as const;
}

export function ScrollRegion({
  label,
  className = '',
  children,
  testId,
}: {
  /** What scrolls (a table's or chart's name); default: "Table (scrolls sideways)". */
  label?: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      {...scrollable(label ?? t('a11y:scrollTable'))}
      data-testid={testId}
      className={`overflow-x-auto ${className}`}
    >
      {children}
    </div>
  );
}
