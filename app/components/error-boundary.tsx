/** One error boundary for every route: 404 → 'Page not found.', anything else 'An error occurred.' */
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LLink } from '~/components/link';

function messageOf(error: unknown): string | null {
  if (isRouteErrorResponse(error)) {
    if (typeof error.data === 'string' && error.data) return error.data;
    return error.statusText || null;
  }
  if (error instanceof Error) return error.message;
  return null;
}

/** Inside a layout's <main>; a layout's own boundary (no layout around it) passes `standalone`. */
export function GeneralErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const detail = notFound ? null : messageOf(error);
  // In the browser only: on the server, entry.server's handleError has logged it (one JSON line).
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error);
  const Box = standalone ? 'main' : 'div';
  return (
    <Box
      id={standalone ? 'main' : undefined}
      tabIndex={standalone ? -1 : undefined}
      className="mx-auto max-w-xl px-4 py-16 text-center"
      data-testid="error-page"
    >
      <p className="text-5xl font-bold text-brand">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">
        {notFound ? t('common:errors.pageNotFound') : t('common:errors.anErrorOccurred')}
      </h1>
      <p className="mt-2 text-gray-600">
        {notFound
          ? t('common:errors.pageNotFoundDetail')
          : (detail ?? t('common:errors.unexpected'))}
      </p>
      <p className="mt-8">
        <LLink to="/" className="btn" reloadDocument>
          {t('common:nav.home')}
        </LLink>
      </p>
    </Box>
  );
}
