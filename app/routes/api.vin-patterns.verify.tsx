/** POST /api/vin-patterns/verify (admin): see setVerifiedAction. */
import { setVerifiedAction } from '~/services/vin/vin-pattern-api.server';
import { onlyMethods } from '~/http/api.server';

export const action = setVerifiedAction(true);

export const loader = onlyMethods('POST');
