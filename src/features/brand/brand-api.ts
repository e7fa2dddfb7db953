import {
  BrandSchema,
  HeaderInfoSchema,
  SaveBrandResponseSchema,
  UploadHeaderResponseSchema,
  UploadImageResponseSchema,
  type SaveBrandRequest,
} from '../../contract/brand.ts';
import { api } from '../../lib/api.ts';

const settingsPath = (userId: string) => `/users/settings/${encodeURIComponent(userId)}`;

function fileForm(field: string, file: File) {
  const form = new FormData();
  form.append(field, file);
  return form;
}

export const brandApi = {
  get: (userId: string, signal?: AbortSignal) => api(settingsPath(userId), BrandSchema, { signal }),
  save: (userId: string, body: SaveBrandRequest) => api(settingsPath(userId), SaveBrandResponseSchema, { json: body }),
  uploadImage: (file: File) => api('/brand/image', UploadImageResponseSchema, { form: fileForm('image', file) }),
  headerInfo: (signal?: AbortSignal) => api('/brand/email-header', HeaderInfoSchema, { signal }),
  /** The spec's email header upload sends the file as `logo`. */
  uploadHeader: (file: File) => api('/brand/email-header', UploadHeaderResponseSchema, { form: fileForm('logo', file) }),
};
