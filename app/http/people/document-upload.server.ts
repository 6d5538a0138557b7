import { MaxPartSizeExceededError } from '@remix-run/node';
import { parseMultipart } from '~/http/multipart.server';
import { createDocumentUploadHandler, UPLOAD_ERRORS } from '~/services/people/documents.server';

/**
 * Reads a multipart upload with the document limits: the form data, or the JSON error answer
 * (415 when not multipart, 413 when a file is over 10MB).
 */
export async function readDocumentUpload(request: Request): Promise<FormData | Response> {
  if (!(request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    return Response.json({ error: 'completion:api.multipart' }, { status: 415 });
  }
  const { handler, tooLarge } = createDocumentUploadHandler();
  let formData: FormData;
  try {
    formData = await parseMultipart(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return Response.json({ error: UPLOAD_ERRORS.tooLarge, field: error.field }, { status: 413 });
    }
    throw error;
  }
  if (tooLarge.size > 0) {
    return Response.json(
      { error: UPLOAD_ERRORS.tooLarge, field: [...tooLarge][0] },
      { status: 413 },
    );
  }
  return formData;
}
