import type { FormErrors } from '@mantine/form';
import { Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { EmailInput } from '../../ui/email-input.tsx';
import type { CountryCode } from 'libphonenumber-js/min';
import * as v from 'valibot';
import { PROFILE_IMAGE_MAX_BYTES, UpdateProfileRequestSchema, type CurrentUser } from '../../contract/profile.ts';
import type { OutboxOp } from '../../lib/outbox/types.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { useSession } from '../../lib/session.ts';
import { useContractForm, useFollowServerCopy } from '../../ui/contract-form.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { PhoneField } from './phone-field.tsx';
import { fromE164, toE164 } from './phone.ts';
import { PicturePicker } from './picture-picker.tsx';
import { PROFILE_OP, useUpdateProfile } from './profile-mutations.ts';

type ProfileValues = { name: string; email: string; country: CountryCode; phone: string; image: File | null };

const valuesOf = (user: Pick<CurrentUser, 'name' | 'email' | 'phoneNumber'>): ProfileValues => {
  const { country, national } = fromE164(user.phoneNumber);
  return { name: user.name, email: user.email, country, phone: national, image: null };
};

/** Spec §5: only non-empty fields are sent; the phone is the country code joined to the number. */
function fieldsToSend(values: ProfileValues) {
  const fields: Record<string, string> = {};
  if (values.name.trim()) fields.name = values.name;
  if (values.email.trim()) fields.email = values.email;
  const phone = toE164(values.country, values.phone);
  if (phone) fields.phoneNumber = phone;
  return fields;
}

const imageError = (file: File | null) => {
  if (!file) return null;
  if (!file.type.startsWith('image/')) return 'Choose an image file (JPG, PNG, WebP or GIF)';
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return 'The picture must be 5 MB or smaller';
  return null;
};

// Errors are collected at once and shown per field; the phone box shows the phone or code error.
function validate(values: ProfileValues, errors: FormErrors) {
  // An empty box would simply not be sent; saying so beats silently keeping the old value.
  if (!values.name.trim()) errors.name ??= 'Name is required';
  if (!values.email.trim()) errors.email ??= 'Email address is required';
  const image = imageError(values.image);
  if (image) errors.image = image;
  return errors;
}

/** What the owner's waiting (not yet synced) profile changes say, newest last: shown in the fields as if saved. */
function pendingProfile(ops: OutboxOp[], user: CurrentUser): CurrentUser {
  let merged = user;
  for (const op of ops) {
    if (op.status === 'failed' || op.status === 'conflict') continue;
    for (const field of op.request.form ?? []) {
      if (!('value' in field)) continue;
      if (field.name === 'name' || field.name === 'email' || field.name === 'phoneNumber') merged = { ...merged, [field.name]: field.value };
    }
  }
  return merged;
}

export function ProfileForm({ user }: { user: CurrentUser }) {
  const update = useUpdateProfile();
  // The session changes the moment a save lands; the refetched /users/me a moment later.
  const session = useSession();
  const form = useContractForm<ProfileValues>({
    initialValues: valuesOf(user),
    schema: UpdateProfileRequestSchema,
    toRequest: fieldsToSend,
    fieldOf: { phoneNumber: 'phone' },
    validate,
  });
  const profileOps = usePendingOps({ kind: PROFILE_OP });
  const waiting = profileOps.some((op) => op.status !== 'failed' && op.status !== 'conflict');
  // After a reload the change waiting on this phone is shown in its field, not only in a banner.
  const shown = pendingProfile(profileOps, user);
  useFollowServerCopy(form, valuesOf(shown), `${user.name}|${user.email}|${user.phoneNumber}|${profileOps.map((op) => op.id).join(',')}`);
  const values = form.getValues();

  const handleSubmit = form.onSubmit((submitted) => {
    const body = new FormData();
    const fields = v.parse(UpdateProfileRequestSchema, fieldsToSend(submitted));
    for (const [key, value] of Object.entries(fields)) if (value) body.append(key, value);
    if (submitted.image) body.append('image', submitted.image);
    update.mutate(body, {
      onSuccess: (result) => {
        // Offline the change is kept on the phone (outbox) and synced later; the form keeps what was typed.
        if (result.queued) notifyInfo('Saved on this phone. It will sync when you are back online.');
        else notifySuccess('Profile updated successfully');
        // Back to a clean form showing what the server kept, with no picture waiting.
        const next = result.queued ? { ...submitted, image: null } : valuesOf(result.body);
        form.setInitialValues(next);
        form.reset();
      },
      onError: (error) => {
        form.setServerErrors(error);
        notifyError(error, 'Something went wrong.');
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', xs: 'lg' }}>
          <Stack gap="lg">
            <PicturePicker
              name={values.name || user.name}
              currentUrl={session?.image ?? user.image}
              file={values.image}
              onFile={(file) => form.setFieldValue('image', file)}
              error={form.errors.image as string | undefined}
            />
            <TextInput label="Display name" autoComplete="name" autoCapitalize="words" size="lg" {...form.getInputProps('name')} />
            <EmailInput {...form.getInputProps('email')} />
            <PhoneField
              country={values.country}
              number={values.phone}
              onCountryChange={(country) => form.setFieldValue('country', country)}
              onNumberChange={(phone) => form.setFieldValue('phone', phone)}
              error={form.errors.phone as string | undefined}
            />
          </Stack>
        </Paper>
        <Button type="submit" size="lg" fullWidth loading={update.isPending} disabled={!form.isDirty()}>
          Save
        </Button>
        {waiting && (
          <Text size="sm" c="dimmed" ta="center" data-testid="profile-waiting">
            Your latest changes are saved on this phone and will sync when you are back online.
          </Text>
        )}
      </Stack>
    </form>
  );
}
