/** The accessibility sweep (tests/e2e/a11y-sweep.ts) of the public pages and of the pages a step reaches. */
import { sweepRoles, sweepSteppedPages } from './a11y-sweep';
import { useBrowser } from './helpers';

const browser = useBrowser();
sweepRoles(browser, ['public']);
sweepSteppedPages(browser);
