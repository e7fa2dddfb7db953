import { Alert, Button, Skeleton } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../../lib/api.ts';
import { TextEditor } from './text-editor.tsx';
import { textQueries } from './text-queries.ts';

/**
 * Spec §2 generated-text/{conversation_id}: the text a chat wrote (or, for a text with no chat, the text itself by its
 * id), in the editor; `onDone` after a launch or schedule.
 */
export function GeneratedTextScreen({ conversationId, timeZone, onDone }: { conversationId: string; timeZone: string; onDone: () => void }) {
  const conversation = useQuery(textQueries.conversation(conversationId));
  const noChat = conversation.error instanceof ApiError && conversation.error.status === 404;
  const direct = useQuery({ ...textQueries.campaign(conversationId), enabled: noChat });
  const campaignId = conversation.data?.sms_campaign?.id ?? (noChat ? direct.data?.id : undefined);
  // The editor reads the campaign itself so an edit or a regenerate shows at once.
  const campaign = useQuery({ ...textQueries.campaign(campaignId ?? ''), enabled: Boolean(campaignId) });

  const back = (
    <Button renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns/generated-texts" />} variant="subtle" color="gray" leftSection={<IconChevronLeft size={18} />} ml={-12} mb={4}>
      Your texts
    </Button>
  );
  if (campaign.data)
    return (
      <>
        {back}
        <TextEditor key={campaign.data.id} campaign={campaign.data} timeZone={timeZone} onDone={onDone} />
      </>
    );
  const missing = (conversation.data && !conversation.data.sms_campaign) || (noChat && direct.isError);
  return (
    <>
      {back}
      {missing ? (
        <Alert color="gray" title="No text yet">
          This chat has not written a text yet.{' '}
          <Button variant="subtle" size="compact-sm" renderRoot={(props) => <Link {...props} to="/campaigns/text-campaigns/ai" search={{ conversation: conversationId, category: 'flash_sale', style: 'friendly' }} />}>
            Back to the chat
          </Button>
        </Alert>
      ) : conversation.isError && !noChat ? (
        <Alert color="red">{conversation.error.message}</Alert>
      ) : (
        <Skeleton h={320} radius="lg" />
      )}
    </>
  );
}
