/**
 * The origin links in mails point at: PUBLIC_URL when set (always set it in production: behind a
 * proxy the request's Host header is whatever the client sent, and a reset link must never point
 * at an address an attacker chose), else the request's own origin (development, tests).
 */
import { env } from '~/env.server';

export function publicOrigin(request: Request): string {
  const configured = env().PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}
