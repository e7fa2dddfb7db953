import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { toPlainSms } from '../../contract/sms-plain-text.ts';
import { measureSms, smsCharacterLabel } from '../../contract/sms-segments.ts';
import { count, dollarsOf } from './text-format.ts';
import { estimateSmsCostCents } from '../../contract/sms-segments.ts';

type SmsMeterProps = {
  text: string;
  onReplace: (text: string) => void;
  /** Who it would reach with the chosen segment, when one is chosen. */
  recipients?: number | null;
  /** SMS_PRICE_PER_SEGMENT in cents, null when not configured. */
  pricePerSegmentCents: number | null;
};

/**
 * The live counter under the text (issue 13): characters, GSM-7 or UCS-2 and the character that forced UCS-2,
 * segments per text, who it reaches and what it would cost, as an estimate.
 */
export function SmsMeter({ text, onReplace, recipients, pricePerSegmentCents }: SmsMeterProps) {
  const measure = measureSms(text);
  const trigger = measure.encoding === 'UCS-2' ? measure.nonGsm[0] : null;
  const plain = trigger ? toPlainSms(text) : null;
  const canReplace = Boolean(plain && plain.replaced.length > 0);
  const cost = recipients != null && pricePerSegmentCents !== null ? estimateSmsCostCents(measure.segments, recipients, pricePerSegmentCents / 100) : null;
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="sms-meter" aria-live="polite">
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" fw={600} data-testid="sms-meter-count">
            {count(measure.characters, 'character')} · {count(measure.segments, 'segment')}
          </Text>
          <Text size="sm" fw={700} c={measure.encoding === 'UCS-2' ? 'orange.8' : 'teal.8'} data-testid="sms-meter-encoding">
            {measure.encoding}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {measure.segments <= 1
            ? `Up to ${measure.perSegment} fit in one text; ${measure.remaining} left.`
            : `Sent as ${measure.segments} joined texts of ${measure.perSegment}; ${measure.remaining} left in the last.`}
        </Text>
        {trigger && (
          <Stack gap={6} data-testid="sms-meter-ucs2">
            <Text size="sm" c="orange.9">
              {`UCS-2 because of ${smsCharacterLabel(trigger)}${measure.nonGsm.length > 1 ? ` and ${count(measure.nonGsm.length - 1, 'other character')}` : ''}: a text then holds ${measure.segments > 1 ? 67 : 70} characters instead of ${measure.segments > 1 ? 153 : 160}.`}
            </Text>
            {canReplace && (
              <Group>
                <Button size="sm" variant="light" color="orange" leftSection={<IconWand size={16} />} onClick={() => plain && onReplace(plain.text)}>
                  Replace with plain characters
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {recipients != null && (
          <Text size="sm" data-testid="sms-meter-cost">
            {count(recipients, 'guest')} × {count(measure.segments, 'segment')}
            {cost !== null ? ` ≈ ${dollarsOf(cost)} (estimate)` : ' (set SMS_PRICE_PER_SEGMENT to see the cost)'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
