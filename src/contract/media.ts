import * as v from 'valibot';
import { MEDIA_SORTS } from './media-sorts.ts';

/** Media library (spec §3 Media item, §7 Media). */
const MEDIA_TYPES = ['image', 'video', 'document', 'folder'] as const;
const MediaTypeSchema = v.picklist(MEDIA_TYPES);

export type { MediaSort } from './media-sorts.ts';

/** Files above this go through the resumable (tus) upload; smaller ones use the plain multipart call. */
export const RESUMABLE_THRESHOLD_BYTES = 5 * 1024 * 1024;
export const MEDIA_UPLOADS_PATH = '/api/v1/media/uploads';
const MEDIA_PAGE_SIZE_MAX = 100;

export const MediaItemSchema = v.object({
  id: v.string(),
  userId: v.string(),
  name: v.string(),
  description: v.string(),
  type: MediaTypeSchema,
  /** Signed, expiring URL of the file itself (null for folders). */
  path: v.nullable(v.string()),
  /** 256 px WebP (image thumbnail or video poster). */
  thumbnailUrl: v.nullable(v.string()),
  /** 1024 px WebP (image preview or video poster). */
  previewUrl: v.nullable(v.string()),
  isFolder: v.boolean(),
  parentId: v.nullable(v.string()),
  size: v.number(),
  mimeType: v.nullable(v.string()),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  /** Seconds, videos only (verified by the server with ffprobe). */
  duration: v.nullable(v.number()),
  /** Live items directly inside a folder (folders only). */
  childCount: v.nullable(v.number()),
  createdAt: v.string(),
  updatedAt: v.string(),
  deletedAt: v.nullable(v.string()),
  /** Issue 19: who uploaded it (the owner or a team member); null when unknown (older items, videos Mise made). */
  uploadedBy: v.optional(v.nullable(v.object({ id: v.nullable(v.string()), name: v.string() }))),
});
export type MediaItem = v.InferOutput<typeof MediaItemSchema>;

export const MediaPageSchema = v.object({
  items: v.array(MediaItemSchema),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});
export type MediaPage = v.InferOutput<typeof MediaPageSchema>;

const intFromString = (name: string, min: number, max: number, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform(Number),
    v.number(`${name} must be a number`),
    v.integer(`${name} must be a whole number`),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );

const UploaderNameSchema = v.optional(
  v.pipe(v.string('uploadedByName must be text'), v.trim(), v.nonEmpty('uploadedByName must not be empty'), v.maxLength(100, 'uploadedByName must be at most 100 characters')),
);

/** GET /media/uploaders (issue 19, the owner's filter): who uploaded to the library, with how many live files each. */
const MediaUploaderSchema = v.object({
  /** null for a removed team member (filter by `uploadedByName` then). */
  id: v.nullable(v.string()),
  name: v.string(),
  role: v.picklist(['owner', 'staff', 'removed']),
  uploads: v.number(),
});
export type MediaUploader = v.InferOutput<typeof MediaUploaderSchema>;
export const MediaUploadersSchema = v.object({ uploaders: v.array(MediaUploaderSchema) });
export type MediaUploaders = v.InferOutput<typeof MediaUploadersSchema>;

/** GET /media: one folder (parentId, root when absent) or one type across folders. */
export const MediaListQuerySchema = v.object({
  parentId: v.optional(v.pipe(v.string(), v.uuid('parentId must be a media id'))),
  type: v.optional(v.picklist(['image', 'video'], 'type must be image or video')),
  sort: v.optional(v.picklist(MEDIA_SORTS, 'sort must be name, size or updatedAt'), 'updatedAt'),
  order: v.optional(v.picklist(['asc', 'desc'], 'order must be asc or desc'), 'desc'),
  page: intFromString('page', 1, 1_000_000, '1'),
  pageSize: intFromString('pageSize', 1, MEDIA_PAGE_SIZE_MAX, '50'),
  /** Issue 19: only what this person (owner or team member id) uploaded, across folders. */
  uploadedBy: v.optional(v.pipe(v.string(), v.uuid('uploadedBy must be a user id'))),
  /** Issue 19: only what a removed team member uploaded, by the name they had (their id is gone with them). */
  uploadedByName: UploaderNameSchema,
});

export const MediaRecentQuerySchema = v.object({
  page: intFromString('page', 1, 1_000_000, '1'),
  pageSize: intFromString('pageSize', 1, MEDIA_PAGE_SIZE_MAX, '60'),
  uploadedBy: v.optional(v.pipe(v.string(), v.uuid('uploadedBy must be a user id'))),
  uploadedByName: UploaderNameSchema,
  /** Words in the name or description (case-insensitive); the scene picker's search. */
  search: v.optional(v.pipe(v.string('search must be text'), v.trim(), v.maxLength(200, 'search must be at most 200 characters')), ''),
});

const text = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.trim(), v.maxLength(max, `${field} must be at most ${max} characters`));
const required = (field: string, max: number, message: string) => v.pipe(text(field, max), v.nonEmpty(message));

const flag = v.pipe(
  v.optional(v.picklist(['true', 'false', '1', '0', ''], 'isFolder must be true or false'), 'false'),
  v.transform((value) => value === 'true' || value === '1'),
);
// Multipart sends "null" for an absent parent (spec §7: parentId (null)).
const parentField = v.pipe(
  v.optional(v.string(), ''),
  v.transform((value) => (value === '' || value === 'null' ? null : value)),
  v.nullable(v.pipe(v.string(), v.uuid('parentId must be a media id'))),
);

/** The text fields of POST /media/add (the file itself is streamed separately). */
export const MediaAddFieldsSchema = v.object({
  userId: v.optional(v.string()),
  name: v.optional(text('name', 200), ''),
  description: v.optional(text('description', 2000), ''),
  type: v.optional(v.picklist(['image', 'video', 'folder'], 'type must be image, video or folder')),
  duration: v.optional(v.string()),
  isFolder: flag,
  parentId: parentField,
  /** A finished resumable upload to use instead of a file part. */
  uploadId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'uploadId is not a valid upload id'))),
});

export const FolderFieldsSchema = v.object({
  name: required('name', 200, 'Folder name is required'),
  description: required('description', 2000, 'Folder description is required'),
});

export const MediaUpdateSchema = v.pipe(
  v.object({
    description: v.optional(text('description', 2000)),
    name: v.optional(required('name', 200, 'name must not be empty')),
    /** Move into another folder (null: the top level). */
    parentId: v.optional(v.nullable(v.pipe(v.string(), v.uuid('parentId must be a media id')))),
  }),
  v.check((body) => body.description !== undefined || body.name !== undefined || body.parentId !== undefined, 'description: Nothing to update'),
);
export type MediaUpdate = v.InferInput<typeof MediaUpdateSchema>;

/** GET /media/folders: every live folder, to pick where an item goes. */
export const MediaFolderListSchema = v.object({
  folders: v.array(v.object({ id: v.string(), name: v.string(), parentId: v.nullable(v.string()) })),
});
export type MediaFolderList = v.InferOutput<typeof MediaFolderListSchema>;

export const MediaDeleteResponseSchema = v.object({ message: v.string(), deleted: v.number() });

/** Spec §9: size in MB with two decimals (bytes / 1048576). */
export const formatMegabytes = (bytes: number) => `${(bytes / 1048576).toFixed(2)} MB`;
/** Spec §9: file names shortened to 20 characters. */
export const shortName = (name: string, max = 20) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);
