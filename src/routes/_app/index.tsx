import { createFileRoute } from '@tanstack/react-router';
import { displayNameOf, useSession } from '../../lib/session.ts';
import { HomeScreen } from '../../features/home/home-screen.tsx';
import { navItems } from '../../ui/nav-items.ts';

export const Route = createFileRoute('/_app/')({
  component: HomePage,
});

function HomePage() {
  const session = useSession();
  const shortcuts = navItems.filter((item) => item.path !== '/').sort((a, b) => a.order - b.order);
  return <HomeScreen displayName={displayNameOf(session?.name ?? '')} shortcuts={shortcuts} />;
}
