/**
 * Content-Security-Policy directives (helmet, in server/app.ts). Scripts need the request's nonce
 * ('strict-dynamic' lets the scripts we load add Google Maps and reCAPTCHA when they are used).
 */
const google = ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://www.google.com', 'https://www.gstatic.com'];

export function cspDirectives(nonce: string, opts: { dev?: boolean } = {}) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...google],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
    'img-src': ["'self'", 'data:', 'blob:', ...google, 'https://*.googleapis.com', 'https://*.gstatic.com'],
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
