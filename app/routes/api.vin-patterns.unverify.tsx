/** POST /api/vin-patterns/unverify (admin): see setVerifiedAction. */
import { setVerifiedAction } from '~/services/vin-pattern-api.server';

export const action = setVerifiedAction(false);
