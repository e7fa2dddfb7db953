import type { WriteVideoScriptInput, WrittenVideoScript } from './ai-types.ts';
import { unsupportedFacts } from './text-fact-guard.ts';

/** What a script may state: the owner's concept and the brand settings (and the names of the chosen kind). */
const videoScriptSources = (input: WriteVideoScriptInput) => [
  input.concept,
  input.brand.name,
  input.brand.location,
  input.brand.website,
  input.brand.description,
  input.subcategory.label,
  input.style?.label ?? '',
];

/** Facts the script states that no source gives ([] when honest). */
export const scriptUnsupportedFacts = (input: WriteVideoScriptInput, script: WrittenVideoScript) =>
  unsupportedFacts([script.title, ...script.scenes.flatMap((scene) => [scene.narration, scene.caption])].join('\n'), videoScriptSources(input));
