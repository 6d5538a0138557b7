/** The markup floor (bench/markup-floor.ts): the floor's Remix app with the app's pages as markup. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remixFloorConfig } from '../remix-floor-config';

const here = path.dirname(fileURLToPath(import.meta.url));

export default remixFloorConfig(here, path.join(here, 'app'), path.join(here, 'build'));
