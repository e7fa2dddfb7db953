import type { FormErrors } from '@mantine/form';
import { Button, ColorInput, Paper, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TYPES,
  BRAND_LIMITS,
  TEXT_GAP_CHOICES,
  DEFAULT_THEME,
  SaveBrandRequestSchema,
  THEME_MAX_LENGTH,
  uniqueTags,
  type Brand,
} from '../../contract/brand.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useSaveBrand } from './brand-mutations.ts';
import { LogoPicker } from './logo-picker.tsx';

type BrandValues = {
  brandName: string;
  website: string;
  location: string;
  theme: string;
  brandVoice: string[];
  description: string;
  brandLogo: string;
  timeZone: string;
  textGapHours: number;
  logo: File | null;
};

/** 24 → "One a day", 168 → "One a week", 0 → "No limit". */
const gapLabel = (hours: number) =>
  hours === 0 ? 'No limit' : hours === 24 ? 'One a day (24 hours)' : hours === 168 ? 'One a week' : hours % 24 === 0 ? `One every ${hours / 24} days` : `One every ${hours} hours`;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
/** Every zone this browser knows, for the restaurant's time zone. */
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserZone()];

const valuesOf = (brand: Brand): BrandValues => ({
  brandName: brand.brandName,
  website: brand.website,
  location: brand.location,
  theme: brand.theme || DEFAULT_THEME,
  brandVoice: brand.brandVoice,
  description: brand.description,
  brandLogo: brand.brandLogo,
  timeZone: brand.timeZone ?? browserZone(),
  textGapHours: brand.textGapHours,
  logo: null,
});

const fieldsOf = ({ logo: _logo, ...fields }: BrandValues) => fields;

/** The logo file is not part of the JSON request: checked here, beside the schema's errors. */
function validate(values: BrandValues, errors: FormErrors) {
  if (values.logo && !(BRAND_IMAGE_TYPES as readonly string[]).includes(values.logo.type)) errors.logo = 'Choose a PNG, JPG, GIF or WebP image';
  else if (values.logo && values.logo.size > BRAND_IMAGE_MAX_BYTES) errors.logo = 'The logo must be 5 MB or smaller';
  return errors;
}

type BrandFormProps = {
  brand: Brand;
  submitLabel?: string;
  /** e.g. the onboarding Skip, shown under the save button */
  secondaryAction?: ReactNode;
  onSaved?: () => void;
};

/** Restaurant content (spec §2): what every generated email, text and video is written with. */
export function BrandForm({ brand, submitLabel = 'Save', secondaryAction, onSaved }: BrandFormProps) {
  const save = useSaveBrand();
  const form = useContractForm<BrandValues>({ initialValues: valuesOf(brand), schema: SaveBrandRequestSchema, toRequest: fieldsOf, validate });
  const values = form.getValues();

  const handleSubmit = form.onSubmit((submitted) => {
    save.mutate(
      { fields: v.parse(SaveBrandRequestSchema, fieldsOf(submitted)), logo: submitted.logo },
      {
        onSuccess: ({ message, brand: saved }) => {
          notifySuccess(message);
          form.setInitialValues(valuesOf(saved));
          form.reset();
          onSaved?.();
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifyError(error, 'Something went wrong.');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="lg">
            <LogoPicker
              currentUrl={values.brandLogo}
              file={values.logo}
              onFile={(file) => form.setFieldValue('logo', file)}
              error={form.errors.logo as string | undefined}
            />
            <TextInput label="Brand name" size="lg" maxLength={BRAND_LIMITS.brandName} autoCapitalize="words" {...form.getInputProps('brandName')} />
            <TextInput
              label="Website"
              size="lg"
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="lacocina.com"
              maxLength={BRAND_LIMITS.website}
              {...form.getInputProps('website')}
            />
            <TextInput label="Location" size="lg" placeholder="Neighbourhood, city" maxLength={BRAND_LIMITS.location} {...form.getInputProps('location')} />
            <Select
              label="Time zone"
              description="Campaigns are scheduled and shown in your restaurant's local time"
              size="lg"
              searchable
              data={ZONES.includes(values.timeZone) ? ZONES : [values.timeZone, ...ZONES]}
              allowDeselect={false}
              {...form.getInputProps('timeZone')}
            />
            <Select
              label="Time between texts"
              description="A guest gets at most one marketing text from you in this time; the others are skipped and counted in the report"
              size="lg"
              data={TEXT_GAP_CHOICES.map((hours) => ({ value: String(hours), label: gapLabel(hours) }))}
              allowDeselect={false}
              value={String(values.textGapHours)}
              onChange={(value) => value !== null && form.setFieldValue('textGapHours', Number(value))}
              error={form.errors.textGapHours}
            />
            <ColorInput
              label="Theme colour"
              description="Used for buttons and headings in your emails"
              size="lg"
              format="hex"
              maxLength={THEME_MAX_LENGTH}
              swatches={[DEFAULT_THEME, '#E8590C', '#2F9E44', '#1C7ED6', '#7048E8', '#212529']}
              {...form.getInputProps('theme')}
            />
            <TagsInput
              label="Brand voice"
              description="4-5 words for how you sound, e.g. warm, playful, local. Press Enter or type a comma after each."
              size="lg"
              splitChars={[',']}
              maxTags={BRAND_LIMITS.voiceTags}
              acceptValueOnBlur
              {...form.getInputProps('brandVoice')}
              onChange={(tags) => form.setFieldValue('brandVoice', uniqueTags(tags))}
            />
            <Textarea
              label="Description"
              description="What you serve and what makes you different"
              size="lg"
              autosize
              minRows={3}
              maxLength={BRAND_LIMITS.description}
              {...form.getInputProps('description')}
            />
          </Stack>
        </Paper>
        <Button type="submit" size="lg" fullWidth loading={save.isPending}>
          {submitLabel}
        </Button>
        {secondaryAction}
      </Stack>
    </form>
  );
}
