import type { Logger } from '../../lib/logger.ts';
import { outboxTransport } from './outbox-transport.ts';
import type { SmsTransport } from './sms-types.ts';
import { twilioTransport, type TwilioOptions } from './twilio-transport.ts';

export type { SmsTransport } from './sms-types.ts';
export { missingTwilioSettings, SmsSendError } from './sms-types.ts';

export type SmsTransportOptions = {
  /** null or incomplete: the outbox. */
  twilio: TwilioOptions | null;
  dataDir: string;
  logger: Logger;
};

/** TWILIO_ACCOUNT_SID + TWILIO_AUTH_TOKEN + (TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID) choose Twilio. */
export function createSmsTransport(options: SmsTransportOptions): SmsTransport {
  if (options.twilio) return twilioTransport(options.twilio, options.logger);
  return outboxTransport(options.dataDir, options.logger);
}
