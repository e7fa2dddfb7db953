import * as v from 'valibot';
import { CustomerListResponseSchema, CustomerResponseSchema } from '../../contract/customer-responses.ts';
import type {
  ConsentChangeRequest,
  CreateCustomerRequest,
  CustomerSort,
  UpdateCustomerRequest,
} from '../../contract/customers.ts';
import { CsvImportResponseSchema, type CsvFormat, type CsvMapping } from '../../contract/customers-csv.ts';
import { MessageResponseSchema } from '../../contract/common.ts';
import { fetchCustomerMetrics } from './customer-metrics-query.ts';
import { api } from '../../lib/api.ts';

export type CustomerFilters = { search: string; sort: CustomerSort };

export const customersApi = {
  list: (filters: CustomerFilters, page: number, signal?: AbortSignal) => {
    const query = new URLSearchParams({ sort: filters.sort, page: String(page) });
    if (filters.search.trim()) query.set('search', filters.search.trim());
    return api(`/customers/get_customers?${query}`, CustomerListResponseSchema, { signal });
  },
  metrics: fetchCustomerMetrics,
  get: (id: string, signal?: AbortSignal) =>
    api(`/customers/${encodeURIComponent(id)}`, v.object({ customer: CustomerResponseSchema.entries.customer }), { signal }),
  create: (body: CreateCustomerRequest) => api('/customers/manual/customer-manual', CustomerResponseSchema, { json: body }),
  update: (id: string, body: UpdateCustomerRequest) => api(`/customers/${encodeURIComponent(id)}`, CustomerResponseSchema, { method: 'PATCH', json: body }),
  remove: (id: string) => api(`/customers/${encodeURIComponent(id)}`, MessageResponseSchema, { method: 'DELETE' }),
  consent: (id: string, body: ConsentChangeRequest) => api(`/customers/${encodeURIComponent(id)}/consent`, CustomerResponseSchema, { json: body }),
  /** The mapping goes first: the server reads the form as a stream and needs it before the file. */
  importCsv: (input: { file: File; format: CsvFormat; mapping: CsvMapping }) => {
    const form = new FormData();
    form.append('mapping', JSON.stringify(input.mapping));
    form.append('file', input.file, input.file.name);
    return api(`/customers/${input.format}/customer-by-csv`, CsvImportResponseSchema, { form });
  },
};
