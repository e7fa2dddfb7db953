// `npm run bench:video`: a 30-second video of six scenes (three photos, three clips, cross-fades, captions,
// logo, voice-over from the built-in voice), rendered by Mise's renderer and, in the same run, by the same
// filter graph typed out by hand as one bare ffmpeg command. Prints both times side by side.
// Goals: Mise ≤ 1.1 × bare, and the render no slower than the video's own 30 seconds on 2 cores.
// The machine may be shared: rounds alternate bare / Mise and the best of each is compared; CPU seconds
// (ffmpeg's user + system time) are printed too, as they do not depend on what else is running.
// Options: BENCH_VIDEO_ROUNDS (default 2), BENCH_VIDEO_PRESET (default veryfast), BENCH_VIDEO_CRF (default 23).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const { renderVideo } = await import(path.join(root, 'server/features/video/render/render-video.ts'));
const { createEspeakProvider } = await import(path.join(root, 'server/providers/tts/espeak-provider.ts'));
const { resolveVideoBinaries } = await import(path.join(root, 'server/providers/video/video.ts'));
const { captionFont } = await import(path.join(root, 'server/features/video/render/caption-fonts.ts'));

const ROUNDS = Number(process.env.BENCH_VIDEO_ROUNDS ?? 2);
const PRESET = process.env.BENCH_VIDEO_PRESET ?? 'veryfast';
const CRF = Number(process.env.BENCH_VIDEO_CRF ?? 23);
const { ffmpeg, ffprobe } = resolveVideoBinaries({});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mise-bench-video-'));
const file = (name) => path.join(dir, name);
const lavfi = (...args) => execFileSync(ffmpeg, ['-v', 'error', '-y', ...args]);

// ─── inputs, made by ffmpeg's test sources ───────────────────────────────────────────────────────────
console.log(`inputs in ${dir}`);
lavfi('-f', 'lavfi', '-i', 'testsrc2=s=1600x1200', '-frames:v', '1', '-q:v', '3', file('photo-landscape.jpg'));
lavfi('-f', 'lavfi', '-i', 'mandelbrot=s=1200x1600', '-frames:v', '1', file('photo-portrait.png'));
lavfi('-f', 'lavfi', '-i', 'smptehdbars=s=2000x1500', '-frames:v', '1', '-q:v', '3', file('photo-bars.jpg'));
const clip = (name, source, audio) =>
  lavfi('-f', 'lavfi', '-i', source, ...(audio ? ['-f', 'lavfi', '-i', audio, '-c:a', 'aac', '-shortest'] : []), '-c:v', 'libx264', '-preset', 'fast', '-pix_fmt', 'yuv420p', file(name));
clip('clip-landscape.mp4', 'testsrc2=s=1920x1080:r=30:d=8', 'sine=f=440:d=8');
clip('clip-portrait.mp4', 'testsrc=s=1080x1920:r=30:d=8', 'sine=f=660:d=8');
clip('clip-silent.mp4', 'smptebars=s=1280x720:r=25:d=8');
lavfi('-f', 'lavfi', '-i', 'color=c=orange:s=400x400,format=rgba', '-frames:v', '1', file('logo.png'));
const tts = createEspeakProvider();
const speech = await tts.speak({
  voice: 'en-us-female',
  text:
    'Good morning from Rosa’s Bakery. Every loaf is shaped by hand before sunrise. ' +
    'Our sourdough rests for two days, so it tastes like it should. Pastries come out warm at eight. ' +
    'Grab a coffee, find a seat by the window, and stay a while. We saved you a croissant.',
});
await tts.close();
fs.writeFileSync(file('voice.wav'), speech.data);

const captions = ['Shaped by hand before sunrise', 'Sourdough that rests for two days', 'Warm pastries at eight', 'Coffee by the window', 'Stay a while', 'We saved you a croissant'];
const scenes = [
  { kind: 'photo', path: file('photo-landscape.jpg'), duration: 5.5 },
  { kind: 'clip', path: file('clip-landscape.mp4'), trimStart: 1, duration: 5.5 },
  { kind: 'photo', path: file('photo-portrait.png'), duration: 5.5 },
  { kind: 'clip', path: file('clip-portrait.mp4'), trimStart: 0.5, duration: 5.5 },
  { kind: 'photo', path: file('photo-bars.jpg'), duration: 5.5 },
  { kind: 'clip', path: file('clip-silent.mp4'), trimStart: 2, duration: 5 },
].map((scene, i) => ({ ...scene, caption: captions[i] }));
const plan = {
  scenes,
  voiceOver: file('voice.wav'),
  logo: file('logo.png'),
  captions: { enabled: true, bold: true, italic: false, color: '#FFFFFF' },
  transitions: true,
  trimPauses: true,
  restaurantName: 'Rosa’s Bakery',
};

// ─── the bare command: the same work, typed out ──────────────────────────────────────────────────────
// Scene frames at 30 fps: 165, 165, 165, 165, 165, 150; 15-frame (0.5 s) cross-fades; 900 frames = 30 s.
const bareDir = file('bare');
fs.mkdirSync(path.join(bareDir, 'fonts'), { recursive: true });
for (const font of captionFont(undefined).files) fs.copyFileSync(font, path.join(bareDir, 'fonts', path.basename(font)));
const ass = (start, end) => `${start},${end}`;
fs.writeFileSync(
  path.join(bareDir, 'captions.ass'),
  `[Script Info]
ScriptType: v4.00+
PlayResX: 1080
PlayResY: 1920
WrapStyle: 0
ScaledBorderAndShadow: yes

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Caption,Source Sans 3,72,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,4,2,2,110,110,440,1
Style: Name,Source Sans 3,50,&H00FFFFFF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,3,1,7,70,370,170,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,${ass('0:00:00.00', '0:00:05.25')},Caption,,0,0,0,,{\\fad(120,120)\\fs72}${captions[0]}
Dialogue: 0,${ass('0:00:05.25', '0:00:10.25')},Caption,,0,0,0,,{\\fad(120,120)\\fs72}${captions[1]}
Dialogue: 0,${ass('0:00:10.25', '0:00:15.25')},Caption,,0,0,0,,{\\fad(120,120)\\fs72}${captions[2]}
Dialogue: 0,${ass('0:00:15.25', '0:00:20.25')},Caption,,0,0,0,,{\\fad(120,120)\\fs72}${captions[3]}
Dialogue: 0,${ass('0:00:20.25', '0:00:25.25')},Caption,,0,0,0,,{\\fad(120,120)\\fs72}${captions[4]}
Dialogue: 0,${ass('0:00:25.25', '0:00:30.00')},Caption,,0,0,0,,{\\fad(120,120)\\fs72}${captions[5]}
Dialogue: 1,0:00:00.00,0:00:30.00,Name,,0,0,0,,Rosa’s Bakery
`,
);
const photo = (i, z, x) =>
  `[${i}:v]scale=1296:2304:force_original_aspect_ratio=increase,crop=1296:2304,format=yuv420p,zoompan=z='${z}':x='${x}':y='(ih-ih/zoom)/2':d=165:s=1080x1920:fps=30,setsar=1[v${i}]`;
const clipChain = (i, frames) =>
  `[${i}:v]fps=30,crop=w='2*trunc(min(iw,ih*9/16)/2)':h='2*trunc(min(ih,iw*16/9)/2)',scale=1080:1920,setsar=1,format=yuv420p,tpad=stop=-1:stop_mode=clone,trim=end_frame=${frames},setpts=PTS-STARTPTS[v${i}]`;
const bareGraph = `
${photo(0, '1+0.15*on/165', '(iw-iw/zoom)/2')};
${clipChain(1, 165)};
${photo(2, '1.15', '(iw-iw/zoom)*on/165')};
${clipChain(3, 165)};
${photo(4, '1.15-0.15*on/165', '(iw-iw/zoom)/2')};
${clipChain(5, 150)};
[v0]split=2[b0][r0]; [b0]trim=start_frame=0:end_frame=150,setpts=PTS-STARTPTS[bb0]; [r0]trim=start_frame=150,setpts=PTS-STARTPTS[t0];
[v1]split=3[h1][b1][r1]; [h1]trim=end_frame=15,setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:s=0:n=15:alpha=1[hf1]; [t0][hf1]overlay=eof_action=pass[x1];
[b1]trim=start_frame=15:end_frame=150,setpts=PTS-STARTPTS[bb1]; [r1]trim=start_frame=150,setpts=PTS-STARTPTS[t1];
[v2]split=3[h2][b2][r2]; [h2]trim=end_frame=15,setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:s=0:n=15:alpha=1[hf2]; [t1][hf2]overlay=eof_action=pass[x2];
[b2]trim=start_frame=15:end_frame=150,setpts=PTS-STARTPTS[bb2]; [r2]trim=start_frame=150,setpts=PTS-STARTPTS[t2];
[v3]split=3[h3][b3][r3]; [h3]trim=end_frame=15,setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:s=0:n=15:alpha=1[hf3]; [t2][hf3]overlay=eof_action=pass[x3];
[b3]trim=start_frame=15:end_frame=150,setpts=PTS-STARTPTS[bb3]; [r3]trim=start_frame=150,setpts=PTS-STARTPTS[t3];
[v4]split=3[h4][b4][r4]; [h4]trim=end_frame=15,setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:s=0:n=15:alpha=1[hf4]; [t3][hf4]overlay=eof_action=pass[x4];
[b4]trim=start_frame=15:end_frame=150,setpts=PTS-STARTPTS[bb4]; [r4]trim=start_frame=150,setpts=PTS-STARTPTS[t4];
[v5]split=2[h5][b5]; [h5]trim=end_frame=15,setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:s=0:n=15:alpha=1[hf5]; [t4][hf5]overlay=eof_action=pass[x5];
[b5]trim=start_frame=15:end_frame=150,setpts=PTS-STARTPTS[bb5];
[bb0][x1][bb1][x2][bb2][x3][bb3][x4][bb4][x5][bb5]concat=n=11:v=1:a=0[vcat];
[6:v]scale=190:190:force_original_aspect_ratio=decrease,format=rgba[logo]; [vcat][logo]overlay=x=W-w-70:y=120:eof_action=repeat[vlogo];
[vlogo]subtitles=captions.ass:fontsdir=fonts,split=2[vout][vsnap];
[vsnap]trim=start_frame=24:end_frame=25,split=2[vposter][vthumbsrc]; [vthumbsrc]scale=360:640[vthumb];
anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end_sample=264000[a0];
[1:a]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad,atrim=end_sample=264000,asetpts=PTS-STARTPTS[a1];
anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end_sample=264000[a2];
[3:a]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,apad,atrim=end_sample=264000,asetpts=PTS-STARTPTS[a3];
anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end_sample=264000[a4];
anullsrc=r=48000:cl=stereo,aformat=sample_fmts=fltp,atrim=end_sample=240000[a5];
[a0]asplit=2[ab0][ar0]; [ab0]atrim=end_sample=240000[abb0]; [ar0]atrim=start_sample=240000,asetpts=PTS-STARTPTS,afade=t=out:d=0.5[at0];
[a1]asplit=3[ah1][ab1][ar1]; [ah1]atrim=end_sample=24000,afade=t=in:d=0.5[ahf1]; [at0][ahf1]amix=inputs=2:dropout_transition=0,volume=2[ax1];
[ab1]atrim=start_sample=24000:end_sample=240000,asetpts=PTS-STARTPTS[abb1]; [ar1]atrim=start_sample=240000,asetpts=PTS-STARTPTS,afade=t=out:d=0.5[at1];
[a2]asplit=3[ah2][ab2][ar2]; [ah2]atrim=end_sample=24000,afade=t=in:d=0.5[ahf2]; [at1][ahf2]amix=inputs=2:dropout_transition=0,volume=2[ax2];
[ab2]atrim=start_sample=24000:end_sample=240000,asetpts=PTS-STARTPTS[abb2]; [ar2]atrim=start_sample=240000,asetpts=PTS-STARTPTS,afade=t=out:d=0.5[at2];
[a3]asplit=3[ah3][ab3][ar3]; [ah3]atrim=end_sample=24000,afade=t=in:d=0.5[ahf3]; [at2][ahf3]amix=inputs=2:dropout_transition=0,volume=2[ax3];
[ab3]atrim=start_sample=24000:end_sample=240000,asetpts=PTS-STARTPTS[abb3]; [ar3]atrim=start_sample=240000,asetpts=PTS-STARTPTS,afade=t=out:d=0.5[at3];
[a4]asplit=3[ah4][ab4][ar4]; [ah4]atrim=end_sample=24000,afade=t=in:d=0.5[ahf4]; [at3][ahf4]amix=inputs=2:dropout_transition=0,volume=2[ax4];
[ab4]atrim=start_sample=24000:end_sample=240000,asetpts=PTS-STARTPTS[abb4]; [ar4]atrim=start_sample=240000,asetpts=PTS-STARTPTS,afade=t=out:d=0.5[at4];
[a5]asplit=2[ah5][ab5]; [ah5]atrim=end_sample=24000,afade=t=in:d=0.5[ahf5]; [at4][ahf5]amix=inputs=2:dropout_transition=0,volume=2[ax5];
[ab5]atrim=start_sample=24000,asetpts=PTS-STARTPTS[abb5];
[abb0][ax1][abb1][ax2][abb2][ax3][abb3][ax4][abb4][ax5][abb5]concat=n=11:v=0:a=1[abed];
[7:a]aformat=sample_fmts=fltp:sample_rates=48000:channel_layouts=stereo,silenceremove=start_periods=1:start_threshold=-45dB:start_silence=0.1:stop_periods=-1:stop_duration=0.4:stop_threshold=-45dB:stop_silence=0.25,apad,asplit=2[vokey][vomix];
[abed][vokey]sidechaincompress=threshold=0.03:ratio=8:attack=15:release=350[ducked];
[ducked][vomix]amix=inputs=2:duration=first:dropout_transition=0,volume=2,alimiter=limit=0.95,afade=t=out:st=29.6:d=0.4,atrim=end_sample=1440000[aout]
`;
const bareArgs = [
  '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
  '-i', file('photo-landscape.jpg'),
  '-ss', '1', '-t', '6', '-i', file('clip-landscape.mp4'),
  '-i', file('photo-portrait.png'),
  '-ss', '0.5', '-t', '6', '-i', file('clip-portrait.mp4'),
  '-i', file('photo-bars.jpg'),
  '-ss', '2', '-t', '5.5', '-i', file('clip-silent.mp4'),
  '-i', file('logo.png'),
  '-i', file('voice.wav'),
  '-filter_complex', bareGraph.trim(),
  '-map', '[vout]', '-map', '[aout]', '-c:v', 'libx264', '-preset', PRESET, '-crf', String(CRF), '-pix_fmt', 'yuv420p', '-profile:v', 'high', '-g', '60',
  '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2', '-movflags', '+faststart', '-f', 'mp4', 'video.mp4',
  '-map', '[vposter]', '-frames:v', '1', '-q:v', '2', '-f', 'image2', '-update', '1', 'poster.jpg',
  '-map', '[vthumb]', '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-update', '1', 'thumb.jpg',
];

// ─── timing: wall clock, plus CPU of this process and of the children it waited for (ffmpeg) ─────────
function childCpuSeconds() {
  // /proc/self/stat fields 16 and 17: user and system time of waited-for children, in clock ticks.
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return Number.NaN;
  }
}
async function measure(work) {
  const cpu = process.cpuUsage();
  const children = childCpuSeconds();
  const start = performance.now();
  await work();
  const own = process.cpuUsage(cpu);
  return { wall: (performance.now() - start) / 1000, cpu: childCpuSeconds() - children + (own.user + own.system) / 1e6 };
}
const runBare = () =>
  new Promise((resolve, reject) => {
    // At the renderer's priority (nice 10), so the two differ only in what the renderer adds.
    const child = fs.existsSync('/usr/bin/nice')
      ? spawn('/usr/bin/nice', ['-n', '10', ffmpeg, ...bareArgs], { cwd: bareDir, stdio: ['ignore', 'ignore', 'pipe'] })
      : spawn(ffmpeg, bareArgs, { cwd: bareDir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bare ffmpeg failed: ${stderr}`))));
  });
const runMise = (round) => renderVideo(plan, { workDir: file(`mise-${round}`), ffmpeg, ffprobe, encode: { preset: PRESET, crf: CRF } });

const bare = [];
const mise = [];
let result;
console.log(`load average before: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} on ${os.cpus().length} cores; x264 -preset ${PRESET} -crf ${CRF}`);
for (let round = 1; round <= ROUNDS; round++) {
  bare.push(await measure(runBare));
  let rendered;
  mise.push(await measure(async () => (rendered = await runMise(round))));
  result = rendered;
  console.log(`round ${round}: bare ${bare.at(-1).wall.toFixed(2)} s, Mise ${mise.at(-1).wall.toFixed(2)} s`);
}

const probe = (video) => JSON.parse(execFileSync(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', video], { encoding: 'utf8' }));
const check = (label, video) => {
  const info = probe(video);
  const v = info.streams.find((s) => s.codec_type === 'video');
  const a = info.streams.find((s) => s.codec_type === 'audio');
  return `${label}: ${Number(info.format.duration).toFixed(2)} s, ${v.width}×${v.height} ${v.codec_name} + ${a?.codec_name}, ${(fs.statSync(video).size / 1e6).toFixed(1)} MB`;
};
const best = (runs, key) => Math.min(...runs.map((run) => run[key]));
const bareWall = best(bare, 'wall');
const miseWall = best(mise, 'wall');
const bareCpu = best(bare, 'cpu');
const miseCpu = best(mise, 'cpu');
const seconds = result.duration;
console.log('');
console.log(check('bare output', path.join(bareDir, 'video.mp4')));
console.log(check('Mise output', result.video));
console.log('');
console.log('                     wall (best)   CPU (best)');
console.log(`bare ffmpeg command  ${bareWall.toFixed(2).padStart(8)} s   ${bareCpu.toFixed(2).padStart(8)} s`);
console.log(`Mise renderVideo     ${miseWall.toFixed(2).padStart(8)} s   ${miseCpu.toFixed(2).padStart(8)} s`);
console.log('');
const ratio = miseWall / bareWall;
const speed = miseWall / seconds;
console.log(`Mise / bare (wall):  ${ratio.toFixed(3)}   goal ≤ 1.1   ${ratio <= 1.1 ? 'met' : 'NOT met'}`);
console.log(`Mise / bare (CPU):   ${(miseCpu / bareCpu).toFixed(3)}`);
console.log(`render / video:      ${miseWall.toFixed(2)} s for ${seconds} s = ${speed.toFixed(2)}×   goal ≤ 1   ${speed <= 1 ? 'met' : 'NOT met'}`);
console.log(`CPU per core / video: ${(miseCpu / os.cpus().length / seconds).toFixed(2)}× (what the render would take with both cores to itself)`);
console.log(`load average after: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
fs.rmSync(dir, { recursive: true, force: true });
