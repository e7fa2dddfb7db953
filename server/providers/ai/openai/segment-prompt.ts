import * as v from 'valibot';
import { SegmentDefinitionSchema } from '../../../../src/contract/segments.ts';
import type { ChatMessage } from './chat-client.ts';

/** What the model must answer for a segment query: a definition in our format, or that it cannot. */
export const SegmentReplySchema = v.variant('understood', [
  v.object({ understood: v.literal(false), reason: v.optional(v.string()) }),
  v.object({
    understood: v.literal(true),
    title: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(120)),
    definition: SegmentDefinitionSchema,
  }),
]);

const FORMAT = `A definition is a group: {"type":"group","op":"and"|"or","conditions":[...]}. Groups may contain conditions or groups, at most 3 levels deep in all.
Conditions (money in integer cents, durations in whole days):
- {"type":"total_spent","op":"gt"|"gte"|"lt"|"lte"|"between","value":CENTS,"value2":CENTS (only for between),"period":PERIOD (optional; omit for lifetime)}
- {"type":"visits","op":...same ops,"value":COUNT,"value2":COUNT,"period":PERIOD (optional)}
- {"type":"average_order_value","op":...same ops,"value":CENTS,"value2":CENTS}
- {"type":"last_visit","op":"within","period":PERIOD} or {"type":"last_visit","op":"more_than","days":N}
- {"type":"first_visit","op":"within","period":PERIOD} or {"type":"first_visit","op":"more_than","days":N}
- {"type":"created","op":"within","period":PERIOD} or {"type":"created","op":"more_than","days":N}   (when they became a customer)
- {"type":"birthday","op":"month","month":1-12} or {"type":"birthday","op":"next_days","days":1-366}   (next_days counts today as day 1)
- {"type":"has_email","value":true|false}, {"type":"has_phone","value":true|false}
- {"type":"email_consent","value":true|false}, {"type":"sms_consent","value":true|false}
- {"type":"source","values":["manual"|"csv"|"square"|"clover"|"demo", ...]}
PERIOD is {"kind":"last_days","days":N} or {"kind":"this_week"|"this_month"|"this_year"|"last_month"|"last_year"}.`;

export function segmentMessages(query: string, now: Date): ChatMessage[] {
  return [
    {
      role: 'system',
      content: `You turn a restaurant owner's description of a group of their customers into a segment definition.
Today is ${now.toISOString().slice(0, 10)} (UTC).
${FORMAT}
Reply with one JSON object only:
{"understood":true,"title":"a short title in the owner's words","definition":DEFINITION}
or, when the request cannot be expressed with these conditions (for example it is about menu items, or is not about customers):
{"understood":false,"reason":"..."}
Guidance: "regulars" means at least 5 visits; "VIP" means spent at least $500 or at least 20 visits; "lapsed" means last visit more than 90 days ago; "a month" is 30 days; "next week" for birthdays is next_days 7.`,
    },
    { role: 'user', content: query },
  ];
}
