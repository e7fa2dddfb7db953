import { Hono } from 'hono';
import { CreateAudioRequestSchema } from '../../../src/contract/audio.ts';
import { BookingRequestSchema, CreateCreatorRequestSchema } from '../../../src/contract/creators.ts';
import type { Deps } from '../../deps.ts';
import { enforceRateLimit } from '../../lib/rate-limit.ts';
import { validate } from '../../lib/validate.ts';
import { idempotency } from '../../middleware/idempotency.ts';
import { requireSession, type SessionVariables } from '../../middleware/session.ts';
import { serveStored } from '../media/media.files.ts';
import { audioFileKey, checkLink, createAudio, deleteAudio, getAudio, listAudios, listVoices, voiceSample } from './audio.service.ts';
import { addCreator, deleteCreator, listCreators, requestBooking } from './creators.service.ts';
import { getTrending, refreshTrending } from './trending.service.ts';

/**
 * /api/v1/audio (spec §7 Video and audio: voices list, generated audios list, trending audios and its refresh
 * call). Files and voice samples are served on signed links (an <audio> cannot send the bearer header);
 * everything else needs the session.
 */
export function audioRoutes(deps: Deps) {
  const user = (c: { get: (key: 'user') => SessionVariables['user'] }) => c.get('user').id;
  const files = new Hono()
    .get('/files/:id', async (c) => {
      const id = c.req.param('id');
      checkLink(deps, `file:${id}`, c.req.query('exp'), c.req.query('sig'));
      const key = await audioFileKey(deps, id);
      return serveStored(c, deps.storage, key, `"audio-${id}"`, Number(c.req.query('exp')), deps.now());
    })
    .get('/samples/:engine/:voice', async (c) => {
      const { engine, voice } = c.req.param();
      checkLink(deps, `sample:${engine}:${voice}`, c.req.query('exp'), c.req.query('sig'));
      const key = await voiceSample(deps, engine, voice);
      return serveStored(c, deps.storage, key, `"sample-${key.replace(/[^A-Za-z0-9_.-]/g, '_')}"`, Number(c.req.query('exp')), deps.now());
    });
  const session = new Hono<{ Variables: SessionVariables }>()
    .use(requireSession(deps))
    .use(idempotency(deps))
    .get('/voices', (c) => c.json(listVoices(deps)))
    .get('/audios', async (c) => c.json({ results: await listAudios(deps, user(c)) }))
    .post('/audios', validate('json', CreateAudioRequestSchema), async (c) => {
      await enforceRateLimit(deps, `audio:speak:${user(c)}`, 30, 10 * 60);
      return c.json(await createAudio(deps, user(c), c.req.valid('json')), 201);
    })
    .get('/audios/:id', async (c) => c.json(await getAudio(deps, user(c), c.req.param('id'))))
    .delete('/audios/:id', async (c) => c.json(await deleteAudio(deps, user(c), c.req.param('id'))))
    .get('/trending', async (c) => c.json(await getTrending(deps)))
    .post('/trending/refresh', async (c) => {
      await enforceRateLimit(deps, `audio:trending:${user(c)}`, 10, 60 * 60);
      return c.json(await refreshTrending(deps));
    })
    // Hire a Pro: the owner's own creators and booking requests emailed to them.
    .get('/creators', async (c) => c.json(await listCreators(deps, user(c))))
    .post('/creators', validate('json', CreateCreatorRequestSchema), async (c) => c.json(await addCreator(deps, user(c), c.req.valid('json')), 201))
    .delete('/creators/:id', async (c) => c.json(await deleteCreator(deps, user(c), c.req.param('id'))))
    .post('/creators/:id/bookings', validate('json', BookingRequestSchema), async (c) => {
      await enforceRateLimit(deps, `audio:booking:${user(c)}`, 20, 60 * 60);
      return c.json(await requestBooking(deps, user(c), c.req.param('id'), c.req.valid('json').message), 201);
    });
  return new Hono().route('/', files).route('/', session);
}
