/** Security headers sent with every document (CSP allows Google Maps and reCAPTCHA when used). */
export function securityHeaders(): Record<string, string> {
  const google = 'https://maps.googleapis.com https://maps.gstatic.com https://www.google.com https://www.gstatic.com';
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline' ${google}`,
      `style-src 'self' 'unsafe-inline' https://fonts.googleapis.com`,
      `img-src 'self' data: blob: ${google} https://*.googleapis.com https://*.gstatic.com`,
      `connect-src 'self' ws: ${google} https://*.googleapis.com`,
      `frame-src ${google}`,
      "font-src 'self' https://fonts.gstatic.com data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self)',
  };
}
