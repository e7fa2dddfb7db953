// A video script through an OpenAI-compatible model: the same contract as the builtin. The reply is validated
// (valibot), media ids the model made up are dropped (the owner picks one for that scene), and a script that
// states a fact the owner did not give gets one correction round, then an AiError, never a dishonest script.
import * as v from 'valibot';
import { VIDEO_LIMITS } from '../../../../src/contract/video.ts';
import { AiError, type WriteVideoScriptInput, type WrittenVideoScript } from '../ai-types.ts';
import { scriptUnsupportedFacts } from '../video-script-facts.ts';
import type { ChatClient, ChatMessage } from './chat-client.ts';

const VideoScriptReplySchema = v.object({
  title: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(VIDEO_LIMITS.title)),
  scenes: v.pipe(
    v.array(
      v.object({
        narration: v.pipe(v.string(), v.trim(), v.maxLength(VIDEO_LIMITS.narration)),
        caption: v.pipe(v.string(), v.trim(), v.maxLength(VIDEO_LIMITS.caption)),
        media_id: v.nullable(v.string()),
        duration: v.pipe(v.number(), v.minValue(VIDEO_LIMITS.sceneSeconds.min), v.maxValue(VIDEO_LIMITS.sceneSeconds.max)),
      }),
    ),
    v.minLength(1),
    v.maxLength(VIDEO_LIMITS.scenes),
  ),
});

function messages(input: WriteVideoScriptInput): ChatMessage[] {
  const { brand } = input;
  const media = input.media.slice(0, 40).map((item) => ({ id: item.id, kind: item.kind === 'video' ? 'clip' : 'photo', name: item.name, description: item.description, seconds: item.duration }));
  return [
    {
      role: 'system',
      content: `You write scripts for short vertical videos (15 to 45 seconds, TikTok) for a restaurant.
Restaurant: ${brand.name}. About it: ${brand.description}. Location: ${brand.location}. Website: ${brand.website}. Brand voice: ${brand.voice.join(', ') || 'warm'}.
Kind of video: ${input.subcategory.label}${input.style ? `, style: ${input.style.label}` : ''}.
The owner's photos and clips (use their ids; a clip scene lasts no longer than the clip): ${JSON.stringify(media)}

Rules:
- 3 to 6 scenes. Each scene: narration (what the voice says, one or two short sentences), caption (at most 60 characters on screen), media_id (one of the ids above, or null), duration in seconds (1 to 15).
- Be honest: use only facts the owner gave in the concept or the restaurant details above (prices, discounts, dates, days, times, dishes, drinks, anything free). Never invent one.
Answer with one JSON object only: {"title": "...", "scenes": [{"narration": "...", "caption": "...", "media_id": "..." or null, "duration": 4}]}`,
    },
    { role: 'user', content: input.concept },
  ];
}

function clean(input: WriteVideoScriptInput, reply: v.InferOutput<typeof VideoScriptReplySchema>): WrittenVideoScript {
  const known = new Map(input.media.map((item) => [item.id, item]));
  return {
    title: reply.title,
    scenes: reply.scenes.map((scene) => {
      const media = scene.media_id ? known.get(scene.media_id) : undefined;
      const duration = media?.kind === 'video' && media.duration ? Math.min(scene.duration, Math.max(1, Math.floor(media.duration))) : scene.duration;
      return { narration: scene.narration, caption: scene.caption, media_id: media?.id ?? null, duration };
    }),
  };
}

export async function writeVideoScriptOpenAi(client: ChatClient, input: WriteVideoScriptInput): Promise<WrittenVideoScript> {
  const history = messages(input);
  const first = clean(input, await client.chatJson({ messages: history, schema: VideoScriptReplySchema, temperature: 0.7 }));
  const invented = scriptUnsupportedFacts(input, first);
  if (!invented.length) return first;
  history.push(
    { role: 'assistant', content: JSON.stringify(first) },
    { role: 'user', content: `Your script states ${invented.map((fact) => `"${fact}"`).join(', ')}, which the owner did not give. Write it again without inventing anything.` },
  );
  const second = clean(input, await client.chatJson({ messages: history, schema: VideoScriptReplySchema, temperature: 0.5 }));
  if (scriptUnsupportedFacts(input, second).length) throw new AiError('bad_response', 'The AI wrote details the owner did not give');
  return second;
}
