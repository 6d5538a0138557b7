/**
 * Where focus goes after a server round trip, for the whole app (keyboard and screen-reader
 * users otherwise stay on a button that may be gone, or restart from the top of the page):
 * - the answer shows errors: the form's error summary (as it would on a new document, where it
 *   has `autofocus`), else the first invalid field, else an alert;
 * - a submit succeeded, or the page changed: the page's heading (the toast, a live region, is
 *   read aloud on its own);
 * - a GET on the same page (a filter, a page of a list): focus stays where it was, unless the
 *   element holding it is gone.
 * Without JavaScript every answer is a new document and the browser starts from the top.
 */
import { useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

const ERROR_BOX = '[data-testid="error-summary"] li, [role="alert"]:not([data-toast])';

function visible(el: Element): boolean {
  return el instanceof HTMLElement && (el.offsetWidth > 0 || el.offsetHeight > 0);
}

function focusable(el: HTMLElement): HTMLElement {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.tabIndex = -1;
  return el;
}

/** The element to focus after a submission, or null to leave focus alone. */
function target(submitted: boolean, pageChanged: boolean): HTMLElement | null {
  const main = document.getElementById('main');
  if (!main) return null;
  if (submitted) {
    const summary = [...main.querySelectorAll<HTMLElement>('[data-error-summary]')].find(visible);
    if (summary) return summary;
    const invalid = [...main.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].find(visible);
    if (invalid) return invalid;
    const box = [...main.querySelectorAll<HTMLElement>(ERROR_BOX)].find(
      (el) => visible(el) && (el.textContent ?? '').trim() !== '',
    );
    if (box) return focusable(box.closest<HTMLElement>('[role="alert"]') ?? box);
  }
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected;
  if (!submitted && !pageChanged && !lost) return null;
  const heading = main.querySelector<HTMLElement>('h1');
  return heading ? focusable(heading) : focusable(main);
}

export function useFocusAfterNavigation() {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = useRef<{ submitted: boolean; from: string } | null>(null);

  useEffect(() => {
    if (navigation.state === 'idle') {
      if (!pending.current) return;
      const { submitted, from } = pending.current;
      pending.current = null;
      const pageChanged = from !== location.pathname;
      // After the browser has laid out the new page.
      requestAnimationFrame(() => target(submitted, pageChanged)?.focus());
    } else if (!pending.current) {
      pending.current = {
        submitted: !!navigation.formMethod && navigation.formMethod.toUpperCase() !== 'GET',
        from: location.pathname,
      };
    }
  }, [navigation.state, navigation.formMethod, location.pathname]);
}
