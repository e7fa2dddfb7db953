import { Button, Checkbox, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { CreateCustomerRequestSchema, UpdateCustomerRequestSchema, type CreateCustomerRequest, type CustomerDetail } from '../../contract/customers.ts';
import { formatPhone } from '../../lib/format-phone.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useCreateCustomer, useUpdateCustomer } from './customers-mutations.ts';

type Values = {
  given_name: string;
  family_name: string;
  email_address: string;
  phone_number: string;
  birthday: string;
  notes: string;
  email_consent: boolean;
  sms_consent: boolean;
  consent_source: string;
};

const HOW = ['In person at the counter', 'Signup sheet', 'Online form', 'Other'];

const valuesOf = (customer?: CustomerDetail): Values => ({
  given_name: customer?.given_name ?? '',
  family_name: customer?.family_name ?? '',
  email_address: customer?.email_address ?? '',
  // Shown the way the hint asks it to be typed: "(718) 555-0154", not "+17185550154".
  phone_number: customer?.phone_number ? formatPhone(customer.phone_number) : '',
  // Birthdays without a year are typed as MM-DD.
  birthday: customer?.birthday?.replace(/^0000-/, '') ?? '',
  notes: customer?.notes ?? '',
  email_consent: false,
  sms_consent: false,
  consent_source: HOW[0]!,
});

type Props = { customer?: CustomerDetail; onDone: (id: string) => void };

/** Add a customer (with consent and how it was given) or edit one; the same contract schemas as the server. */
export function CustomerForm({ customer, onDone }: Props) {
  const create = useCreateCustomer();
  const update = useUpdateCustomer(customer?.id ?? '');
  const editing = Boolean(customer);
  const form = useContractForm<Values>({
    initialValues: valuesOf(customer),
    schema: editing ? UpdateCustomerRequestSchema : CreateCustomerRequestSchema,
  });
  const values = form.getValues();
  const pending = create.isPending || update.isPending;

  const handleSubmit = form.onSubmit((submitted) => {
    const { email_consent, sms_consent, consent_source, ...fields } = submitted;
    const onError = (error: unknown) => {
      form.setServerErrors(error);
      notifyError(error, editing ? 'Something went wrong' : 'An error occurred');
    };
    if (customer) {
      update.mutate(fields, { onSuccess: ({ customer: saved }) => (notifySuccess('Customer updated'), onDone(saved.id)), onError });
      return;
    }
    const body: CreateCustomerRequest = { ...fields, email_consent, sms_consent, consent_source };
    create.mutate(body, { onSuccess: ({ customer: saved }) => (notifySuccess('Customer added'), onDone(saved.id)), onError });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput size="md" label="First name" autoComplete="off" {...form.getInputProps('given_name')} />
        <TextInput size="md" label="Last name" autoComplete="off" {...form.getInputProps('family_name')} />
        <TextInput size="md" label="Email" type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email_address')} />
        <TextInput size="md" label="Phone" type="tel" inputMode="tel" description="US and Canadian numbers need no +1" autoComplete="off" {...form.getInputProps('phone_number')} />
        <TextInput size="md" label="Birthday" placeholder="MM-DD or YYYY-MM-DD" inputMode="numeric" {...form.getInputProps('birthday')} />
        <Textarea size="md" label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        {!editing && (
          <>
            <Checkbox size="md" label="Agreed to marketing emails" {...form.getInputProps('email_consent', { type: 'checkbox' })} />
            <Checkbox size="md" label="Agreed to marketing texts (SMS)" {...form.getInputProps('sms_consent', { type: 'checkbox' })} />
            {(values.email_consent || values.sms_consent) && (
              <Select size="md" label="How they agreed" data={HOW} allowDeselect={false} {...form.getInputProps('consent_source')} />
            )}
          </>
        )}
        <Button type="submit" size="lg" loading={pending} mt="xs">
          {editing ? 'Save' : 'Add customer'}
        </Button>
      </Stack>
    </form>
  );
}
