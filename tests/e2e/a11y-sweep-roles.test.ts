/** The accessibility sweep (tests/e2e/a11y-sweep.ts) of the rider's, dealer's and promoter's pages. */
import { sweepRoles } from './a11y-sweep';
import { useBrowser } from './helpers';

sweepRoles(useBrowser(), ['rider', 'dealer', 'promoter']);
