import { Chip, Group, NumberInput, SegmentedControl, Select, Stack } from '@mantine/core';
import { MONTH_NAMES } from '../../contract/segment-words.ts';
import { SourceValues, upperOf, type ComparisonOp, type Condition, type Period } from '../../contract/segments.ts';
import { PERIOD_CHOICES, periodFromChoice } from './definition-edit.ts';

/** The controls that adjust one condition; every change is a whole new, valid condition. */
export function ConditionEditor({ condition, onChange }: { condition: Condition; onChange: (next: Condition) => void }) {
  switch (condition.type) {
    case 'total_spent':
    case 'average_order_value':
    case 'visits':
      return <ComparisonEditor condition={condition} onChange={onChange} />;
    case 'last_visit':
    case 'first_visit':
    case 'created':
      return (
        <Stack gap="xs">
          <SegmentedControl
            fullWidth
            aria-label="When"
            data={[
              { value: 'within', label: condition.type === 'created' ? 'Joined within' : 'Within' },
              { value: 'more_than', label: 'More than … ago' },
            ]}
            value={condition.op}
            onChange={(op) =>
              onChange(op === 'within' ? { type: condition.type, op: 'within', period: { kind: 'last_days', days: 30 } } : { type: condition.type, op: 'more_than', days: 30 })
            }
          />
          {condition.op === 'within' ? (
            <PeriodPicker period={condition.period} onChange={(period) => period && onChange({ ...condition, period })} />
          ) : (
            <DaysInput value={condition.days} onChange={(days) => onChange({ ...condition, days })} />
          )}
        </Stack>
      );
    case 'birthday':
      return (
        <Stack gap="xs">
          <SegmentedControl
            fullWidth
            aria-label="Birthday"
            data={[
              { value: 'next_days', label: 'Coming up' },
              { value: 'month', label: 'In a month' },
            ]}
            value={condition.op}
            onChange={(op) => onChange(op === 'month' ? { type: 'birthday', op: 'month', month: new Date().getMonth() + 1 } : { type: 'birthday', op: 'next_days', days: 7 })}
          />
          {condition.op === 'month' ? (
            <Select
              aria-label="Month"
              data={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
              value={String(condition.month)}
              allowDeselect={false}
              onChange={(month) => month && onChange({ ...condition, month: Number(month) })}
            />
          ) : (
            <DaysInput value={condition.days} max={366} onChange={(days) => onChange({ ...condition, days })} label="Within the next … days" />
          )}
        </Stack>
      );
    case 'has_email':
    case 'has_phone':
    case 'email_consent':
    case 'sms_consent':
      return (
        <SegmentedControl
          fullWidth
          aria-label="Yes or no"
          data={[
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ]}
          value={condition.value ? 'yes' : 'no'}
          onChange={(answer) => onChange({ ...condition, value: answer === 'yes' })}
        />
      );
    case 'source':
      return (
        <Chip.Group multiple value={condition.values} onChange={(values) => values.length > 0 && onChange({ ...condition, values: values as typeof condition.values })}>
          <Group gap="xs">
            {SourceValues.map((source) => (
              <Chip key={source} value={source} size="md">
                {source}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      );
  }
}

const OPS: Array<{ value: ComparisonOp; label: string }> = [
  { value: 'gt', label: 'More than' },
  { value: 'gte', label: 'At least' },
  { value: 'lt', label: 'Less than' },
  { value: 'lte', label: 'At most' },
  { value: 'between', label: 'Between' },
];

type Comparison = Extract<Condition, { type: 'total_spent' | 'average_order_value' | 'visits' }>;

function ComparisonEditor({ condition, onChange }: { condition: Comparison; onChange: (next: Condition) => void }) {
  const money = condition.type !== 'visits';
  const toUnit = (stored: number) => (money ? stored / 100 : stored);
  const toStored = (entered: number) => Math.max(0, Math.round(money ? entered * 100 : entered));
  const upper = upperOf(condition);
  const amountInput = (label: string, value: number, set: (stored: number) => void) => (
    <NumberInput
      aria-label={label}
      size="md"
      hideControls
      inputMode="decimal"
      min={0}
      prefix={money ? '$' : undefined}
      suffix={money ? undefined : ' visits'}
      decimalScale={money ? 2 : 0}
      thousandSeparator=","
      value={toUnit(value)}
      onChange={(entered) => typeof entered === 'number' && set(toStored(entered))}
      style={{ flex: 1 }}
    />
  );
  const period = 'period' in condition ? condition.period : undefined;

  function setOp(op: ComparisonOp) {
    const base = { ...condition } as Record<string, unknown>;
    delete base.value2;
    onChange((op === 'between' ? { ...base, op, value2: Math.max(condition.value, upper ?? condition.value * 2) } : { ...base, op }) as Condition);
  }

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Select aria-label="Comparison" size="md" data={OPS} value={condition.op} allowDeselect={false} onChange={(op) => op && setOp(op as ComparisonOp)} w={140} />
        {amountInput(money ? 'Amount' : 'Visits', condition.value, (value) => onChange({ ...condition, value } as Condition))}
      </Group>
      {upper !== undefined && amountInput('Up to', upper, (value2) => onChange({ ...condition, value2 } as Condition))}
      {condition.type !== 'average_order_value' && (
        <PeriodPicker period={period} allowLifetime onChange={(next) => onChange(withPeriod(condition, next))} />
      )}
    </Stack>
  );
}

function withPeriod(condition: Comparison, period: Period | undefined): Condition {
  const { period: _old, ...rest } = condition as Comparison & { period?: Period };
  return (period ? { ...rest, period } : rest) as Condition;
}

function PeriodPicker({ period, allowLifetime, onChange }: { period?: Period; allowLifetime?: boolean; onChange: (next: Period | undefined) => void }) {
  const data = allowLifetime ? [{ value: 'lifetime', label: 'ever (lifetime)' }, ...PERIOD_CHOICES] : PERIOD_CHOICES;
  return (
    <Stack gap="xs">
      <Select
        aria-label="Period"
        size="md"
        data={data}
        value={period?.kind ?? 'lifetime'}
        allowDeselect={false}
        onChange={(choice) => choice && onChange(choice === 'lifetime' ? undefined : periodFromChoice(choice, period))}
      />
      {period?.kind === 'last_days' && <DaysInput value={period.days} onChange={(days) => onChange({ kind: 'last_days', days })} />}
    </Stack>
  );
}

function DaysInput({ value, onChange, max = 3650, label = 'Days' }: { value: number; onChange: (days: number) => void; max?: number; label?: string }) {
  return (
    <NumberInput
      aria-label={label}
      size="md"
      hideControls
      inputMode="numeric"
      min={1}
      max={max}
      suffix=" days"
      allowDecimal={false}
      value={value}
      onChange={(days) => typeof days === 'number' && days >= 1 && onChange(Math.min(max, Math.round(days)))}
    />
  );
}
