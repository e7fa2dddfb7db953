import type { EmailBlock, EmailBlockType, EmailContent } from '../../contract/email.ts';
import { EMAIL_LIMITS } from '../../contract/email.ts';

/**
 * What the visual editor can do to an email, as pure functions over EmailContent (no DOM), so the same
 * operations are tested without a browser and the editor stays a thin view over them.
 */

export type EmailEditAction =
  | { type: 'subject'; value: string }
  | { type: 'preheader'; value: string }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'remove'; id: string }
  | { type: 'restore'; block: EmailBlock; index: number }
  | { type: 'add'; block: EmailBlock }
  | { type: 'update'; id: string; patch: Partial<EmailBlock> };

/** The blocks an owner may add, in the order the add panel shows them, with the words it uses. */
export const ADDABLE_BLOCKS: { type: EmailBlockType; label: string }[] = [
  { type: 'heading', label: 'Heading' },
  { type: 'text', label: 'Text' },
  { type: 'image', label: 'Photo' },
  { type: 'button', label: 'Button' },
  { type: 'divider', label: 'Divider' },
  { type: 'header_image', label: 'Brand header' },
  { type: 'footer', label: 'Footer' },
];

export const BLOCK_LABELS: Record<EmailBlockType, string> = {
  header_image: 'Brand header',
  heading: 'Heading',
  text: 'Text',
  image: 'Photo',
  button: 'Button',
  divider: 'Divider',
  footer: 'Footer',
};

/** Only one brand header and one footer make sense; the rest can repeat up to the block limit. */
export function canAdd(content: EmailContent, type: EmailBlockType): boolean {
  if (content.blocks.length >= EMAIL_LIMITS.blocks) return false;
  if (type === 'header_image' || type === 'footer') return !content.blocks.some((block) => block.type === type);
  return true;
}

/** A fresh block with sensible starting content; `id` must be unique within the email. */
export function newBlock(type: EmailBlockType, id: string): EmailBlock {
  switch (type) {
    case 'header_image':
      return { id, type };
    case 'heading':
      return { id, type, text: 'New heading', level: 2, align: 'left' };
    case 'text':
      return { id, type, html: '<p></p>', align: 'left' };
    case 'image':
      return { id, type, media_id: null, alt: '', caption: '' };
    case 'button':
      return { id, type, label: 'Book a table', href: '' };
    case 'divider':
      return { id, type };
    case 'footer':
      return { id, type, note: '' };
  }
}

/** A short random id that is not taken yet (block ids are letters, digits, - and _). */
export function freshBlockId(content: EmailContent, random: () => number = Math.random): string {
  const taken = new Set(content.blocks.map((block) => block.id));
  for (;;) {
    const id = `b-${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
    if (!taken.has(id)) return id;
  }
}

/** New blocks go at the end, but above the footer, which stays last. */
function insertionIndex(blocks: EmailBlock[], block: EmailBlock): number {
  if (block.type === 'header_image') return 0;
  if (block.type === 'footer') return blocks.length;
  const footer = blocks.findIndex((existing) => existing.type === 'footer');
  return footer === -1 ? blocks.length : footer;
}

export function editEmail(content: EmailContent, action: EmailEditAction): EmailContent {
  const { blocks } = content;
  switch (action.type) {
    case 'subject':
      return { ...content, subject: action.value };
    case 'preheader':
      return { ...content, preheader: action.value };
    case 'move': {
      const from = blocks.findIndex((block) => block.id === action.id);
      const to = from + action.by;
      if (from === -1 || to < 0 || to >= blocks.length) return content;
      const next = [...blocks];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return { ...content, blocks: next };
    }
    case 'remove':
      return blocks.some((block) => block.id === action.id) ? { ...content, blocks: blocks.filter((block) => block.id !== action.id) } : content;
    case 'restore': {
      if (blocks.some((block) => block.id === action.block.id)) return content;
      const index = Math.max(0, Math.min(action.index, blocks.length));
      return { ...content, blocks: [...blocks.slice(0, index), action.block, ...blocks.slice(index)] };
    }
    case 'add': {
      if (!canAdd(content, action.block.type) || blocks.some((block) => block.id === action.block.id)) return content;
      const index = insertionIndex(blocks, action.block);
      return { ...content, blocks: [...blocks.slice(0, index), action.block, ...blocks.slice(index)] };
    }
    case 'update':
      return {
        ...content,
        // The id and type never change through an update; only the block's own fields do.
        blocks: blocks.map((block) => (block.id === action.id ? ({ ...block, ...action.patch, id: block.id, type: block.type } as EmailBlock) : block)),
      };
  }
}

/** Can this block move up / down? (For disabling the arrow buttons.) */
export function movable(content: EmailContent, id: string): { up: boolean; down: boolean } {
  const index = content.blocks.findIndex((block) => block.id === id);
  return { up: index > 0, down: index !== -1 && index < content.blocks.length - 1 };
}
