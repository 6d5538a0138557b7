import { langFromPath, localizePath } from '~/lib/lang';
import type { ManagerRole } from '~/http/events/event-refusal.server';

/** The event page path of a role, in the request's language. */
export function eventPagePath(request: Request, role: ManagerRole, eventId: number) {
  return localizePath(
    `/auth/${role}/event/${eventId}`,
    langFromPath(new URL(request.url).pathname),
  );
}
