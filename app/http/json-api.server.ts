/**
 * Moved: the JSON helpers of the `/api` routes live in `~/http/api.server` (reading the request)
 * and `~/http/api-answer.server` (the error shape in words). Kept so code written against the
 * old path still builds; new code imports from `~/http/`.
 */
export { parseOr400, readJson } from '~/http/api.server';
export { localizeApiResponse } from '~/http/api-answer.server';
