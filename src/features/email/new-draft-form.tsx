import { Anchor, Button, CloseButton, Group, Image, Paper, Progress, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPhotoPlus, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { CreateEmailDraftRequestSchema, type EmailDraft } from '../../contract/email-drafts.ts';
import { EMAIL_LIMITS } from '../../contract/email.ts';
import { useContractForm } from '../../ui/contract-form.ts';
import { notifyError } from '../../ui/notify.ts';
import { useCreateDraft } from './email-mutations.ts';
import { emailQueries } from './email-queries.ts';

export type ChosenPhoto = { id: string; description: string; thumbnailUrl: string | null };

type NewDraftFormProps = {
  /** The media library's picker, handed in by the route: opens it and reports the chosen photos. */
  renderPhotoPicker: (props: { opened: boolean; onClose: () => void; onPick: (photos: ChosenPhoto[]) => void; max: number }) => ReactNode;
  onCreated: (draft: EmailDraft) => void;
};

const EXAMPLES = ['Friday fish tacos, 2 for $12, this week only', 'Sunday brunch is back, 10am to 2pm', 'Live music on Thursday night, no cover'];

/** Spec §2 drafts (Add New): a short prompt and, if the owner likes, photos; the AI writes the email. */
export function NewDraftForm({ renderPhotoPicker, onCreated }: NewDraftFormProps) {
  const create = useCreateDraft();
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [picking, setPicking] = useState(false);
  // One key per email being written: a double tap or a retry after a dropped answer writes one draft.
  const key = useRef(crypto.randomUUID());
  const form = useContractForm({ initialValues: { prompt: '' }, schema: CreateEmailDraftRequestSchema });

  const handleSubmit = form.onSubmit(({ prompt }) => {
    create.mutate(
      { body: { prompt, media_ids: photos.map((photo) => photo.id) }, key: key.current },
      {
        onSuccess: (draft) => {
          key.current = crypto.randomUUID();
          onCreated(draft);
        },
        onError: (error) => {
          form.setServerErrors(error);
          notifyError(error, 'Something went wrong');
        },
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        <Textarea
          label="What is the email about?"
          description="The offer, the day, who it is for. Mise writes it in your brand's voice and never adds prices or dates you did not give."
          placeholder={EXAMPLES[0]}
          autosize
          minRows={3}
          maxRows={8}
          size="lg"
          maxLength={EMAIL_LIMITS.prompt}
          {...form.getInputProps('prompt')}
        />
        <Group gap="xs">
          {EXAMPLES.slice(1).map((example) => (
            <Button key={example} variant="light" size="compact-md" radius="xl" onClick={() => form.setFieldValue('prompt', example)}>
              {example}
            </Button>
          ))}
        </Group>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600}>Photos</Text>
                <Text size="sm" c="dimmed">
                  Optional. Without any, Mise picks fitting ones from your library.
                </Text>
              </Stack>
              <Button variant="default" leftSection={<IconPhotoPlus size={18} />} onClick={() => setPicking(true)} disabled={photos.length >= EMAIL_LIMITS.mediaIds} style={{ flexShrink: 0 }}>
                Add
              </Button>
            </Group>
            {photos.length > 0 && (
              <SimpleGrid cols={3} spacing={6}>
                {photos.map((photo) => (
                  <div key={photo.id} style={{ position: 'relative' }}>
                    <Image src={photo.thumbnailUrl} alt={photo.description} h={96} radius="md" fit="cover" />
                    <CloseButton
                      size="lg"
                      aria-label={`Remove ${photo.description || 'photo'}`}
                      onClick={() => setPhotos((list) => list.filter((item) => item.id !== photo.id))}
                      style={{ position: 'absolute', top: 4, right: 4, background: 'rgba(255,255,255,.85)' }}
                    />
                  </div>
                ))}
              </SimpleGrid>
            )}
          </Stack>
        </Paper>
        <Button type="submit" size="lg" leftSection={<IconSparkles size={20} />} loading={create.isPending}>
          Write my email
        </Button>
        <DraftAllowance />
      </Stack>
      {renderPhotoPicker({
        opened: picking,
        onClose: () => setPicking(false),
        max: EMAIL_LIMITS.mediaIds - photos.length,
        onPick: (picked) => setPhotos((list) => [...list, ...picked.filter((photo) => !list.some((item) => item.id === photo.id))].slice(0, EMAIL_LIMITS.mediaIds)),
      })}
    </form>
  );
}

/** The plan's AI drafts this month, under the button that spends one (nothing shown until it is known, e.g. offline). */
function DraftAllowance() {
  const usage = useQuery(emailQueries.usage()).data?.ai_drafts;
  if (!usage) return null;
  const left = Math.max(0, usage.limit - usage.used);
  const percent = usage.limit > 0 ? Math.min(100, (usage.used / usage.limit) * 100) : 100;
  return (
    <Stack gap={4} data-testid="draft-allowance">
      <Text size="sm" c="dimmed">
        AI email drafts this month: {usage.used} of {usage.limit}
        {left === 0 && (
          <>
            {' · '}
            <Anchor component={Link} to="/subscriptions" size="sm" fw={600}>
              See plans
            </Anchor>
          </>
        )}
      </Text>
      <Progress value={percent} color={left === 0 ? 'red' : percent >= 80 ? 'orange' : 'teal'} size="sm" radius="xl" aria-label={`AI email drafts this month: ${usage.used} of ${usage.limit}`} />
    </Stack>
  );
}
