import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ScheduleTextResponseSchema,
  TextChatResponseSchema,
  UpdateTextDraftResponseSchema,
  UpdateTextTitleResponseSchema,
  type SmsCampaign,
  type TextCategory,
  type TextStyle,
} from '../../contract/text.ts';
import { sendThroughOutbox } from '../../lib/outbox/send.ts';
import { listOps } from '../../lib/outbox/store.ts';
import { sessionStore } from '../../lib/session.ts';
import { textApi } from './text-api.ts';
import { textKeys } from './text-queries.ts';

/** Outbox kinds and entities: a message typed offline waits on the phone (shown as waiting in the thread) and is sent once. */
export const TEXT_CHAT_OP = 'text.chat';
const TEXT_DRAFT_OP = 'text.draft';
export const conversationEntity = (id: string) => `text-conversation:${id}`;
const campaignEntity = (id: string) => `sms-campaign:${id}`;

/** The AI can take a while with a real model: wait longer than for a plain write before calling it queued. */
const AI_WAIT_MS = 30_000;

export type ChatMessageInput = {
  /** The chat's id: an existing conversation, or a new one named on the phone. */
  conversationId: string;
  isNew: boolean;
  query: string;
  category: TextCategory;
  style: TextStyle;
};

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChatMessageInput) =>
      sendThroughOutbox(
        {
          kind: TEXT_CHAT_OP,
          entity: conversationEntity(input.conversationId),
          label: `Text chat: “${input.query.length > 40 ? `${input.query.slice(0, 39)}…` : input.query}”`,
          method: 'POST',
          path: '/text/chat',
          json: {
            query: input.query,
            ...(input.isNew ? { new_conversation_id: input.conversationId, sms_category: input.category, style: input.style } : { conversation_id: input.conversationId }),
          },
          invalidate: [textKeys.conversations(), textKeys.campaigns()],
        },
        TextChatResponseSchema,
        AI_WAIT_MS,
      ),
    onSettled: (_data, _error, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: textKeys.conversation(input.conversationId) }),
        queryClient.invalidateQueries({ queryKey: textKeys.conversationList() }),
        queryClient.invalidateQueries({ queryKey: textKeys.campaigns() }),
      ]),
  });
}

/** The version an edit is made against: each accepted edit bumps it, so an edit queued behind k others expects version + k. */
async function expectedVersion(campaign: Pick<SmsCampaign, 'id' | 'version'>): Promise<number> {
  const userId = sessionStore.get()?.userId;
  const waiting = userId ? (await listOps(userId)).filter((op) => op.entity === campaignEntity(campaign.id) && op.kind === TEXT_DRAFT_OP && op.status !== 'failed') : [];
  return campaign.version + waiting.length;
}

function useCampaignCache() {
  const queryClient = useQueryClient();
  return {
    store: async (campaign: SmsCampaign) => {
      queryClient.setQueryData(textKeys.campaign(campaign.id), campaign);
      await queryClient.invalidateQueries({ queryKey: textKeys.campaigns(), predicate: (query) => query.queryKey[2] !== 'detail' });
      if (campaign.conversation_id) await queryClient.invalidateQueries({ queryKey: textKeys.conversation(campaign.conversation_id) });
    },
    refresh: (campaignId: string) => queryClient.invalidateQueries({ queryKey: textKeys.campaign(campaignId) }),
    all: () => queryClient.invalidateQueries({ queryKey: textKeys.all }),
  };
}

/** A change to the text goes through the outbox like an email draft's: offline it waits, in order, and reaches the server once. */
export function useEditText(campaign: Pick<SmsCampaign, 'id' | 'version' | 'user_title'>) {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: async (text: string) =>
      sendThroughOutbox(
        {
          kind: TEXT_DRAFT_OP,
          entity: campaignEntity(campaign.id),
          label: `Changes to the text “${campaign.user_title}”`,
          method: 'POST',
          path: '/text/campaigns/draft',
          json: { campaign_id: campaign.id, new_draft_text: text, version: await expectedVersion(campaign) },
          invalidate: [textKeys.campaign(campaign.id), textKeys.campaigns()],
        },
        UpdateTextDraftResponseSchema,
      ),
    onSuccess: async (result) => {
      if (!result.queued) await cache.store(result.body.campaign);
    },
  });
}

export function useRegenerateText() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: (campaign: Pick<SmsCampaign, 'id' | 'version'>) => textApi.regenerate(campaign.id, campaign.version),
    onSuccess: (_result, campaign) => cache.refresh(campaign.id),
  });
}

/** The rename modal of the chat history: the conversation and the text it wrote keep one title. */
export function useRenameConversation() {
  const cache = useCampaignCache();
  return useMutation({
    mutationFn: ({ conversationId, title }: { conversationId: string; title: string }) =>
      sendThroughOutbox(
        {
          kind: 'text.title',
          entity: conversationEntity(conversationId),
          label: `Rename text chat to “${title}”`,
          method: 'POST',
          path: `/text/conversations/${encodeURIComponent(conversationId)}/title`,
          json: { title },
          invalidate: [textKeys.all],
        },
        UpdateTextTitleResponseSchema,
      ),
    onSuccess: () => cache.all(),
  });
}

/** Schedule through the outbox: made offline, it waits on the phone and reaches the server once. */
export function scheduleText(campaign: Pick<SmsCampaign, 'id' | 'user_title'>, segmentId: string, at: Date, holdoutPercent: 0 | 10 = 0) {
  return sendThroughOutbox(
    {
      kind: 'text.schedule',
      entity: `sms-campaign-send:${campaign.id}`,
      label: `Schedule the text “${campaign.user_title}”`,
      method: 'POST',
      path: '/text/campaigns/schedule',
      json: { campaign_id: campaign.id, segmentation_id: segmentId, scheduled_time: at.toISOString(), holdout_percent: holdoutPercent },
      invalidate: [textKeys.campaigns()],
    },
    ScheduleTextResponseSchema,
  );
}
