import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { EmailInput } from '../../ui/email-input.tsx';
import { Link, useNavigate } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { SigninRequestSchema } from '../../contract/auth.ts';
import { ApiError } from '../../lib/api.ts';
import { schemaErrors, serverFieldErrors } from '../../ui/form-errors.ts';
import { takePrerenderedInputs } from '../../lib/prerendered.ts';
import { sessionStore } from '../../lib/session.ts';
import { notifyError, notifyInfo } from '../../ui/notify.ts';
import { useSignin } from './auth-mutations.ts';
import { useFinishSignin } from './use-finish-signin.ts';

export function SigninForm({ redirect }: { redirect?: string }) {
  const signin = useSignin();
  const navigate = useNavigate();
  const finish = useFinishSignin(redirect);
  // Two fields, so plain state rather than @mantine/form (~4 KB gzip of the sign-in screen's first load); the same
  // contract checks as every other form (contract-form.ts): a mistyped address is caught here, under the field, before
  // anything is sent, and the server's field errors land under their fields.
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  // Typed into the sign-in screen index.html painted before the JavaScript arrived: kept, with the focus (before the
  // first paint of this render, so nothing flickers).
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = takePrerenderedInputs(['email', 'current-password']);
    if (!typed) return;
    const [email = '', password = ''] = typed.values;
    if (email !== '' || password !== '') setValues({ email, password });
    (typed.focused === 'email' ? emailRef : typed.focused === 'current-password' ? passwordRef : undefined)?.current?.focus();
  }, []);
  const filled = values.email.trim() !== '' && values.password !== '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = schemaErrors(SigninRequestSchema, { ...values, userType: 'regular' });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const email = values.email.trim().toLowerCase();
    signin.mutate(
      { email, password: values.password },
      {
        onSuccess: finish,
        onError: (error) => {
          // Not verified yet: the server has mailed a fresh code, so the next step is the code screen.
          if (error instanceof ApiError && error.code === 'unverified') {
            sessionStore.setPendingEmail(email);
            notifyInfo(error.message);
            void navigate({ to: '/verify-account' });
            return;
          }
          const fields = serverFieldErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          notifyError(error);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <EmailInput ref={emailRef} {...field('email')} />
        <PasswordInput ref={passwordRef} label="Password" autoComplete="current-password" size="lg" {...field('password')} />
        <Anchor component={Link} to="/forgot-password" fw={600} size="sm" py={10} style={{ alignSelf: 'flex-end' }}>
          Forgot Password?
        </Anchor>
        <Button type="submit" size="lg" fullWidth disabled={!filled} loading={signin.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
