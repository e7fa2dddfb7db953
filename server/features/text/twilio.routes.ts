import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { isValidTwilioSignature, twilioParams, TwilioInboundSchema, TwilioStatusCallbackSchema } from '../../providers/sms/twilio-webhooks.ts';
import { handleInbound, twiml } from './text-inbound.ts';
import { applyStatus } from './text-status.ts';

/**
 * The signed form Twilio posted, checked against the URL Twilio called: PUBLIC_URL + the path when set (behind
 * a proxy the server sees another address), else the request's own URL. Unsigned or wrongly signed: 403.
 */
async function signedForm(deps: Deps, c: Context) {
  if (deps.sms.kind !== 'twilio') throw new AppError(404, 'Texts are not sent through Twilio on this server', 'not_found');
  const body = await c.req.text();
  const params = twilioParams(body);
  const request = new URL(c.req.url);
  const url = deps.env.PUBLIC_URL ? `${deps.env.PUBLIC_URL.replace(/\/+$/, '')}${request.pathname}${request.search}` : c.req.url;
  if (!isValidTwilioSignature(deps.env.TWILIO_AUTH_TOKEN, c.req.header('X-Twilio-Signature'), url, params)) {
    throw new AppError(403, 'This request is not signed by Twilio', 'forbidden');
  }
  const flat = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
  return flat;
}

function parse<T extends v.GenericSchema>(schema: T, form: Record<string, unknown>): v.InferOutput<T> {
  const result = v.safeParse(schema, form);
  if (!result.success) throw new AppError(400, `Twilio's form is missing ${v.getDotPath(result.issues[0]) ?? 'a field'}`, 'validation');
  return result.output;
}

/**
 * POST /api/v1/text/twilio/status (StatusCallback) and /inbound (a guest's reply). Outside the session and the
 * same-origin check (listed as webhooks); each request must carry Twilio's signature.
 */
export function twilioRoutes(deps: Deps) {
  return new Hono()
    .post('/status', async (c) => {
      const callback = parse(TwilioStatusCallbackSchema, await signedForm(deps, c));
      if (callback.AccountSid !== deps.env.TWILIO_ACCOUNT_SID) throw new AppError(403, 'This callback is for another Twilio account', 'forbidden');
      await applyStatus(deps, callback);
      // Twilio only needs a 2xx; an empty body keeps its logs quiet.
      return c.body(null, 204);
    })
    .post('/inbound', async (c) => {
      const message = parse(TwilioInboundSchema, await signedForm(deps, c));
      if (message.AccountSid !== deps.env.TWILIO_ACCOUNT_SID) throw new AppError(403, 'This message is for another Twilio account', 'forbidden');
      const result = await handleInbound(deps, message);
      return c.body(twiml(result.reply), 200, { 'Content-Type': 'text/xml; charset=utf-8' });
    });
}
