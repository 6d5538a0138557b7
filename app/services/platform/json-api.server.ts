/** Small helpers for the JSON resource routes: body parsing and zod errors as 400 answers. */
import type { z } from 'zod';

/** The JSON body of a request, or null when it is not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  return request.json().catch(() => null);
}

/** Parses `body` with `schema`; throws a 400 JSON Response listing the field errors. */
export function parseOr400<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw Response.json({ error: 'Invalid input', fieldErrors: parsed.error.flatten().fieldErrors }, { status: 400 });
  }
  return parsed.data;
}

/** A positive integer id from a route param; throws a 404 JSON Response otherwise. */
export function idOr404(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw Response.json({ error: 'Not found' }, { status: 404 });
  return id;
}
