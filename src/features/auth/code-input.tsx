import { Input, PinInput } from '@mantine/core';
import { OTP_LENGTH } from '../../contract/common.ts';

type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
};

/** Six one-digit boxes: a pasted or autofilled code spreads over them, Backspace on an empty box steps back. */
export function CodeInput({ value, onChange, onComplete, error, autoFocus }: CodeInputProps) {
  return (
    <Input.Wrapper label="Verification code" error={error} size="lg" labelProps={{ mb: 6 }}>
      <PinInput
        length={OTP_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="xl"
        gap="xs"
        value={value}
        onChange={onChange}
        onComplete={onComplete}
        error={Boolean(error)}
        autoFocus={autoFocus}
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${OTP_LENGTH}` })}
        styles={{ root: { justifyContent: 'space-between' }, input: { fontWeight: 700 } }}
      />
    </Input.Wrapper>
  );
}
