import { ColorInput, Image, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import * as v from 'valibot';
import type { EmailBlock, EmailBlockOf } from '../../contract/email.ts';
import { EMAIL_LIMITS, EmailHrefSchema } from '../../contract/email.ts';
import type { EmailEditorBrand, PickedMedia } from './email-editor-types.ts';
import classes from './email-editor.module.css';
import { RichTextField } from './rich-text-field.tsx';

type FieldsProps<T extends EmailBlock['type']> = {
  block: EmailBlockOf<T>;
  onChange: (patch: Partial<EmailBlockOf<T>>) => void;
};

const ALIGN_OPTIONS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
];

function HeadingFields({ block, onChange }: FieldsProps<'heading'>) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Heading"
        value={block.text}
        maxLength={EMAIL_LIMITS.heading}
        error={block.text.trim() ? null : 'Heading is required'}
        onChange={(event) => onChange({ text: event.currentTarget.value })}
      />
      <SegmentedControl
        fullWidth
        size="md"
        aria-label="Heading size"
        value={String(block.level)}
        data={[
          { value: '1', label: 'Large' },
          { value: '2', label: 'Medium' },
        ]}
        onChange={(level) => onChange({ level: level === '1' ? 1 : 2 })}
      />
      <SegmentedControl fullWidth size="md" aria-label="Heading alignment" value={block.align} data={ALIGN_OPTIONS} onChange={(align) => onChange({ align: align as 'left' | 'center' })} />
    </Stack>
  );
}

function ButtonFields({ block, onChange, brand }: FieldsProps<'button'> & { brand: EmailEditorBrand }) {
  const link = v.safeParse(EmailHrefSchema, block.href);
  return (
    <Stack gap="sm">
      <TextInput
        label="Button text"
        value={block.label}
        maxLength={EMAIL_LIMITS.buttonLabel}
        error={block.label.trim() ? null : 'Button label is required'}
        onChange={(event) => onChange({ label: event.currentTarget.value })}
      />
      <TextInput
        label="Link"
        description={block.href ? undefined : `Empty: the button goes to your website${brand.website ? ` (${brand.website})` : ''}`}
        placeholder="https://"
        type="url"
        inputMode="url"
        autoCapitalize="off"
        autoCorrect="off"
        value={block.href}
        error={link.success ? null : link.issues[0].message}
        onChange={(event) => onChange({ href: event.currentTarget.value })}
      />
      <ColorInput
        label="Button colour"
        size="md"
        format="hex"
        maxLength={7}
        value={block.colour ?? brand.theme}
        swatches={[brand.theme, '#1F1A17', '#2F9E44', '#1C7ED6', '#7048E8', '#E8590C']}
        swatchesPerRow={6}
        onChange={(colour) => onChange({ colour: colour.toUpperCase() === brand.theme.toUpperCase() ? undefined : colour.toUpperCase() })}
      />
    </Stack>
  );
}

type ImageFieldsProps = FieldsProps<'image'> & {
  thumbnail: string | null;
  renderMediaPicker?: (onPick: (media: PickedMedia) => void) => ReactNode;
  onPicked: (media: PickedMedia) => void;
};

function ImageFields({ block, onChange, thumbnail, renderMediaPicker, onPicked }: ImageFieldsProps) {
  const handlePick = (media: PickedMedia) => {
    onPicked(media);
    onChange({ media_id: media.id, alt: block.alt.trim() && !block.alt.startsWith('[') ? block.alt : media.description.slice(0, EMAIL_LIMITS.alt) });
  };
  return (
    <Stack gap="sm">
      {thumbnail ? (
        <Image src={thumbnail} alt={block.alt} className={classes.thumb} />
      ) : (
        <div className={classes.slot}>{block.media_id ? 'Photo chosen' : 'No photo yet'}</div>
      )}
      {renderMediaPicker ? (
        renderMediaPicker(handlePick)
      ) : (
        <Text size="sm" c="dimmed">
          Photos come from your media library.
        </Text>
      )}
      <TextInput
        label="Describe the photo"
        description="Read aloud to people who cannot see it, and shown when pictures are blocked"
        value={block.alt}
        maxLength={EMAIL_LIMITS.alt}
        onChange={(event) => onChange({ alt: event.currentTarget.value })}
      />
      <TextInput label="Caption (optional)" value={block.caption} maxLength={EMAIL_LIMITS.caption} onChange={(event) => onChange({ caption: event.currentTarget.value })} />
    </Stack>
  );
}

function HeaderPreview({ brand }: { brand: EmailEditorBrand }) {
  const picture = brand.header_image_url || brand.brandLogo;
  return picture ? (
    <Image src={picture} alt="Your email header" className={classes.thumb} />
  ) : (
    <Text size="sm" c="dimmed">
      Your restaurant’s name on your theme colour. Add an email header in Brand settings to show a picture here.
    </Text>
  );
}

export type BlockFieldsProps = {
  block: EmailBlock;
  brand: EmailEditorBrand;
  onChange: (patch: Partial<EmailBlock>) => void;
  thumbnail: string | null;
  renderMediaPicker?: (onPick: (media: PickedMedia) => void) => ReactNode;
  onPicked: (media: PickedMedia) => void;
};

/** The settings of one block, by its type. */
export function BlockFields({ block, brand, onChange, thumbnail, renderMediaPicker, onPicked }: BlockFieldsProps) {
  switch (block.type) {
    case 'header_image':
      return <HeaderPreview brand={brand} />;
    case 'heading':
      return <HeadingFields block={block} onChange={onChange} />;
    case 'text':
      return <RichTextField label="Text" value={block.html} onChange={(html) => onChange({ html })} />;
    case 'image':
      return <ImageFields block={block} onChange={onChange} thumbnail={thumbnail} renderMediaPicker={renderMediaPicker} onPicked={onPicked} />;
    case 'button':
      return <ButtonFields block={block} onChange={onChange} brand={brand} />;
    case 'divider':
      return (
        <Text size="sm" c="dimmed">
          A thin line between parts of the email.
        </Text>
      );
    case 'footer':
      return (
        <Stack gap="xs">
          <TextInput label="Extra line (optional)" value={block.note} maxLength={EMAIL_LIMITS.footerNote} onChange={(event) => onChange({ note: event.currentTarget.value })} />
          <Text size="sm" c="dimmed">
            Your restaurant’s name, address, website and an unsubscribe link are always added.
          </Text>
        </Stack>
      );
  }
}
