/** POST /api/vin-patterns/verify (admin): see setVerifiedAction. */
import { setVerifiedAction } from '~/services/vin/vin-pattern-api.server';

export const action = setVerifiedAction(true);
