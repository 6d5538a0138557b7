/**
 * Content-Security-Policy directives (helmet, in server/app.ts). Scripts need the request's nonce
 * ('strict-dynamic' lets the scripts we load add Google Maps and reCAPTCHA when they are used).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const google = [
  'https://maps.googleapis.com',
  'https://maps.gstatic.com',
  'https://www.google.com',
  'https://www.gstatic.com',
];

type NonceOf = (req: IncomingMessage, res: ServerResponse) => string;

export function cspDirectives(nonce: string | NonceOf, opts: { dev?: boolean } = {}) {
  // The nonce source: the value itself, or (for a policy built once) a function of the request
  // and response that helmet calls on each response.
  const nonceSource: string | NonceOf =
    typeof nonce === 'function' ? (req, res) => `'nonce-${nonce(req, res)}'` : `'nonce-${nonce}'`;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", nonceSource, "'strict-dynamic'", ...google],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...google,
      'https://*.googleapis.com',
      'https://*.gstatic.com',
    ],
    'connect-src': ["'self'", ...(opts.dev ? ['ws:'] : []), ...google, 'https://*.googleapis.com'],
    'frame-src': google,
    'font-src': ["'self'", 'https://fonts.gstatic.com', 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'upgrade-insecure-requests': null,
  };
}
