import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { DashboardLayout } from '~/components/dashboard-layout';
import { PageOutlet } from '~/components/page-outlet';
import { dashboardLoader } from '~/http/layout.server';

/** The admin area: the guard chain runs here and again in every child loader and action. */
export async function loader({ request }: LoaderFunctionArgs) {
  return dashboardLoader(request, 'admin');
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <DashboardLayout role="admin" user={user}>
      <PageOutlet />
    </DashboardLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary standalone />;
}
