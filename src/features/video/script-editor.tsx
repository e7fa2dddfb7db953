import { ActionIcon, AspectRatio, Box, Button, ColorInput, Group, Image, NumberInput, Paper, Select, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconMovie, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { truncateAudioText } from '../../contract/audio.ts';
import { VIDEO_LIMITS, VIDEO_MESSAGES, type Script, type ScriptScene, type VideoConfig } from '../../contract/video.ts';
import { ApiError } from '../../lib/api.ts';
import { usePendingOps } from '../../lib/outbox/use-outbox.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify.ts';
import { audioQueries } from '../audio/audio-queries.ts';
import { SceneMediaPicker, useMediaIndex } from './scene-media-picker.tsx';
import { scriptEntity, useCreateVideo, useSaveScript, VIDEO_CREATE_OP } from './video-mutations.ts';
import { videoKeys, videoQueries } from './video-queries.ts';

type ScriptEditorProps = {
  scriptId: string;
  /** False while the brand has no logo (spec §5): the route sends the owner to add one. */
  hasLogo: boolean;
  onNeedsLogo: () => void;
  onVideo: (taskId: string) => void;
};

const newScene = (): ScriptScene => ({ id: Math.random().toString(36).slice(2, 10), narration: '', caption: '', media_id: null, duration: 3 });

/**
 * /edit-concept/script/{id}: the script scene by scene (what is said, the caption, which photo or clip, how
 * long), saved with its version; then Create Video: the first tap opens the questions, the next submits.
 */
export function ScriptEditor({ scriptId, hasLogo, onNeedsLogo, onVideo }: ScriptEditorProps) {
  const { data: script } = useSuspenseQuery(videoQueries.script(scriptId));
  // Keyed by version: a newer copy from the server replaces the local edits' starting point.
  return <ScriptForm key={`${script.id}:${script.version}`} script={script} hasLogo={hasLogo} onNeedsLogo={onNeedsLogo} onVideo={onVideo} />;
}

function ScriptForm({ script, hasLogo, onNeedsLogo, onVideo }: { script: Script } & Omit<ScriptEditorProps, 'scriptId'>) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(script.title);
  const [scenes, setScenes] = useState(script.scenes);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [picking, setPicking] = useState<number | null>(null);
  const media = useMediaIndex(scenes.map((scene) => scene.media_id));
  const dirty = title !== script.title || JSON.stringify(scenes) !== JSON.stringify(script.scenes);
  const waiting = usePendingOps({ entity: scriptEntity(script.id) });

  const saveScript = useSaveScript(script);
  const save = () =>
    saveScript.mutate(
      { title, scenes },
      {
        onSuccess: (result) => {
          setErrors({});
          if (result.queued) notifyInfo('Saved on this phone. It syncs when you are back online.');
          else notifySuccess(result.body.message);
        },
        onError: (error) => {
          if (error instanceof ApiError) setErrors(error.fields);
          if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: videoKeys.script(script.id) });
          notifyError(error, 'The script could not be saved');
        },
      },
    );

  const update = (index: number, patch: Partial<ScriptScene>) => setScenes((current) => current.map((scene, i) => (i === index ? { ...scene, ...patch } : scene)));
  const move = (index: number, by: number) =>
    setScenes((current) => {
      const next = [...current];
      const [scene] = next.splice(index, 1);
      next.splice(index + by, 0, scene!);
      return next;
    });
  const total = scenes.reduce((sum, scene) => sum + scene.duration, 0);

  return (
    <Stack gap="md">
      <TextInput label="Title" value={title} maxLength={VIDEO_LIMITS.title} onChange={(event) => setTitle(event.currentTarget.value)} error={errors.title} />
      <Text size="sm" c="dimmed">
        {scenes.length} {scenes.length === 1 ? 'scene' : 'scenes'}, {total} seconds · from “{script.query}”
      </Text>
      {scenes.map((scene, index) => {
        const item = scene.media_id ? media.get(scene.media_id) : undefined;
        return (
          <Paper key={scene.id} withBorder radius="lg" p="sm" component="section" aria-label={`Scene ${index + 1}`}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Title order={3} fz="md">
                  Scene {index + 1}
                </Title>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" size="lg" aria-label="Move up" disabled={index === 0} onClick={() => move(index, -1)}>
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" size="lg" aria-label="Move down" disabled={index === scenes.length - 1} onClick={() => move(index, 1)}>
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" size="lg" aria-label="Remove scene" disabled={scenes.length === 1} onClick={() => setScenes((current) => current.filter((_, i) => i !== index))}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
              <Group align="flex-start" wrap="nowrap" gap="sm">
                <Box w={84} style={{ flexShrink: 0 }}>
                  <AspectRatio ratio={9 / 16}>
                    {item?.thumbnailUrl ? (
                      <Image src={item.thumbnailUrl} alt={item.description || item.name} radius="md" fit="cover" />
                    ) : (
                      <Box bg="gray.1" style={{ borderRadius: 8, display: 'grid', placeItems: 'center' }}>
                        <IconMovie size={24} color="var(--mantine-color-gray-5)" />
                      </Box>
                    )}
                  </AspectRatio>
                  <Button variant="light" size="compact-sm" fullWidth mt={6} onClick={() => setPicking(index)} aria-label={`Choose media for scene ${index + 1}`}>
                    {scene.media_id ? 'Change' : 'Choose'}
                  </Button>
                </Box>
                <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
                  <Textarea label="What is said" autosize minRows={2} maxLength={VIDEO_LIMITS.narration} value={scene.narration} onChange={(event) => update(index, { narration: event.currentTarget.value })} error={errors[`scenes.${index}.narration`]} />
                  {/* One line on the video, but wrapped here so a phone shows all of it (no line breaks: they are spaces). */}
                  <Textarea label="Caption" autosize minRows={1} maxLength={VIDEO_LIMITS.caption} value={scene.caption} onChange={(event) => update(index, { caption: event.currentTarget.value.replace(/\n/g, ' ') })} error={errors[`scenes.${index}.caption`]} />
                  <NumberInput
                    label="Seconds"
                    min={VIDEO_LIMITS.sceneSeconds.min}
                    max={VIDEO_LIMITS.sceneSeconds.max}
                    value={scene.duration}
                    onChange={(value) => update(index, { duration: typeof value === 'number' ? value : Number(value) || VIDEO_LIMITS.sceneSeconds.min })}
                    error={errors[`scenes.${index}.duration`]}
                    w={120}
                  />
                  {item?.type === 'video' && (
                    <NumberInput
                      label="Clip starts at"
                      min={0}
                      max={Math.max(0, Math.floor((item.duration ?? VIDEO_LIMITS.trimStartMax) - 1))}
                      step={0.5}
                      decimalScale={1}
                      value={scene.trim_start ?? 0}
                      onChange={(value) => update(index, { trim_start: Math.max(0, typeof value === 'number' ? value : Number(value) || 0) })}
                      error={errors[`scenes.${index}.trim_start`]}
                      description={`Seconds into the clip${item.duration ? ` (it lasts ${Math.round(item.duration)} s)` : ''}`}
                      w={220}
                    />
                  )}
                  {errors[`scenes.${index}.media_id`] && (
                    <Text size="sm" c="red">
                      {errors[`scenes.${index}.media_id`]}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      <Button variant="light" leftSection={<IconPlus size={18} />} disabled={scenes.length >= VIDEO_LIMITS.scenes} onClick={() => setScenes((current) => [...current, newScene()])}>
        Add a scene
      </Button>
      <Button size="lg" variant={dirty ? 'filled' : 'light'} onClick={save} loading={saveScript.isPending} disabled={!dirty}>
        {dirty ? 'Save script' : 'Saved'}
      </Button>
      {waiting.length > 0 && (
        <Text size="sm" c="orange" role="status">
          Waiting to sync: {waiting.map((op) => (op.kind === VIDEO_CREATE_OP ? 'the video (it starts when you are back online)' : 'your changes')).join(', ')}.
        </Text>
      )}
      <CreateVideo script={script} dirty={dirty} hasLogo={hasLogo} onNeedsLogo={onNeedsLogo} onVideo={onVideo} />
      <SceneMediaPicker opened={picking !== null} onClose={() => setPicking(null)} onPick={(picked) => picking !== null && update(picking, { media_id: picked.id, ...(picked.type === 'video' && picked.duration ? { duration: Math.max(1, Math.min(scenes[picking]!.duration, Math.floor(picked.duration))) } : {}) })} />
    </Stack>
  );
}

/** The question flow of spec §4: the first tap on Create Video opens it, the next submits. */
function CreateVideo({ script, dirty, hasLogo, onNeedsLogo, onVideo }: { script: Script; dirty: boolean } & Omit<ScriptEditorProps, 'scriptId'>) {
  const options = useSuspenseQuery(videoQueries.options()).data;
  const audios = useQuery(audioQueries.audios());
  const [open, setOpen] = useState(false);
  const [voice, setVoice] = useState<string | null>(options.voices[0]?.id ?? null);
  const [addLogo, setAddLogo] = useState(true);
  const [config, setConfig] = useState<Required<VideoConfig>>({ Bold: true, Italic: false, HexCode: '#FFFFFF', RestaurantName: true, Transitions: true, TrimPauses: false, Captions: true });
  const set = (patch: Partial<VideoConfig>) => setConfig((current) => ({ ...current, ...patch }));
  const create = useCreateVideo(script);
  const submit = () =>
    create.mutate(
      { script_id: script.id, 'voice-over': voice ?? 'none', 'add-logo': String(addLogo), config: JSON.stringify(config), videos_array: '[]' },
      {
        onSuccess: (result) => {
          if (result.queued) {
            setOpen(false);
            notifyInfo('The video is waiting on this phone. It starts when you are back online.');
          } else onVideo(result.body.task_id);
        },
        onError: (error) => notifyError(error, VIDEO_MESSAGES.videoError),
      },
    );
  const missing = script.scenes.findIndex((scene) => !scene.media_id);
  const usage = options.usage;

  const tap = () => {
    if (!hasLogo) return onNeedsLogo();
    if (!open) return setOpen(true);
    submit();
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Make the video
        </Title>
        <Text size="sm" c="dimmed">
          {usage.used} of {usage.limit} videos this month
        </Text>
        {open && (
          <Stack gap="sm">
            <Select
              label="Voice-over"
              description={options.tts === 'builtin' ? 'The built-in voice is robotic; your server can plug in a better one.' : undefined}
              data={[
                { group: 'Speak the script', items: options.voices.map((entry) => ({ value: entry.id, label: entry.name })) },
                ...(audios.data?.length ? [{ group: 'Your generated audios', items: audios.data.map((audio) => ({ value: `audio:${audio.id}`, label: `“${truncateAudioText(audio.text)}” (${audio.voice_name})` })) }] : []),
                { group: 'None', items: [{ value: 'none', label: 'No voice-over' }] },
              ]}
              value={voice}
              onChange={setVoice}
              allowDeselect={false}
            />
            {voice?.startsWith('audio:') && (
              <Text size="xs" c="dimmed">
                The audio plays from the start of the video; the video keeps the length of its scenes.
              </Text>
            )}
            <Switch size="md" label="Add logo" checked={addLogo} onChange={(event) => setAddLogo(event.currentTarget.checked)} />
            <Switch size="md" label="Add captions" checked={config.Captions} onChange={(event) => set({ Captions: event.currentTarget.checked })} />
            {config.Captions && (
              <Group gap="lg">
                <Switch label="Bold" checked={config.Bold} onChange={(event) => set({ Bold: event.currentTarget.checked })} />
                <Switch label="Italic" checked={config.Italic} onChange={(event) => set({ Italic: event.currentTarget.checked })} />
              </Group>
            )}
            {config.Captions && <ColorInput label="Caption colour" value={config.HexCode} onChange={(value) => set({ HexCode: value.toUpperCase() })} format="hex" swatches={['#FFFFFF', '#FFEE00', '#000000', '#FF5A5F']} />}
            <Switch size="md" label="Transitions" checked={config.Transitions} onChange={(event) => set({ Transitions: event.currentTarget.checked })} />
            <Switch size="md" label="Trim pauses" checked={config.TrimPauses} onChange={(event) => set({ TrimPauses: event.currentTarget.checked })} />
            <Switch size="md" label="Show restaurant name" checked={config.RestaurantName} onChange={(event) => set({ RestaurantName: event.currentTarget.checked })} />
          </Stack>
        )}
        {dirty && (
          <Text size="sm" c="orange">
            Save the script first: the video is made from the saved copy.
          </Text>
        )}
        {!dirty && missing >= 0 && (
          <Text size="sm" c="orange">
            Choose a photo or clip for scene {missing + 1}.
          </Text>
        )}
        <Button size="lg" leftSection={<IconMovie size={20} />} onClick={tap} loading={create.isPending} disabled={dirty || missing >= 0}>
          Create Video
        </Button>
      </Stack>
    </Paper>
  );
}
