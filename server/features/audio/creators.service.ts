import { CREATOR_MESSAGES, type Booking, type CreateCreatorRequest, type Creator } from '../../../src/contract/creators.ts';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { getBrand } from '../brand/brand.service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Row = { id: string; name: string; handle: string; platform: string; rate: string; email: string; created_at: Date | string };
const toCreator = (row: Row): Creator => ({ id: row.id, name: row.name, handle: row.handle, platform: row.platform, rate: row.rate, email: row.email, created_at: iso(row.created_at) });

async function findCreator(deps: Pick<Deps, 'db'>, userId: string, id: string) {
  if (!UUID.test(id)) throw notFound('Creator not found');
  const row = await deps.db.selectFrom('creators').selectAll().where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Creator not found');
  return row;
}

export async function listCreators(deps: Pick<Deps, 'db'>, userId: string): Promise<{ results: Creator[]; bookings: Booking[] }> {
  const rows = await deps.db.selectFrom('creators').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
  const bookings = await deps.db
    .selectFrom('creator_bookings as b')
    .innerJoin('creators as c', 'c.id', 'b.creator_id')
    .select(['b.id', 'b.creator_id', 'c.name as creator_name', 'b.message', 'b.status', 'b.error', 'b.created_at'])
    .where('b.user_id', '=', userId)
    .orderBy('b.created_at', 'desc')
    .limit(50)
    .execute();
  return { results: rows.map(toCreator), bookings: bookings.map((row) => ({ ...row, created_at: iso(row.created_at) })) };
}

export async function addCreator(deps: Pick<Deps, 'db' | 'now'>, userId: string, input: CreateCreatorRequest) {
  const row = await deps.db
    .insertInto('creators')
    .values({ user_id: userId, name: input.name, handle: input.handle, platform: input.platform, rate: input.rate, email: input.email.toLowerCase(), created_at: deps.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { message: CREATOR_MESSAGES.added, creator: toCreator(row) };
}

export async function deleteCreator(deps: Pick<Deps, 'db' | 'now'>, userId: string, id: string) {
  const row = await findCreator(deps, userId, id);
  await deps.db.updateTable('creators').set({ deleted_at: deps.now() }).where('id', '=', row.id).execute();
  return { message: CREATOR_MESSAGES.deleted };
}

/**
 * 'Request booking': one email to the creator through the account mailer (SMTP_URL, or an .eml file under
 * data/outbox), with the restaurant's name, location and website and the owner's message and email to reply to.
 * The request is kept with whether the mailer took it.
 */
export async function requestBooking(deps: Pick<Deps, 'db' | 'now' | 'mailer' | 'logger'>, userId: string, creatorId: string, message: string) {
  const creator = await findCreator(deps, userId, creatorId);
  const brand = await getBrand(deps.db, userId);
  const owner = await deps.db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
  const restaurant = brand.brandName || owner.name;
  const lines = [
    `Hi ${creator.name},`,
    '',
    `${owner.name} from ${restaurant} would like to book you (${creator.handle} on ${creator.platform}) for a video.`,
    '',
    message,
    '',
    `Restaurant: ${restaurant}`,
    ...(brand.location ? [`Where: ${brand.location}`] : []),
    ...(brand.website ? [`Website: ${brand.website}`] : []),
    `Reply to: ${owner.email}`,
    '',
    'Sent with Mise on behalf of the restaurant.',
  ];
  let status: 'sent' | 'failed' = 'sent';
  let error: string | null = null;
  try {
    // One mail the owner asked for, to a creator they listed themselves (not a customer): straight through the
    // mailer, recorded below as sent or failed, not through the campaign ledger.
    await deps.mailer.send({
      to: creator.email,
      subject: `Booking request from ${restaurant}`,
      text: lines.join('\n'),
      html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join(''),
    });
  } catch (cause) {
    deps.logger.warn({ err: cause }, 'booking request email failed');
    status = 'failed';
    error = 'The email could not be sent. Try again later.';
  }
  const row = await deps.db.insertInto('creator_bookings').values({ user_id: userId, creator_id: creator.id, message, status, error, created_at: deps.now() }).returningAll().executeTakeFirstOrThrow();
  // A refusal is kept (listed as failed) and answered as the mail service's trouble, not the owner's input.
  if (status === 'failed') throw new AppError(502, error!, 'provider_unavailable');
  const booking: Booking = { id: row.id, creator_id: creator.id, creator_name: creator.name, message, status, error, created_at: iso(row.created_at) };
  return { message: CREATOR_MESSAGES.requested, booking };
}
