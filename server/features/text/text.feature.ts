import type { Feature } from '../feature.ts';
import { textRoutes } from './text.routes.ts';
import { twilioRoutes } from './twilio.routes.ts';

/** Text campaigns: the AI chat, SMS through the sending engine, and what Twilio tells us back. */
export const textFeature: Feature = {
  name: 'text',
  // Twilio's routes first: mounted before /text, the session check of /text never sees them.
  routes: (deps) => ({ '/text/twilio': twilioRoutes(deps), '/text': textRoutes(deps) }),
  webhooks: ['/text/twilio/status', '/text/twilio/inbound'],
};
