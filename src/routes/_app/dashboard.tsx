import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { DashboardScreen, type DashboardTab } from '../../features/dashboard/dashboard-screen.tsx';
import { dashboardQueries } from '../../features/dashboard/dashboard-queries.ts';
import { tolerateFailure } from '../../lib/route-data.ts';
import { PageColumn, PageHeader } from '../../ui/page-header.tsx';

const SearchSchema = v.object({
  days: v.fallback(v.optional(v.picklist([7, 30, 90]), 7), 7),
  tab: v.fallback(v.optional(v.picklist(['email', 'text', 'video']), 'email'), 'email'),
});

export const Route = createFileRoute('/_app/dashboard')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => ({ days: search.days }),
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureQueryData(dashboardQueries.window(deps.days))),
  component: DashboardPage,
});

function DashboardPage() {
  const { days, tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PageColumn>
      <PageHeader title="Dashboard">Here&apos;s a snapshot of your week.</PageHeader>
      <DashboardScreen
        days={days}
        tab={tab as DashboardTab}
        onDays={(next) => void navigate({ search: (prev) => ({ ...prev, days: next as 7 | 30 | 90 }), replace: true })}
        onTab={(next) => void navigate({ search: (prev) => ({ ...prev, tab: next }), replace: true })}
      />
    </PageColumn>
  );
}
