import * as v from 'valibot';

export const POS_PROVIDERS = ['square', 'clover'] as const;
export type PosProviderId = (typeof POS_PROVIDERS)[number];
const PosProviderSchema = v.picklist(POS_PROVIDERS, 'The point of sale is square or clover');

/** Spec §3 names the systems 'Clover' and 'Square'. */
export const POS_SYSTEM_NAMES: Record<PosProviderId, 'Square' | 'Clover'> = { square: 'Square', clover: 'Clover' };
const PosSystemSchema = v.picklist(['Square', 'Clover'], 'pos_system is Square or Clover');
export const providerOfSystem = (system: 'Square' | 'Clover'): PosProviderId => (system === 'Square' ? 'square' : 'clover');

/** Spec §9: the import is complete at 100. */
export const IMPORT_COMPLETE = 100;

/** GET /square/authorize and /clover/get-login-url: `data` is the address to send the browser to. */
export const LoginUrlResponseSchema = v.object({ data: v.pipe(v.string(), v.url()) });

/**
 * POST /square/connect and /clover/connect: the callback address as the browser received it
 * (Square: code, response_type, state; Clover: merchant_id, employee_id, client_id, code[, state]).
 */
export const FinishConnectionRequestSchema = v.object({
  redirect_url: v.pipe(v.string('redirect_url is required'), v.trim(), v.nonEmpty('redirect_url is required'), v.maxLength(4000), v.url('redirect_url must be an address')),
});

export const PosMessageResponseSchema = v.object({ message: v.string() });

const PosConnectionStateSchema = v.picklist(['not_connected', 'connecting', 'connected', 'error']);

const PosProviderStatusSchema = v.object({
  provider: PosProviderSchema,
  pos_system: PosSystemSchema,
  /** false when this server has no client id/secret (or no DATA_ENCRYPTION_KEY in production) for the provider */
  configured: v.boolean(),
  /** why it is not set up, for the card */
  setup_hint: v.nullable(v.string()),
  state: PosConnectionStateSchema,
  /** the POS account id, for progress lookups */
  id: v.nullable(v.string()),
  merchant_id: v.nullable(v.string()),
  progress: v.number(),
  message: v.nullable(v.string()),
  connected_at: v.nullable(v.string()),
  last_synced_at: v.nullable(v.string()),
});
export type PosProviderStatus = v.InferOutput<typeof PosProviderStatusSchema>;

/** GET /pos/connection (spec §7 "connect-POS service call"): which POS is linked, and both cards' states. */
export const PosConnectionResponseSchema = v.object({
  pos_system: v.nullable(PosSystemSchema),
  connect_url: v.nullable(v.string()),
  message: v.nullable(v.string()),
  progress: v.number(),
  id: v.nullable(v.string()),
  providers: v.object({ square: PosProviderStatusSchema, clover: PosProviderStatusSchema }),
});
export type PosConnectionResponse = v.InferOutput<typeof PosConnectionResponseSchema>;

/** GET /pos/account?pos_system=Square */
export const PosAccountQuerySchema = v.object({ pos_system: PosSystemSchema });

/** GET /pos/progress/{id} */
export const PosProgressResponseSchema = v.object({
  id: v.string(),
  pos_system: PosSystemSchema,
  state: PosConnectionStateSchema,
  progress: v.number(),
  message: v.nullable(v.string()),
});
export type PosProgressResponse = v.InferOutput<typeof PosProgressResponseSchema>;
