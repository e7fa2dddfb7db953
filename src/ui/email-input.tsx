import { TextInput, type TextInputProps } from '@mantine/core';

/** The email field of the account forms: the email keyboard, no capitals or spell-check, sized for a thumb. */
export function EmailInput(props: TextInputProps) {
  return <TextInput label="Email" type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} size="lg" {...props} />;
}
