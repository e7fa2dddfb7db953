import { queryOptions } from '@tanstack/react-query';
import { CustomerMetricsResponseSchema } from '../../contract/customer-metrics.ts';
import { api } from '../../lib/api.ts';

/** The customer figures (home, dashboard, customers list): apart from customers-api.ts, whose CSV and segment
 * schemas the home's first load does not need. Key as `customerKeys.metrics()`. */
export const customerMetricsKey = () => ['customers', 'metrics'] as const;
export const fetchCustomerMetrics = (signal?: AbortSignal) =>
  api('/metrics/get-customers', CustomerMetricsResponseSchema, { signal }).then((body) => body.data);
export const customerMetricsQuery = () =>
  queryOptions({
    queryKey: customerMetricsKey(),
    queryFn: ({ signal }) => fetchCustomerMetrics(signal),
  });
