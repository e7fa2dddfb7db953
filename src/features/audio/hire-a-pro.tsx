import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconMail, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CREATOR_LIMITS, CREATOR_PLATFORMS, type CreateCreatorRequest, type Creator } from '../../contract/creators.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { creatorsApi } from './audio-api.ts';
import { audioKeys, audioQueries } from './audio-queries.ts';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Hire a Pro: no mock influencers. The owner's own list of local creators, and 'Request booking', which emails
 * the creator (through Mise's mailer) with the restaurant's details and the owner's message; requests are listed
 * with whether the email went.
 */
export function HireAPro() {
  const data = useSuspenseQuery(audioQueries.creators()).data;
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [booking, setBooking] = useState<Creator | null>(null);
  const remove = useMutation({
    mutationFn: (creator: Creator) => creatorsApi.remove(creator.id),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: audioKeys.creators() });
    },
    onError: (error) => notifyError(error),
  });
  return (
    <Stack gap="lg">
      <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)} size="md">
        Add a creator
      </Button>
      {data.results.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No creators yet. Add the local creators you know (their handle, platform, rate and email) to send them booking requests.
        </Text>
      )}
      {data.results.map((creator) => (
        <Paper key={creator.id} withBorder radius="lg" p="sm" component="article" aria-label={creator.name}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>{creator.name}</Text>
              <Text size="sm" c="dimmed">
                {creator.handle} · {creator.platform}
                {creator.rate && ` · ${creator.rate}`}
              </Text>
              <Text size="xs" c="dimmed">
                {creator.email}
              </Text>
            </Stack>
            <ActionIcon size={44} variant="subtle" color="red" aria-label={`Delete ${creator.name}`} onClick={() => remove.mutate(creator)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
          <Button mt="xs" variant="light" fullWidth leftSection={<IconMail size={18} />} onClick={() => setBooking(creator)}>
            Request booking
          </Button>
        </Paper>
      ))}
      {data.bookings.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Booking requests
          </Title>
          {data.bookings.map((entry) => (
            <Paper key={entry.id} withBorder radius="md" p="xs">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {entry.creator_name}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {when.format(new Date(entry.created_at))} · {entry.message}
                  </Text>
                </Stack>
                <Badge color={entry.status === 'sent' ? 'teal' : 'red'} variant="light" style={{ flexShrink: 0 }}>
                  {entry.status === 'sent' ? 'Email sent' : 'Not sent'}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <AddCreator opened={adding} onClose={() => setAdding(false)} />
      <RequestBooking creator={booking} onClose={() => setBooking(null)} />
    </Stack>
  );
}

const EMPTY: CreateCreatorRequest = { name: '', handle: '', platform: 'TikTok', rate: '', email: '' };

function AddCreator({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CreateCreatorRequest>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef(crypto.randomUUID());
  const set = (patch: Partial<CreateCreatorRequest>) => setForm((current) => ({ ...current, ...patch }));
  const add = useMutation({
    mutationFn: () => creatorsApi.add(form, key.current),
    onSuccess: (result) => {
      key.current = crypto.randomUUID();
      notifySuccess(result.message);
      setForm(EMPTY);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: audioKeys.creators() });
      onClose();
    },
    onError: (error) => {
      // The server answered: the next attempt is a new request (the key of a refused one is not reused).
      if (error instanceof ApiError && error.status > 0) key.current = crypto.randomUUID();
      if (error instanceof ApiError) setErrors(error.fields);
      notifyError(error, 'The creator could not be added');
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add a creator" radius="lg">
      <Stack gap="sm">
        <TextInput label="Name" value={form.name} maxLength={CREATOR_LIMITS.name} onChange={(event) => set({ name: event.currentTarget.value })} error={errors.name} />
        <TextInput label="Handle" placeholder="@theirhandle" value={form.handle} maxLength={CREATOR_LIMITS.handle} onChange={(event) => set({ handle: event.currentTarget.value })} error={errors.handle} />
        <Select label="Platform" data={[...CREATOR_PLATFORMS]} value={form.platform} onChange={(value) => value && set({ platform: value as CreateCreatorRequest['platform'] })} allowDeselect={false} error={errors.platform} />
        <TextInput label="Rate" placeholder="$150 a video" value={form.rate} maxLength={CREATOR_LIMITS.rate} onChange={(event) => set({ rate: event.currentTarget.value })} error={errors.rate} />
        <TextInput label="Email" type="email" value={form.email} onChange={(event) => set({ email: event.currentTarget.value })} error={errors.email} />
        <Button onClick={() => add.mutate()} loading={add.isPending}>
          Save creator
        </Button>
      </Stack>
    </Modal>
  );
}

function RequestBooking({ creator, onClose }: { creator: Creator | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const key = useRef(crypto.randomUUID());
  const book = useMutation({
    mutationFn: () => creatorsApi.book(creator!.id, message, key.current),
    onSuccess: (result) => {
      key.current = crypto.randomUUID();
      notifySuccess(result.message);
      setMessage('');
      setError(undefined);
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status > 0) key.current = crypto.randomUUID();
      if (failure instanceof ApiError) setError(failure.fields.message);
      notifyError(failure, 'The request could not be sent');
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: audioKeys.creators() }),
  });
  return (
    <Modal opened={creator !== null} onClose={onClose} title={creator ? `Request booking: ${creator.name}` : ''} radius="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Mise emails {creator?.email} with your restaurant’s name, location and website, your message, and your email to reply to.
        </Text>
        <Textarea label="Your message" placeholder="What you would like them to make, and when" autosize minRows={4} maxLength={CREATOR_LIMITS.message} value={message} onChange={(event) => setMessage(event.currentTarget.value)} error={error} />
        <Button leftSection={<IconMail size={18} />} onClick={() => book.mutate()} loading={book.isPending} disabled={!message.trim()}>
          Send request
        </Button>
      </Stack>
    </Modal>
  );
}
