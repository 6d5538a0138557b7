/** The accessibility sweep (tests/e2e/a11y-sweep.ts) of the admin's pages: its longest part. */
import { sweepRoles } from './a11y-sweep';
import { useBrowser } from './helpers';

sweepRoles(useBrowser(), ['admin']);
