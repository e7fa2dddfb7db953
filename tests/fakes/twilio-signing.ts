// Twilio's webhook signature, written from its documentation (integrations.md §4) and not from the SDK, so
// the fake's signatures check the app's validation (the SDK's validateRequest) independently:
// base64(HMAC-SHA1(auth token, full URL + each param name and value, sorted by name)); the values of a
// repeated name are de-duplicated and sorted.
import { createHmac } from 'node:crypto';

export type SignedParams = Record<string, string | string[]>;

export function twilioSignature(authToken: string, url: string, params: SignedParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
    for (const item of values) data += name + item;
  }
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** POSTs a form the way Twilio calls a webhook: form-encoded, signed, with Twilio's user agent. */
export async function postSignedForm(url: string, authToken: string, params: Record<string, string>): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      'User-Agent': 'TwilioProxy/1.1',
      'X-Twilio-Signature': twilioSignature(authToken, url, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  await response.body?.cancel();
  return response.status;
}

/** Twilio's dates are RFC 2822 with a numeric zone: "Mon, 16 Jun 2025 12:00:00 +0000". */
export const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');
