import type { FormErrors } from '@mantine/form';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import * as v from 'valibot';
import { BuiltinCardRequestSchema, cardDigits, parseExpiry, type BuiltinCardRequest } from '../../contract/subscriptions.ts';
import { useContractForm } from '../../ui/contract-form.ts';

type CardValues = { name: string; number: string; expiry: string; cvc: string };

const groupsOfFour = (value: string) => cardDigits(value).replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');
const expiryText = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

function toRequest(values: CardValues) {
  const expiry = parseExpiry(values.expiry);
  return { provider: 'builtin' as const, name: values.name, number: values.number, cvc: values.cvc, expMonth: expiry?.expMonth ?? NaN, expYear: expiry?.expYear ?? NaN };
}

// An expiry that does not read as MM/YY says so, rather than the schema's month or year message.
function validate(values: CardValues, errors: FormErrors) {
  if (!parseExpiry(values.expiry)) errors.expiry = 'Enter the expiry as MM/YY';
  return errors;
}

type BuiltinCardFormProps = {
  submitLabel: string;
  busy: boolean;
  onSubmit: (card: BuiltinCardRequest, onServerError: (error: unknown) => void) => void;
};

/** The built-in test billing's own card form: validated here and again on the server, never stored in full. */
export function BuiltinCardForm({ submitLabel, busy, onSubmit }: BuiltinCardFormProps) {
  const form = useContractForm<CardValues>({
    initialValues: { name: '', number: '', expiry: '', cvc: '' },
    schema: BuiltinCardRequestSchema,
    toRequest,
    fieldOf: { expMonth: 'expiry', expYear: 'expiry' },
    validate,
  });

  const handleSubmit = form.onSubmit((values) => {
    onSubmit(v.parse(BuiltinCardRequestSchema, toRequest(values)), (error) => form.setServerErrors(error));
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />}>
          Test billing: no money moves. Use 4242 4242 4242 4242 with any future date and any CVC.
        </Alert>
        <TextInput label="Name on card" size="lg" autoComplete="cc-name" autoCapitalize="words" {...form.getInputProps('name')} />
        <TextInput
          label="Card number"
          size="lg"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          {...form.getInputProps('number')}
          onChange={(event) => form.setFieldValue('number', groupsOfFour(event.currentTarget.value))}
        />
        <Group grow gap="sm" align="flex-start">
          <TextInput
            label="Expiry"
            size="lg"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            {...form.getInputProps('expiry')}
            onChange={(event) => form.setFieldValue('expiry', expiryText(event.currentTarget.value))}
          />
          <TextInput label="CVC" size="lg" inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="123" {...form.getInputProps('cvc')} />
        </Group>
        <Button type="submit" size="lg" fullWidth loading={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
