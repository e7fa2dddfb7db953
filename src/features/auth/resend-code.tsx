import { Button } from '@mantine/core';
import type { OtpType } from '../../contract/auth.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useRequestOtp } from './auth-mutations.ts';
import { useCountdown } from './use-countdown.ts';

// Spec §4/§9: Resend waits for a timer first (one minute here); after a send the server says how long.
const FIRST_RESEND_WAIT_SECONDS = 60;

type ResendCodeProps = { email: string | null; otpType: OtpType };

export function ResendCode({ email, otpType }: ResendCodeProps) {
  const requestOtp = useRequestOtp();
  const { secondsLeft, restart } = useCountdown(FIRST_RESEND_WAIT_SECONDS);

  const handleResend = () => {
    if (!email) {
      notifyError(null, 'There is no email found');
      return;
    }
    requestOtp.mutate(
      { email, otpType },
      {
        onSuccess: ({ retryAfterSeconds }) => {
          notifySuccess('OTP sent');
          restart(retryAfterSeconds);
        },
        onError: (error) => notifyError(error, 'Something went wrong', { prefix: 'Error sending OTP:' }),
      },
    );
  };

  return (
    <Button variant="subtle" size="md" onClick={handleResend} disabled={secondsLeft > 0} loading={requestOtp.isPending}>
      {secondsLeft > 0 ? `Resend Code in ${secondsLeft}s` : 'Resend Code'}
    </Button>
  );
}
