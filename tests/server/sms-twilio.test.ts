import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSmsTransport, missingTwilioSettings, SmsSendError, type SmsTransport } from '../../server/providers/sms/sms.ts';
import { isValidTwilioSignature, twilioParams, TwilioInboundSchema, TwilioStatusCallbackSchema } from '../../server/providers/sms/twilio-webhooks.ts';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.ts';
import { twilioSignature } from '../fakes/twilio-signing.ts';

const logger = pino({ level: 'silent' });
const FROM = '+15005550006';

/** A stand-in for the app's webhook routes: checks the signature like the route will, records what came. */
async function startReceiver(authToken: string) {
  const received: Array<{ path: string; valid: boolean; params: Record<string, string | string[]> }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${req.url}`;
      const params = twilioParams(body);
      const valid = isValidTwilioSignature(authToken, req.headers['x-twilio-signature'] as string | undefined, url, params);
      received.push({ path: req.url ?? '', valid, params });
      res.writeHead(valid ? 204 : 403).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as SmsSendError);

describe('Twilio webhook signatures', () => {
  // The example of Twilio's own documentation (TwilioDevEd/api-snippets, security/signature_validation).
  const docs = {
    token: '12345',
    url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
    params: { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' },
    signature: 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
  };

  it('accepts the documented example and the fake signs it the same way', () => {
    expect(isValidTwilioSignature(docs.token, docs.signature, docs.url, docs.params)).toBe(true);
    expect(twilioSignature(docs.token, docs.url, docs.params)).toBe(docs.signature);
  });

  it('refuses a wrong, missing or replayed-elsewhere signature', () => {
    expect(isValidTwilioSignature(docs.token, 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=', docs.url, docs.params)).toBe(false);
    expect(isValidTwilioSignature(docs.token, undefined, docs.url, docs.params)).toBe(false);
    expect(isValidTwilioSignature(docs.token, docs.signature, docs.url, { ...docs.params, Digits: '9999' })).toBe(false);
    expect(isValidTwilioSignature(docs.token, docs.signature, 'https://mycompany.com/other.php?foo=1&bar=2', docs.params)).toBe(false);
    expect(isValidTwilioSignature('another-token', docs.signature, docs.url, docs.params)).toBe(false);
    expect(isValidTwilioSignature('', docs.signature, docs.url, docs.params)).toBe(false);
  });

  it('accepts the URL with the default port written out, as Twilio may sign either', () => {
    expect(isValidTwilioSignature(docs.token, docs.signature, 'https://mycompany.com:443/myapp.php?foo=1&bar=2', docs.params)).toBe(true);
  });

  it('signs repeated fields as the SDK expects', () => {
    const params = twilioParams('MediaUrl=b&MediaUrl=a&Body=hi');
    expect(params).toEqual({ MediaUrl: ['b', 'a'], Body: 'hi' });
    const url = 'https://mise.example/api/v1/text/twilio/inbound';
    expect(isValidTwilioSignature('tok', twilioSignature('tok', url, params), url, params)).toBe(true);
  });
});

describe('Twilio transport against the local fake', () => {
  let fake: FakeTwilio;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let sms: SmsTransport;
  const transport = (overrides: Record<string, unknown> = {}) =>
    createSmsTransport({ twilio: { accountSid: fake.accountSid, authToken: fake.authToken, from: FROM, baseUrl: fake.url, ...overrides }, dataDir: '/nonexistent', logger });

  beforeAll(async () => {
    fake = await startFakeTwilio({
      fromNumbers: [FROM],
      optedOut: ['+12125550199'],
      landlines: ['+12125550188'],
      outcome: (to) => (to === '+12125550177' ? { status: 'undelivered', errorCode: 30003 } : to === '+12125550166' ? { status: 'failed', errorCode: 30006 } : 'delivered'),
    });
    receiver = await startReceiver(fake.authToken);
    sms = transport();
  });
  beforeEach(() => {
    fake.messages.length = 0;
    fake.callbacks.length = 0;
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await sms.close();
    await fake.close();
    await receiver.close();
  });

  it('sends a text: Basic auth, form fields, Twilio’s answer', async () => {
    expect(sms).toMatchObject({ kind: 'twilio', delivers: true });
    const result = await sms.send({ to: '+12125550100', body: 'Tacos tonight! Reply STOP to opt out', statusCallbackUrl: `${receiver.url}/status?c=1` });
    expect(result.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result.status).toBe('queued');
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({ sid: result.providerId, to: '+12125550100', from: FROM, body: 'Tacos tonight! Reply STOP to opt out', statusCallback: `${receiver.url}/status?c=1` });
  });

  it('uses the Messaging Service when one is set (initial status accepted)', async () => {
    const viaService = transport({ messagingServiceSid: 'MGfake', from: undefined });
    const result = await viaService.send({ to: '+12125550101', body: 'Hi' });
    expect(result.status).toBe('accepted');
    expect(fake.messages[0]).toMatchObject({ messagingServiceSid: 'MGfake', from: null });
  });

  it('21610: the guest replied STOP, so the error says opted out and is not retryable', async () => {
    const error = await failure(sms.send({ to: '+12125550199', body: 'Hi' }));
    expect(error).toBeInstanceOf(SmsSendError);
    expect(error).toMatchObject({ reason: 'opted_out', twilioCode: 21610, retryable: false, status: 400 });
    expect(fake.messages).toHaveLength(0);
  });

  it('21211 and 21614: a number that cannot get texts', async () => {
    expect(await failure(sms.send({ to: '+1212', body: 'Hi' }))).toMatchObject({ reason: 'invalid_recipient', twilioCode: 21211, retryable: false });
    expect(await failure(sms.send({ to: '+12125550188', body: 'Hi' }))).toMatchObject({ reason: 'invalid_recipient', twilioCode: 21614, retryable: false });
  });

  it('a body over 1600 characters is refused for this text only (21617)', async () => {
    expect(await failure(sms.send({ to: '+12125550100', body: 'a'.repeat(1601) }))).toMatchObject({ reason: 'rejected', twilioCode: 21617, retryable: false });
  });

  it('settings problems stop the whole send: wrong token (20003), sender not ours (21606)', async () => {
    expect(await failure(transport({ authToken: 'wrong' }).send({ to: '+12125550100', body: 'Hi' }))).toMatchObject({ reason: 'account', twilioCode: 20003, status: 401 });
    expect(await failure(transport({ from: '+15550000000' }).send({ to: '+12125550100', body: 'Hi' }))).toMatchObject({ reason: 'account', twilioCode: 21606 });
  });

  it('429 with Retry-After and 5xx are retryable', async () => {
    fake.rateLimitNext(1, 2);
    expect(await failure(sms.send({ to: '+12125550100', body: 'Hi' }))).toMatchObject({ reason: 'rate_limited', twilioCode: 20429, retryable: true, retryAfterMs: 2000, maybeSent: false });
    fake.failNext(1, 503);
    expect(await failure(sms.send({ to: '+12125550100', body: 'Hi' }))).toMatchObject({ reason: 'server_error', status: 503, retryable: true });
    expect((await sms.send({ to: '+12125550100', body: 'Hi' })).status).toBe('queued');
    expect(fake.messages).toHaveLength(1);
  });

  it('a refused connection never sent anything; a timeout may have', async () => {
    const vacant = http.createServer();
    await new Promise<void>((resolve) => vacant.listen(0, '127.0.0.1', resolve));
    const vacantPort = (vacant.address() as AddressInfo).port;
    await new Promise<void>((resolve) => vacant.close(() => resolve()));
    const closed = createSmsTransport({ twilio: { accountSid: 'AC1', authToken: 't', from: FROM, baseUrl: `http://127.0.0.1:${vacantPort}` }, dataDir: '/x', logger });
    expect(await failure(closed.send({ to: '+12125550100', body: 'Hi' }))).toMatchObject({ reason: 'unreachable', retryable: true, maybeSent: false });
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = createSmsTransport({ twilio: { accountSid: 'AC1', authToken: 't', from: FROM, baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 }, dataDir: '/x', logger });
    expect(await failure(slow.send({ to: '+12125550100', body: 'Hi' }))).toMatchObject({ reason: 'network', retryable: true, maybeSent: true });
    silent.closeAllConnections();
    silent.close();
  });

  it('calls the StatusCallback, signed, with each later status and the error code', async () => {
    const callback = `${receiver.url}/api/v1/text/twilio/status?send=42`;
    await sms.send({ to: '+12125550100', body: 'ok', statusCallbackUrl: callback });
    await sms.send({ to: '+12125550177', body: 'ok', statusCallbackUrl: callback });
    await sms.send({ to: '+12125550166', body: 'ok', statusCallbackUrl: callback });
    await fake.settled();
    expect(receiver.received.every((r) => r.valid && r.path === '/api/v1/text/twilio/status?send=42')).toBe(true);
    const seen = receiver.received.map((r) => v.parse(TwilioStatusCallbackSchema, r.params));
    const byTo = (to: string) => seen.filter((s) => s.To === to).map((s) => [s.MessageStatus, s.ErrorCode]);
    expect(byTo('+12125550100')).toEqual([['sent', undefined], ['delivered', undefined]]);
    expect(byTo('+12125550177')).toEqual([['sent', undefined], ['undelivered', 30003]]);
    expect(byTo('+12125550166')).toEqual([['failed', 30006]]);
    expect(seen.every((s) => s.AccountSid === fake.accountSid && s.From === FROM)).toBe(true);
    expect(fake.callbacks.every((c) => c.answer === 204)).toBe(true);
  });

  it('a Messaging Service message reports queued first', async () => {
    await transport({ messagingServiceSid: 'MGfake' }).send({ to: '+12125550100', body: 'ok', statusCallbackUrl: `${receiver.url}/s` });
    await fake.settled();
    expect(receiver.received.map((r) => r.params.MessageStatus)).toEqual(['queued', 'sent', 'delivered']);
  });

  it('a callback signed with another token is refused by the receiver', async () => {
    const other = await startFakeTwilio({ authToken: 'not-ours' });
    const stranger = createSmsTransport({ twilio: { accountSid: other.accountSid, authToken: 'not-ours', from: FROM, baseUrl: other.url }, dataDir: '/x', logger });
    await stranger.send({ to: '+12125550100', body: 'x', statusCallbackUrl: `${receiver.url}/s` });
    await other.settled();
    expect(receiver.received.map((r) => r.valid)).toEqual([false, false]);
    expect(other.callbacks.map((c) => c.answer)).toEqual([403, 403]);
    await other.close();
  });

  it('posts inbound texts like Twilio, signed and in its shape', async () => {
    const answer = await fake.sendInbound(`${receiver.url}/api/v1/text/twilio/inbound`, { from: '+12125550100', to: FROM, body: 'STOP', optOutType: 'STOP' });
    expect(answer).toBe(204);
    expect(receiver.received[0]!.valid).toBe(true);
    expect(v.parse(TwilioInboundSchema, receiver.received[0]!.params)).toMatchObject({ From: '+12125550100', To: FROM, Body: 'STOP', OptOutType: 'STOP' });
  });

  it('lists and fetches messages like the REST API', async () => {
    const sent = await sms.send({ to: '+12125550155', body: 'one' });
    await sms.send({ to: '+12125550156', body: 'two' });
    const auth = { Authorization: `Basic ${Buffer.from(`${fake.accountSid}:${fake.authToken}`).toString('base64')}` };
    const list = (await (await fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages.json?To=%2B12125550155`, { headers: auth })).json()) as { messages: Array<{ sid: string }> };
    expect(list.messages.map((m) => m.sid)).toEqual([sent.providerId]);
    const one = await fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages/${sent.providerId}.json`, { headers: auth });
    expect(await one.json()).toMatchObject({ sid: sent.providerId, body: 'one', direction: 'outbound-api', num_segments: '1', date_created: expect.stringMatching(/\+0000$/) });
    const long = await sms.send({ to: '+12125550157', body: `${'😀'.repeat(40)}` });
    const longJson = await (await fetch(`${fake.url}/2010-04-01/Accounts/${fake.accountSid}/Messages/${long.providerId}.json`, { headers: auth })).json();
    expect(longJson).toMatchObject({ num_segments: '2' });
  });
});

describe('choosing the transport', () => {
  it('names the Twilio settings still missing once one is set', () => {
    expect(missingTwilioSettings({})).toEqual([]);
    expect(missingTwilioSettings({ accountSid: 'AC1' })).toEqual(['TWILIO_AUTH_TOKEN', 'TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID']);
    expect(missingTwilioSettings({ accountSid: 'AC1', authToken: 't', messagingServiceSid: 'MG1' })).toEqual([]);
  });

  it('refuses Twilio without a sender', () => {
    expect(() => createSmsTransport({ twilio: { accountSid: 'AC1', authToken: 't' }, dataDir: '/x', logger })).toThrow(/TWILIO_FROM/);
  });
});
