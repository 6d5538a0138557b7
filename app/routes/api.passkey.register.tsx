/** Passkey registration for the signed-in user (JSON, two steps: options, verify). */
import type { ActionFunctionArgs } from '@remix-run/node';
import { passkeyRegister } from '~/services/auth/passkey-route.server';

export const action = ({ request }: ActionFunctionArgs) => passkeyRegister(request);
