import { createFileRoute } from '@tanstack/react-router';
import { displayNameOf, isStaffSession, sessionStore, useSession } from '../../lib/session.ts';
import { lazy, Suspense, useEffect } from 'react';

// A team member's home, composed from the team and media features and loaded for staff only: the owner's first load
// never carries it (nor the uploader it opens).
const StaffHomePage = lazy(async () => {
  const [{ StaffHome }, { MediaThumb }, { UploadModal }] = await Promise.all([
    import('../../features/team/staff-home.tsx'),
    import('../../features/media/media-tile.tsx'),
    import('../../features/media/upload-modal.tsx'),
  ]);
  return { default: () => <StaffHome Thumb={MediaThumb} UploadDialog={UploadModal} /> };
});
import { CustomerMetrics } from '../../features/customers/customer-metrics.tsx';
import { dashboardQueries } from '../../features/dashboard/dashboard-queries.ts';
import { WeekHeadline } from '../../features/dashboard/week-headline.tsx';
import { customerMetricsQuery } from '../../features/customers/customer-metrics-query.ts';
import { tolerateFailure } from '../../lib/route-data.ts';
import { HomeScreen } from '../../features/home/home-screen.tsx';
import { navSections } from '../../ui/nav-items.ts';

export const Route = createFileRoute('/_app/')({
  // The week's headline and the figures are fetched before the screen shows, so the shortcuts below them never move (CLS); offline with
  // nothing cached the screen still opens, without them.
  loader: ({ context }) =>
    // A team member's home has none of the owner's figures (the server would refuse them).
    isStaffSession(sessionStore.get()) ? undefined :
    tolerateFailure(Promise.all([context.queryClient.ensureQueryData(customerMetricsQuery()), context.queryClient.ensureQueryData(dashboardQueries.window(7))])),
  component: HomePage,
});

function HomePage() {
  const session = useSession();
  if (isStaffSession(session))
    return (
      <Suspense>
        <StaffHomePage />
      </Suspense>
    );
  return <OwnerHome />;
}

function OwnerHome() {
  const session = useSession();
  // Keeps the home as drawn for the next visit's first paint (src/lib/home-snapshot.ts, fetched then: not part of the
  // signed-in first load).
  useEffect(() => {
    const timer = setTimeout(() => void import('../../lib/home-snapshot.ts').then((m) => m.keepHomeSnapshot(), () => undefined), 300);
    return () => clearTimeout(timer);
  }, []);
  const { primary, more } = navSections();
  // Every screen that exists except this one, in the order the navigation shows them.
  const shortcuts = [...primary, ...more].filter((item) => item.path !== '/');
  return (
    <HomeScreen displayName={displayNameOf(session?.name ?? '')} shortcuts={shortcuts}>
      <WeekHeadline />
      <CustomerMetrics />
    </HomeScreen>
  );
}
