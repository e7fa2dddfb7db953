import { askFeature } from './ask/ask.feature.ts';
import { audioFeature } from './audio/audio.feature.ts';
import { authFeature } from './auth/auth.feature.ts';
import { brandFeature } from './brand/brand.feature.ts';
import { customersFeature } from './customers/customers.feature.ts';
import { emailFeature } from './email/email.feature.ts';
import type { Feature } from './feature.ts';
import { healthFeature } from './health/health.feature.ts';
import { mediaFeature } from './media/media.feature.ts';
import { metricsFeature } from './metrics/metrics.feature.ts';
import { posFeature } from './pos/pos.feature.ts';
import { segmentsFeature } from './segments/segments.feature.ts';
import { sendingFeature } from './sending/sending.feature.ts';
import { socialsFeature } from './socials/socials.feature.ts';
import { subscriptionsFeature } from './subscriptions/subscriptions.feature.ts';
import { profileFeature } from './profile/profile.feature.ts';
import { textFeature } from './text/text.feature.ts';
import { videoFeature } from './video/video.feature.ts';
import { sequencesFeature } from './sequences/sequences.feature.ts';
import { dashboardFeature } from './dashboard/dashboard.feature.ts';
import { teamFeature } from './team/team.feature.ts';
import { pushFeature } from './push/push.feature.ts';

/** Every feature of the API, in mount order. The app mounts their routes and main.ts registers their jobs from here. */
export const features: Feature[] = [
  healthFeature,
  authFeature,
  profileFeature,
  brandFeature,
  socialsFeature,
  subscriptionsFeature,
  customersFeature,
  posFeature,
  segmentsFeature,
  metricsFeature,
  mediaFeature,
  emailFeature,
  sendingFeature,
  textFeature,
  askFeature,
  videoFeature,
  audioFeature,
  sequencesFeature,
  dashboardFeature,
  teamFeature,
  pushFeature,
];
