import { ActionIcon, Alert, Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconSparkles, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { AUDIO_LIMITS, AUDIO_MESSAGES, truncateAudioText, type Audio, type VoiceTemplate } from '../../contract/audio.ts';
import { ApiError } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { audioApi } from './audio-api.ts';
import { useAudioPlayer } from './audio-player.ts';
import { audioKeys, audioQueries } from './audio-queries.ts';

const seconds = (value: number | null) => (value === null ? '' : value < 60 ? `${Math.round(value)} s` : `${Math.floor(value / 60)} min ${Math.round(value % 60)} s`);

/**
 * The Audio page (spec §2): 'What kind of audio would you like to make?', the voice templates (each with a
 * sample to play), the text to speak, and 'Generated audios' with play and pause (text cut at 35 characters).
 * A generated audio is offered as the voice-over when a video is created.
 */
export function AudioPage() {
  const voices = useSuspenseQuery(audioQueries.voices()).data;
  const audios = useQuery(audioQueries.audios());
  const player = useAudioPlayer();
  const queryClient = useQueryClient();
  const [voice, setVoice] = useState<string>(voices.results[0]?.id ?? '');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = useRef(crypto.randomUUID());

  const create = useMutation({
    mutationFn: () => audioApi.create({ text, voice }, key.current),
    onSuccess: (result) => {
      key.current = crypto.randomUUID();
      setErrors({});
      setText('');
      queryClient.setQueryData(audioKeys.audios(), (current: Audio[] | undefined) => [result.audio, ...(current ?? [])]);
      notifySuccess(result.message);
      player.toggle(result.audio.id, result.audio.audio_url);
    },
    onError: (error) => {
      // The server answered: the next attempt is a new request (the key of a refused one is not reused).
      if (error instanceof ApiError && error.status > 0) key.current = crypto.randomUUID();
      if (error instanceof ApiError) setErrors(error.fields);
      notifyError(error, 'The audio could not be made');
    },
  });
  const remove = useMutation({
    mutationFn: (audio: Audio) => audioApi.remove(audio.id),
    onSuccess: (result, audio) => {
      queryClient.setQueryData(audioKeys.audios(), (current: Audio[] | undefined) => current?.filter((entry) => entry.id !== audio.id));
      notifySuccess(result.message);
    },
    onError: (error) => notifyError(error, 'The audio could not be deleted'),
  });

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} fz="xl">
          {AUDIO_MESSAGES.greeting}
        </Title>
        {voices.engine === 'builtin' && (
          <Text size="sm" c="dimmed">
            These are Mise’s built-in voices (eSpeak NG, made on the server, no outside service): they sound robotic. Whoever runs Mise can plug in a natural-sounding voice service.
          </Text>
        )}
        <Radio.Group value={voice} onChange={setVoice} aria-label="Voice templates" error={errors.voice}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {voices.results.map((template) => (
              <VoiceCard key={template.id} template={template} selected={template.id === voice} playing={player.playing === `sample:${template.id}`} failed={player.failed === `sample:${template.id}`} onPlay={() => player.toggle(`sample:${template.id}`, template.sample_url)} />
            ))}
          </SimpleGrid>
        </Radio.Group>
        <Textarea
          label="Text to speak"
          placeholder="Our pumpkin soup is back this week. Come in and warm up!"
          autosize
          minRows={3}
          maxLength={AUDIO_LIMITS.text}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={errors.text}
          description={`${text.length} / ${AUDIO_LIMITS.text}`}
        />
        <Button size="lg" leftSection={<IconSparkles size={20} />} onClick={() => create.mutate()} loading={create.isPending} disabled={!text.trim() || !voice}>
          Generate audio
        </Button>
      </Stack>

      <Stack gap="sm">
        <Title order={2} fz="lg">
          Generated audios
        </Title>
        <Text size="sm" c="dimmed">
          Pick one as the voice-over when you{' '}
          <Text component={Link} to="/campaigns/video-campaigns/scripts" inherit c="blue">
            create a video from a script
          </Text>
          .
        </Text>
        {audios.data && audios.data.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {AUDIO_MESSAGES.empty}
          </Text>
        )}
        {audios.isError && !audios.data && <Alert color="red">The generated audios could not be loaded.</Alert>}
        {audios.data?.map((audio) => (
          <Paper key={audio.id} withBorder radius="lg" p="sm" component="article" aria-label={`Audio: ${truncateAudioText(audio.text)}`}>
            <Group wrap="nowrap" gap="sm">
              <ActionIcon size={44} radius="xl" variant="light" aria-label={player.playing === audio.id ? 'Pause' : 'Play'} onClick={() => player.toggle(audio.id, audio.audio_url)}>
                {player.playing === audio.id ? <IconPlayerPauseFilled size={20} /> : <IconPlayerPlayFilled size={20} />}
              </ActionIcon>
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="sm" title={audio.text}>
                  {truncateAudioText(audio.text)}
                </Text>
                <Text size="xs" c="dimmed">
                  {audio.voice_name}
                  {audio.duration !== null && ` · ${seconds(audio.duration)}`}
                  {audio.engine === 'builtin' && ' · built-in voice'}
                </Text>
                {player.failed === audio.id && (
                  <Text size="xs" c="red">
                    This audio could not be played here (offline?).
                  </Text>
                )}
              </Stack>
              {audio.demo && (
                <Badge color="yellow" variant="light">
                  Demo data
                </Badge>
              )}
              <ActionIcon size={44} variant="subtle" color="red" aria-label="Delete audio" loading={remove.isPending && remove.variables?.id === audio.id} onClick={() => remove.mutate(audio)}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

function VoiceCard({ template, selected, playing, failed, onPlay }: { template: VoiceTemplate; selected: boolean; playing: boolean; failed: boolean; onPlay: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xs" style={{ borderColor: selected ? 'var(--mantine-primary-color-filled)' : undefined }}>
      <Group wrap="nowrap" gap="xs">
        {/* No label beside it (the card says the name): its body is the 44 px target. */}
        <Radio value={template.id} aria-label={template.name} styles={{ body: { minWidth: 44, justifyContent: 'center' } }} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm">
            {template.name}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {template.language === 'auto' ? 'Speaks the language of the text' : template.language}
            </Text>
            {template.engine === 'builtin' && (
              <Badge size="xs" variant="light" color="gray">
                Built-in voice
              </Badge>
            )}
          </Group>
          {failed && (
            <Text size="xs" c="red">
              The sample could not be played.
            </Text>
          )}
        </Stack>
        <ActionIcon size={44} radius="xl" variant={playing ? 'filled' : 'light'} aria-label={`${playing ? 'Pause' : 'Play'} the sample of ${template.name}`} onClick={onPlay}>
          {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
        </ActionIcon>
      </Group>
    </Paper>
  );
}
