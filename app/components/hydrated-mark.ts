import { useEffect } from 'react';

/**
 * Marks the document once React has hydrated it (`<html data-hydrated>`): before that a form
 * submits as a plain document form and a click may be lost, so a browser test that means to walk
 * the JavaScript path waits for the mark.
 */
export function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
