import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentChangeRequest, CreateCustomerRequest, UpdateCustomerRequest } from '../../contract/customers.ts';
import type { CsvFormat, CsvMapping } from '../../contract/customers-csv.ts';
import { customersApi } from './customers-api.ts';
import { segmentKeys } from '../segments/segments-queries.ts';
import { customerKeys } from './customers-queries.ts';

// Segments count customers too, so every change refreshes them as well.
function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: customerKeys.all }), queryClient.invalidateQueries({ queryKey: segmentKeys.all })]);
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: (body: CreateCustomerRequest) => customersApi.create(body), onSuccess: invalidate });
}

export function useUpdateCustomer(id: string) {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: (body: UpdateCustomerRequest) => customersApi.update(id, body), onSuccess: invalidate });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({ mutationFn: (id: string) => customersApi.remove(id), onSuccess: invalidate });
}

export function useConsentChange(id: string) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (body: ConsentChangeRequest) => customersApi.consent(id, body),
    onSuccess: async (result) => {
      queryClient.setQueryData(customerKeys.detail(id), result.customer);
      await invalidate();
    },
  });
}

export function useImportCsv() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (input: { file: File; format: CsvFormat; mapping: CsvMapping }) => customersApi.importCsv(input),
    onSuccess: invalidate,
  });
}
