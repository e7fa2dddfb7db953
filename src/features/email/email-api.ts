import { MessageResponseSchema } from '../../contract/common.ts';
import {
  CompleteEmailDraftResponseSchema,
  DraftFromTemplateResponseSchema,
  EmailDraftListResponseSchema,
  EmailDraftResponseSchema,
  EmailPreviewResponseSchema,
  EmailUsageResponseSchema,
  RefreshEmailDraftImagesResponseSchema,
  RegenerateEmailDraftResponseSchema,
  type CompleteEmailDraftRequest,
  type CreateEmailDraftRequest,
  type EmailDraftFilter,
} from '../../contract/email-drafts.ts';
import {
  EmailTemplateActionResponseSchema,
  EmailTemplateCategoriesResponseSchema,
  EmailTemplateListResponseSchema,
  EmailTemplateResponseSchema,
  type CreateEmailTemplateRequest,
  type UpdateEmailTemplateRequest,
} from '../../contract/email-templates.ts';
import type { EmailContent, TemplateCategory } from '../../contract/email.ts';
import {
  EmailAudienceResponseSchema,
  EmailCampaignListResponseSchema,
  EmailCampaignSchema,
  EmailReportSchema,
  LaunchEmailResponseSchema,
  ScheduledEmailListResponseSchema,
  type ScheduledFilter,
} from '../../contract/email-campaigns.ts';
import { api } from '../../lib/api.ts';

const id = (value: string) => encodeURIComponent(value);

/** The email calls (server/features/email). Title and content edits go through the outbox (email-mutations.ts). */
export const emailApi = {
  drafts: (status: EmailDraftFilter, signal?: AbortSignal) => api(`/email/drafts?status=${status}`, EmailDraftListResponseSchema, { signal }),
  draft: (draftId: string, signal?: AbortSignal) => api(`/email/drafts/${id(draftId)}`, EmailDraftResponseSchema, { signal }),
  createDraft: (body: CreateEmailDraftRequest, key: string) => api('/email/drafts', EmailDraftResponseSchema, { json: body, headers: { 'Idempotency-Key': key } }),
  regenerate: (draftId: string, version: number) => api(`/email/drafts/${id(draftId)}/regenerate`, RegenerateEmailDraftResponseSchema, { json: { version } }),
  refreshImages: (draftId: string, version: number) => api(`/email/drafts/${id(draftId)}/refresh-images`, RefreshEmailDraftImagesResponseSchema, { json: { version } }),
  complete: (draftId: string, body: CompleteEmailDraftRequest) => api(`/email/drafts/${id(draftId)}/complete`, CompleteEmailDraftResponseSchema, { json: body }),
  removeDraft: (draftId: string) => api(`/email/drafts/${id(draftId)}`, MessageResponseSchema, { method: 'DELETE' }),
  usage: (signal?: AbortSignal) => api('/email/usage', EmailUsageResponseSchema, { signal }),
  preview: (content: EmailContent, signal?: AbortSignal) => api('/email/preview', EmailPreviewResponseSchema, { json: content, signal }),
  templates: (category: TemplateCategory | undefined, signal?: AbortSignal) =>
    api(`/email/templates${category ? `?category=${category}` : ''}`, EmailTemplateListResponseSchema, { signal }),
  template: (templateId: string, signal?: AbortSignal) => api(`/email/templates/${id(templateId)}`, EmailTemplateResponseSchema, { signal }),
  categories: (signal?: AbortSignal) => api('/email/template-categories', EmailTemplateCategoriesResponseSchema, { signal }),
  createTemplate: (body: CreateEmailTemplateRequest) => api('/email/templates', EmailTemplateActionResponseSchema, { json: body }),
  updateTemplate: (templateId: string, body: UpdateEmailTemplateRequest) =>
    api(`/email/templates/${id(templateId)}`, EmailTemplateActionResponseSchema, { method: 'PUT', json: body }),
  useTemplate: (templateId: string) => api(`/email/templates/${id(templateId)}/use`, DraftFromTemplateResponseSchema, { method: 'POST' }),
  audience: (segmentId: string, signal?: AbortSignal) => api(`/email/audience?segmentation_id=${id(segmentId)}`, EmailAudienceResponseSchema, { signal }),
  launch: (body: { draft_campaign_id: string; segmentation_id: string; holdout_percent: 0 | 10 }, key: string) =>
    api('/email/campaigns/launch', LaunchEmailResponseSchema, { json: body, headers: { 'Idempotency-Key': key } }),
  campaigns: (count: number, offset: number, signal?: AbortSignal) => api(`/email/campaigns?count=${count}&offset=${offset}`, EmailCampaignListResponseSchema, { signal }),
  campaign: (campaignId: string, signal?: AbortSignal) => api(`/email/campaigns/${id(campaignId)}`, EmailCampaignSchema, { signal }),
  report: (campaignId: string, days: number, signal?: AbortSignal) => api(`/email/campaigns/${id(campaignId)}/report?days=${days}`, EmailReportSchema, { signal }),
  scheduled: (filter: ScheduledFilter, search: string, signal?: AbortSignal) =>
    api(`/email/scheduled?status=${filter}&limit=1000${search ? `&search=${encodeURIComponent(search)}` : ''}`, ScheduledEmailListResponseSchema, { signal }),
  cancelScheduled: (scheduleId: string) => api(`/email/scheduled/${id(scheduleId)}/cancel`, MessageResponseSchema, { method: 'POST' }),
};

