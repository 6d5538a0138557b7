/** Sign-in with a passkey (JSON, two steps: options, verify); opens a session. */
import type { ActionFunctionArgs } from '@remix-run/node';
import { passkeySignIn } from '~/services/auth/passkey-route.server';

export const action = ({ request }: ActionFunctionArgs) => passkeySignIn(request);
