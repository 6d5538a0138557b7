/** POST /api/vin-patterns/unverify (admin): see setVerifiedAction. */
import { setVerifiedAction } from '~/services/vin/vin-pattern-api.server';

export const action = setVerifiedAction(false);
