/** Seeded choices: the same seed and prompt always give the same email, another seed other phrases. */
export type Picker = {
  one: <T>(options: readonly T[]) => T;
  /** Like `one`, but skips options `reject` refuses while any other is left (a regeneration's new angle). */
  avoiding: <T>(options: readonly T[], reject: (option: T) => boolean) => T;
  chance: (probability: number) => boolean;
};

/** FNV-1a, to mix the prompt into the seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast and well spread; plenty for choosing phrases. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createPicker(seed: number, prompt: string): Picker {
  const next = mulberry32((Math.trunc(seed) ^ hash(prompt)) >>> 0);
  const one = <T,>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
  return {
    one,
    avoiding: (options, reject) => {
      const allowed = options.filter((option) => !reject(option));
      return one(allowed.length > 0 ? allowed : options);
    },
    chance: (probability) => next() < probability,
  };
}
