import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '@remix-run/react';

/**
 * The phone's menu (public site and dashboards): a panel under the header (its toggle stays
 * visible), with a close button; Escape or the button closes it and gives focus back to the
 * toggle, and while it is open the page behind it is inert. Without JavaScript it is a plain
 * <details>.
 */
export function MenuPanel({
  testId,
  behind,
  panelClassName,
  belowHeader = false,
  closeRowClassName,
  closeClassName,
  lead,
  children,
}: {
  /** `data-testid` of the menu; its toggle and close button add `-toggle` and `-close`. */
  testId: string;
  behind: RefObject<HTMLElement | null>[];
  panelClassName: string;
  /** Place the panel right below the header, wherever it is (a banner above moves it down). */
  belowHeader?: boolean;
  closeRowClassName: string;
  closeClassName: string;
  /** Shown beside the close button (the dashboard's logo). */
  lead?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useAutoCloseDetails();
  const toggle = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    for (const el of behind) el.current?.toggleAttribute('inert', open);
    return () => {
      for (const el of behind) el.current?.removeAttribute('inert');
    };
  }, [open, behind]);
  const close = () => {
    if (ref.current) ref.current.open = false;
    toggle.current?.focus();
  };
  return (
    <details
      ref={ref}
      className="md:hidden"
      data-testid={testId}
      onToggle={(e) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        const header = e.currentTarget.closest('header')?.getBoundingClientRect();
        if (belowHeader && isOpen && header) setTop(Math.max(0, header.bottom));
        if (isOpen) e.currentTarget.querySelector<HTMLElement>('[data-menu-close]')?.focus();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          e.preventDefault();
          close();
        }
      }}
    >
      <summary
        ref={toggle}
        className="cursor-pointer list-none rounded border px-3 py-1"
        aria-label={t('common:nav.menu')}
        data-testid={`${testId}-toggle`}
      >
        ☰
      </summary>
      <div className={panelClassName} style={top === null ? undefined : { top }}>
        <div className={closeRowClassName}>
          {lead}
          <button
            type="button"
            data-menu-close
            data-testid={`${testId}-close`}
            className={closeClassName}
            aria-label={t('a11y:closeMenu')}
            onClick={close}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </details>
  );
}

/** Closes a <details> menu on route change and on a click outside it. */
export function useAutoCloseDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const mounted = useRef(false);
  useEffect(() => {
    // Not on hydration: a menu opened before the scripts loaded stays open.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) ref.current.open = false;
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return ref;
}
