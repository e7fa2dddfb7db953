import { tolerateFailure } from '../../../lib/route-data.ts';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { CUSTOMER_SORTS } from '../../../contract/customer-sorts.ts';
import { CustomerList } from '../../../features/customers/customer-list.tsx';
import { CustomerMetrics } from '../../../features/customers/customer-metrics.tsx';
import { customerQueries } from '../../../features/customers/customers-queries.ts';
import { PageHeader } from '../../../ui/page-header.tsx';

// Search and sort live in the URL, so Back and reloads keep them.
const SearchSchema = v.object({
  search: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100)), ''), ''),
  sort: v.fallback(v.optional(v.picklist(CUSTOMER_SORTS), 'name'), 'name'),
});

export const Route = createFileRoute('/_app/customers/')({
  validateSearch: SearchSchema,
  loaderDeps: ({ search }) => search,
  // Offline with nothing cached yet: the screen still opens and says so.
  loader: ({ context, deps }) => tolerateFailure(context.queryClient.ensureInfiniteQueryData(customerQueries.list(deps))),
  component: CustomersPage,
});

function CustomersPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title="Customers">Everyone who bought from you, with their visits and consent.</PageHeader>
      {!filters.search.trim() && <CustomerMetrics mb="md" />}
      <CustomerList filters={filters} onFilters={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })} />
    </>
  );
}
