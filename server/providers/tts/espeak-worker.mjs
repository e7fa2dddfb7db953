// The built-in speech engine's thread: eSpeak NG (WebAssembly, voices embedded in the npm package) runs
// here so a synthesis never blocks the API's event loop, and so the Emscripten runtime's habit of setting
// process.exitCode stays inside this thread. Plain JavaScript on purpose: a worker is started by Node itself
// (not through tsx or vitest), so it cannot be TypeScript.
//
// Message in:  { id, text, voice, wordsPerMinute }
// Message out: { id, wav: Uint8Array } or { id, error: string }
import { parentPort } from 'node:worker_threads';
import ESpeakNg from 'espeak-ng';

async function synthesize({ text, voice, wordsPerMinute }) {
  const errors = [];
  // Text goes through a file, not argv, so a text starting with '-' is never read as an option.
  const engine = await ESpeakNg({
    arguments: ['-v', voice, '-s', String(wordsPerMinute), '-w', '/speech.wav', '-f', '/text.txt'],
    preRun: [(module) => module.FS.writeFile('/text.txt', text)],
    print: () => {},
    printErr: (line) => errors.push(line),
  });
  let wav;
  try {
    wav = engine.FS.readFile('/speech.wav');
  } catch {
    throw new Error(errors.join(' ').trim() || 'eSpeak NG wrote no audio');
  }
  if (wav.length <= 44) throw new Error(errors.join(' ').trim() || 'eSpeak NG wrote an empty file');
  return wav;
}

parentPort.on('message', async (message) => {
  try {
    // A copy owns its whole buffer, so transferring it moves exactly the file and nothing of the heap.
    const wav = (await synthesize(message)).slice();
    parentPort.postMessage({ id: message.id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
