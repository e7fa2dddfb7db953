// Twilio's JSON shapes for the fake: a message resource, an error body, and reading a form request.
import type http from 'node:http';
import { measureSms } from '../../src/contract/sms-segments.ts';
import { rfc2822 } from './twilio-signing.ts';

export type FakeTwilioMessage = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  status: string;
  createdAt: Date;
};

export const twilioError = (status: number, code: number, message: string) => ({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

export function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(new URLSearchParams(text)));
  });
}

/** A message as the REST API shows it (snake_case, RFC 2822 dates). */
export const twilioMessageJson = (message: FakeTwilioMessage, accountSid: string) => {
  const base = `/2010-04-01/Accounts/${accountSid}`;
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: message.body,
    date_created: rfc2822(message.createdAt),
    date_sent: null,
    date_updated: rfc2822(message.createdAt),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    num_media: '0',
    num_segments: String(Math.max(1, measureSms(message.body).segments)),
    price: null,
    price_unit: 'USD',
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: `${base}/Messages/${message.sid}/Media.json` },
    to: message.to,
    uri: `${base}/Messages/${message.sid}.json`,
  };
};

