import * as v from 'valibot';

// Hire a Pro (campaigns-spec §2; issue 14): no mock influencers. The owner keeps their own list of local creators,
// and 'Request booking' emails one through the mailer with the restaurant's details and the owner's message.

export const CREATOR_PLATFORMS = ['TikTok', 'Instagram', 'YouTube', 'Facebook', 'Other'] as const;

export const CREATOR_LIMITS = { name: 100, handle: 100, rate: 60, email: 254, message: 2000 } as const;

const text = (message: string, max: number, tooLong: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong));

export const CreateCreatorRequestSchema = v.object({
  name: text('Enter the creator’s name', CREATOR_LIMITS.name, `The name is at most ${CREATOR_LIMITS.name} characters`),
  handle: text('Enter their handle', CREATOR_LIMITS.handle, `The handle is at most ${CREATOR_LIMITS.handle} characters`),
  platform: v.picklist(CREATOR_PLATFORMS, 'Choose a platform'),
  rate: v.optional(v.pipe(v.string('The rate must be text'), v.trim(), v.maxLength(CREATOR_LIMITS.rate, `The rate is at most ${CREATOR_LIMITS.rate} characters`)), ''),
  email: v.pipe(v.string('Enter their email'), v.trim(), v.nonEmpty('Enter their email'), v.maxLength(CREATOR_LIMITS.email, 'The email is too long'), v.email('Enter a valid email')),
});
export type CreateCreatorRequest = v.InferOutput<typeof CreateCreatorRequestSchema>;

export const CreatorSchema = v.object({
  id: v.string(),
  name: v.string(),
  handle: v.string(),
  platform: v.string(),
  rate: v.string(),
  email: v.string(),
  created_at: v.string(),
});
export type Creator = v.InferOutput<typeof CreatorSchema>;

export const BookingRequestSchema = v.object({
  message: text('Write what you would like them to make', CREATOR_LIMITS.message, `The message is at most ${CREATOR_LIMITS.message} characters`),
});

const BookingSchema = v.object({
  id: v.string(),
  creator_id: v.string(),
  creator_name: v.string(),
  message: v.string(),
  /** sent: the email left Mise; failed: the mailer refused it (error says why). */
  status: v.picklist(['sent', 'failed']),
  error: v.nullable(v.string()),
  created_at: v.string(),
});
export type Booking = v.InferOutput<typeof BookingSchema>;

export const CreatorListResponseSchema = v.object({ results: v.array(CreatorSchema), bookings: v.array(BookingSchema) });
export const BookingResponseSchema = v.object({ message: v.string(), booking: BookingSchema });

export const CREATOR_MESSAGES = {
  added: 'Creator added',
  deleted: 'Item deleted successfully',
  requested: 'Booking request sent',
  empty: 'No result found',
} as const;
