import * as v from 'valibot';
import { categoryDisplayName, EMAIL_LIMITS, FIRST_NAME_TAG, TEMPLATE_CATEGORIES } from '../../../../src/contract/email.ts';
import type { WriteEmailInput } from '../ai-types.ts';
import { unsupportedFacts } from '../email-facts.ts';
import type { ChatMessage } from './chat-client.ts';

const text = (max: number, min = 1) => v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max));

/**
 * What the model must answer for an email. The schema is built per request: photo ids must be among the
 * candidates, the button link must be one the owner gave, and (the honesty rule) every number, day, month
 * and holiday must come from the request or the brand. A reply that breaks it goes back for one repair.
 */
export function emailReplySchema(input: WriteEmailInput) {
  const imageIds = new Set(input.images.filter((image) => image.kind === 'image').map((image) => image.id));
  const sources = factSources(input);
  return v.pipe(
    v.object({
      title: text(EMAIL_LIMITS.title),
      subject: text(EMAIL_LIMITS.subject),
      preheader: text(EMAIL_LIMITS.preheader, 0),
      heading: text(EMAIL_LIMITS.heading),
      paragraphs: v.pipe(v.array(text(1200)), v.minLength(1), v.maxLength(6)),
      details: v.optional(v.pipe(v.array(text(200)), v.maxLength(8)), []),
      image_ids: v.optional(v.pipe(v.array(v.pipe(v.string(), v.check((id) => imageIds.has(id), 'must be one of the photo ids given'))), v.maxLength(2)), []),
      button_label: v.optional(text(EMAIL_LIMITS.buttonLabel, 0), ''),
      button_url: v.optional(v.pipe(v.string(), v.trim(), v.check((url) => url === '' || input.prompt.includes(url), 'must be empty or a link from the request')), ''),
      sign_off: v.optional(text(80, 0), ''),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const reply = dataset.value;
      const said = [reply.title, reply.subject, reply.preheader, reply.heading, ...reply.paragraphs, ...reply.details, reply.button_label, reply.sign_off].join('\n');
      const invented = unsupportedFacts(said, sources);
      if (invented.length > 0) addIssue({ message: `only use prices, numbers, days, dates and holidays the request or the restaurant gives; remove: ${invented.join(', ')}` });
    }),
  );
}

const factSources = (input: WriteEmailInput) => [input.prompt, input.brand.name, input.brand.location, input.brand.website, input.brand.description];

export function emailMessages(input: WriteEmailInput): ChatMessage[] {
  const occasions = TEMPLATE_CATEGORIES.map((category) => categoryDisplayName(category.value).toLowerCase()).join(', ');
  const request = {
    request: input.prompt,
    restaurant: {
      name: input.brand.name,
      location: input.brand.location,
      website: input.brand.website,
      description: input.brand.description,
      brand_voice: input.brand.voice,
    },
    photos: input.images.filter((image) => image.kind === 'image').map((image) => ({ id: image.id, description: image.description, added: image.created_at.slice(0, 10) })),
    ...(input.avoid && {
      previous_draft: { subject: input.avoid.subject, heading: input.avoid.blocks.find((block) => block.type === 'heading')?.text ?? '' },
    }),
  };
  return [
    {
      role: 'system',
      content: `You write marketing emails for a small restaurant, as its owner would send them to their customers: short, warm and concrete, in the restaurant's brand voice.
The email may be a ${occasions} email; pick what the request asks for.
Rules:
- Never invent facts. Every price, discount, number, day, date, time, holiday and dish you mention must be in the request, or in the restaurant's name, location, website or description. If something is not given, leave it out; do not use placeholders.
- Do not greet the reader (the email already starts with "Hi ${FIRST_NAME_TAG},") and do not sign with the restaurant's name (it is added).
- Subject at most 60 characters; preheader at most 90 and different from the subject.
- Paragraphs are plain text, 1 to 3 sentences each; you may mark a few words as **bold**. No HTML, no emoji.
- details: optional short list lines such as "**When:** Friday" with facts from the request.
- image_ids: up to 2 ids from "photos" that fit the email, best first; [] if none fit.
- button_label: a short call to action ("Book a table", "Order now"); button_url: a link from the request, or "" for the restaurant's website.
- If previous_draft is given, write a clearly different angle: a different subject, heading and opening.
Answer with one JSON object only:
{"title":"short name for this campaign","subject":"...","preheader":"...","heading":"...","paragraphs":["..."],"details":["..."],"image_ids":["..."],"button_label":"...","button_url":"","sign_off":"See you soon,"}`,
    },
    { role: 'user', content: JSON.stringify(request) },
  ];
}
