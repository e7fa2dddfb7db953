import type { TemplateCategory } from '../../../../src/contract/email.ts';
import { EVENT_TEMPLATES } from './event-templates.ts';
import { GUEST_TEMPLATES } from './guest-templates.ts';
import { HOLIDAY_TEMPLATES } from './holiday-templates.ts';
import { NEW_MENU_TEMPLATES } from './menu-templates.ts';
import { PROMOTION_TEMPLATES } from './promotion-templates.ts';
import type { StarterTemplate } from './template-kit.ts';

export type { StarterTemplate } from './template-kit.ts';

/** Every starter template, in the order the template list shows them (the email home shows the first three). */
const STARTER_TEMPLATES: readonly StarterTemplate[] = [...PROMOTION_TEMPLATES, ...EVENT_TEMPLATES, ...NEW_MENU_TEMPLATES, ...HOLIDAY_TEMPLATES, ...GUEST_TEMPLATES];

export const starterTemplate = (id: string) => STARTER_TEMPLATES.find((template) => template.id === id) ?? null;

export const starterTemplatesIn = (category?: TemplateCategory) => (category ? STARTER_TEMPLATES.filter((template) => template.category === category) : STARTER_TEMPLATES);
