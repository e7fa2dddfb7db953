import type { RenderPlan } from './render-plan.ts';
import type { Timeline } from './render-timeline.ts';

/**
 * The captions as an ASS subtitle file for libass (ffmpeg's `subtitles` filter): one event per scene, in the
 * owner's font, weight, slant and colour, wrapped by libass inside safe margins that keep clear of the
 * TikTok and Reels buttons (right edge) and description (bottom quarter) on a 1080×1920 frame.
 */
export const FRAME = { width: 1080, height: 1920 } as const;

/** Where text and the logo may go without being hidden by the apps' overlays. */
export const SAFE = { side: 110, top: 150, bottom: 440 } as const;

/** '#RRGGBB' → ASS '&HAABBGGRR' (alpha 00 is opaque). */
export function assColour(hex: string, alpha = 0): string {
  const rgb = hex.replace('#', '').toUpperCase();
  const a = alpha.toString(16).padStart(2, '0').toUpperCase();
  return `&H${a}${rgb.slice(4, 6)}${rgb.slice(2, 4)}${rgb.slice(0, 2)}`;
}

/** Seconds → ASS time H:MM:SS.cc. */
export function assTime(seconds: number): string {
  const centis = Math.max(0, Math.round(seconds * 100));
  const h = Math.floor(centis / 360000);
  const m = Math.floor((centis % 360000) / 6000);
  const s = Math.floor((centis % 6000) / 100);
  const c = centis % 100;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.${String(c).padStart(2, '0')}`;
}

/**
 * Owner text → ASS text: braces would start override tags and a backslash an escape, so they are swapped
 * for look-alikes; line breaks the owner typed are kept; libass wraps the rest.
 */
export function assText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/\\/g, '/')
    .replace(/\n/g, '\\N');
}

/** Longer captions get a smaller size so they stay within a few lines. */
function captionSize(text: string): number {
  if (text.length <= 60) return 72;
  if (text.length <= 120) return 62;
  return 54;
}

export function buildAss(plan: RenderPlan, timeline: Timeline, fontFamily: string): string | null {
  const { captions } = plan;
  const flag = (on: boolean) => (on ? -1 : 0);
  const events: string[] = [];
  if (captions.enabled) {
    plan.scenes.forEach((scene, index) => {
      const text = scene.caption ? assText(scene.caption) : '';
      if (!text) return;
      const timing = timeline.scenes[index]!;
      const size = captionSize(scene.caption!);
      events.push(`Dialogue: 0,${assTime(timing.captionStart)},${assTime(timing.captionEnd)},Caption,,0,0,0,,{\\fad(120,120)\\fs${size}}${text}`);
    });
  }
  const name = plan.restaurantName ? assText(plan.restaurantName).replace(/\\N/g, ' ') : '';
  if (name) events.push(`Dialogue: 1,${assTime(0)},${assTime(timeline.duration)},Name,,0,0,0,,${name}`);
  if (events.length === 0) return null;

  const colour = assColour(captions.color);
  const outline = assColour('#000000');
  const shadow = assColour('#000000', 0x80);
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${FRAME.width}`,
    `PlayResY: ${FRAME.height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Caption,${fontFamily},72,${colour},${colour},${outline},${shadow},${flag(captions.bold)},${flag(captions.italic)},0,0,100,100,0,0,1,4,2,2,${SAFE.side},${SAFE.side},${SAFE.bottom},1`,
    // The name tag sits top-left, level with the logo in the top-right corner.
    `Style: Name,${fontFamily},50,${colour},${colour},${outline},${shadow},-1,0,0,0,100,100,0,0,1,3,1,7,${SAFE.side - 40},${SAFE.side + 260},${SAFE.top + 20},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...events,
    '',
  ].join('\n');
}
