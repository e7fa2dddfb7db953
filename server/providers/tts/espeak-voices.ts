import type { Voice } from './tts-types.ts';

/**
 * The voice templates of the built-in engine: an eSpeak NG language plus a variant (`+f3` is a female
 * variant). This build of eSpeak NG has no Klatt synthesiser, so only formant variants are listed.
 */
export type EspeakVoice = Voice & { espeak: string };

export const espeakVoices: EspeakVoice[] = [
  { id: 'en-us-male', name: 'Sam (American English)', language: 'en-US', espeak: 'en-us', sample: "Hi there! Today's special is ready for you." },
  { id: 'en-us-female', name: 'Ava (American English)', language: 'en-US', espeak: 'en-us+f3', sample: "Hi there! Today's special is ready for you." },
  { id: 'en-gb-male', name: 'Oliver (British English)', language: 'en-GB', espeak: 'en-gb', sample: 'Good morning! Come in and find a table.' },
  { id: 'en-gb-female', name: 'Grace (British English)', language: 'en-GB', espeak: 'en-gb+f2', sample: 'Good morning! Come in and find a table.' },
  { id: 'es-male', name: 'Diego (Spanish)', language: 'es-ES', espeak: 'es', sample: '¡Hola! Te esperamos con algo rico hoy.' },
  { id: 'es-female', name: 'Lucía (Spanish)', language: 'es-ES', espeak: 'es+f3', sample: '¡Hola! Te esperamos con algo rico hoy.' },
  { id: 'fr-female', name: 'Camille (French)', language: 'fr-FR', espeak: 'fr-fr+f3', sample: 'Bonjour ! Une table vous attend aujourd’hui.' },
  { id: 'de-male', name: 'Lukas (German)', language: 'de-DE', espeak: 'de', sample: 'Hallo! Heute wartet etwas Leckeres auf dich.' },
  { id: 'it-female', name: 'Giulia (Italian)', language: 'it-IT', espeak: 'it+f3', sample: 'Ciao! Oggi ti aspetta qualcosa di buono.' },
  { id: 'pt-br-male', name: 'Rafael (Brazilian Portuguese)', language: 'pt-BR', espeak: 'pt-br', sample: 'Olá! Hoje tem algo gostoso esperando por você.' },
];

/** eSpeak's own rate is words per minute, 175 by default. */
export const espeakWordsPerMinute = (speed: number) => Math.round(175 * speed);
