import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from '@remix-run/react';

/**
 * A phone menu's behaviour (a <details> whose summary is the ☰ toggle): its close button gets
 * focus when it opens; Escape or that button closes it and gives focus back to the toggle; while
 * it is open the page behind it is inert; it closes on route change and on a click outside it.
 * `panel`: the panel when it is not inside the <details> (CSS shows it while the menu is open);
 * clicks and Escape there count as in the menu.
 */
export function useMenuPanel(
  behind: RefObject<HTMLElement | null>[],
  panel?: RefObject<HTMLElement | null>,
) {
  const { t } = useTranslation();
  const ref = useAutoCloseDetails(panel, false);
  const toggle = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    for (const el of behind) el.current?.toggleAttribute('inert', open);
    // An outside panel is shown by CSS's :has(); a browser without it goes by this mark.
    const outside = panel?.current;
    outside?.toggleAttribute('data-open', open);
    return () => {
      for (const el of behind) el.current?.removeAttribute('inert');
      outside?.removeAttribute('data-open');
    };
  }, [open, behind, panel]);
  const close = () => {
    if (ref.current) ref.current.open = false;
    toggle.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && ref.current?.open) {
      e.preventDefault();
      close();
    }
  };
  return {
    /** Props of the <details>. */
    details: {
      ref,
      onKeyDown,
      onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => {
        const isOpen = e.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) closeButton.current?.focus();
      },
    },
    /** Props of the <summary> (the ☰ toggle). */
    toggle: { ref: toggle, 'aria-label': t('common:nav.menu') },
    /** Props of the close button. */
    closeButton: {
      ref: closeButton,
      type: 'button' as const,
      'aria-label': t('a11y:closeMenu'),
      onClick: close,
    },
    /** For a panel outside the <details>: Escape there closes the menu too. */
    onKeyDown,
  };
}

/**
 * The public site's phone menu: a panel under the header (its toggle stays visible), with a close
 * button (see useMenuPanel). Without JavaScript it is a plain <details>.
 */
export function MenuPanel({
  testId,
  behind,
  panelClassName,
  closeRowClassName,
  closeClassName,
  children,
}: {
  /** `data-testid` of the menu; its toggle and close button add `-toggle` and `-close`. */
  testId: string;
  behind: RefObject<HTMLElement | null>[];
  panelClassName: string;
  closeRowClassName: string;
  closeClassName: string;
  children: ReactNode;
}) {
  const menu = useMenuPanel(behind);
  return (
    <details {...menu.details} className="md:hidden" data-testid={testId}>
      <summary
        {...menu.toggle}
        className="cursor-pointer list-none rounded border px-3 py-1"
        data-testid={`${testId}-toggle`}
      >
        ☰
      </summary>
      <div className={panelClassName}>
        <div className={closeRowClassName}>
          <button {...menu.closeButton} data-testid={`${testId}-close`} className={closeClassName}>
            ×
          </button>
        </div>
        {children}
      </div>
    </details>
  );
}

/**
 * Closes a <details> menu on route change and on a click outside it (and outside `panel`, a part
 * of the menu that lives elsewhere in the page), and on Escape inside it, focus then back on its
 * summary, the button that opened it (`escape` false: the caller handles Escape itself).
 */
export function useAutoCloseDetails(panel?: RefObject<HTMLElement | null>, escape = true) {
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
      const target = e.target as Node;
      if (ref.current?.open && !ref.current.contains(target) && !panel?.current?.contains(target))
        ref.current.open = false;
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [panel]);
  useEffect(() => {
    const details = ref.current;
    if (!escape || !details) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || !details.open) return;
      e.preventDefault();
      details.open = false;
      details.querySelector<HTMLElement>('summary')?.focus();
    };
    details.addEventListener('keydown', onKey);
    return () => details.removeEventListener('keydown', onKey);
  }, [escape]);
  return ref;
}
