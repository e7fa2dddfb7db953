import { createFileRoute } from '@tanstack/react-router';
import { displayNameOf, useSession } from '../../lib/session.ts';
import { CustomerMetrics } from '../../features/customers/customer-metrics.tsx';
import { WeekHeadline } from '../../features/dashboard/week-headline.tsx';
import { HomeScreen } from '../../features/home/home-screen.tsx';
import { navSections } from '../../ui/nav-items.ts';

export const Route = createFileRoute('/_app/')({
  component: HomePage,
});

function HomePage() {
  const session = useSession();
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
