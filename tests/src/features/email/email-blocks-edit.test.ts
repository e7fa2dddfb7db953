import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailContentSchema, type EmailBlockType, type EmailContent } from '../../../../src/contract/email.ts';
import { ADDABLE_BLOCKS, canAdd, editEmail, freshBlockId, movable, newBlock } from '../../../../src/features/email/email-blocks-edit.ts';

const content: EmailContent = {
  subject: 'Fish tacos',
  preheader: '',
  blocks: [
    { id: 'header', type: 'header_image' },
    { id: 'heading', type: 'heading', text: 'Fish tacos', level: 1, align: 'left' },
    { id: 'intro', type: 'text', html: '<p>Hi</p>', align: 'left' },
    { id: 'footer', type: 'footer', note: '' },
  ],
};
const ids = (email: EmailContent) => email.blocks.map((block) => block.id);

describe('email editor block operations', () => {
  it('moves a block up and down, and not past either end', () => {
    expect(ids(editEmail(content, { type: 'move', id: 'intro', by: -1 }))).toEqual(['header', 'intro', 'heading', 'footer']);
    expect(ids(editEmail(content, { type: 'move', id: 'heading', by: 1 }))).toEqual(['header', 'intro', 'heading', 'footer']);
    expect(editEmail(content, { type: 'move', id: 'header', by: -1 })).toBe(content);
    expect(editEmail(content, { type: 'move', id: 'footer', by: 1 })).toBe(content);
    expect(movable(content, 'header')).toEqual({ up: false, down: true });
    expect(movable(content, 'footer')).toEqual({ up: true, down: false });
  });

  it('removes a block, and puts it back where it was (undo)', () => {
    const removed = editEmail(content, { type: 'remove', id: 'heading' });
    expect(ids(removed)).toEqual(['header', 'intro', 'footer']);
    expect(editEmail(removed, { type: 'restore', block: content.blocks[1]!, index: 1 })).toEqual(content);
    expect(editEmail(content, { type: 'remove', id: 'nope' })).toBe(content);
  });

  it('adds new blocks above the footer, a header at the top, and only one header and footer', () => {
    const withPhoto = editEmail(content, { type: 'add', block: newBlock('image', 'p1') });
    expect(ids(withPhoto)).toEqual(['header', 'heading', 'intro', 'p1', 'footer']);
    const noHeader = editEmail(content, { type: 'remove', id: 'header' });
    expect(ids(editEmail(noHeader, { type: 'add', block: newBlock('header_image', 'h2') }))[0]).toBe('h2');
    expect(editEmail(content, { type: 'add', block: newBlock('footer', 'f2') })).toBe(content);
    expect(canAdd(content, 'footer')).toBe(false);
    expect(canAdd(content, 'divider')).toBe(true);
  });

  it('stops adding at the block limit', () => {
    let email = content;
    for (let i = 0; i < 60; i++) email = editEmail(email, { type: 'add', block: newBlock('divider', `d${i}`) });
    expect(email.blocks).toHaveLength(40);
  });

  it("updates a block's own fields but never its id or type", () => {
    const updated = editEmail(content, { type: 'update', id: 'heading', patch: { text: 'Taco Friday', id: 'x', type: 'text' } as never });
    expect(updated.blocks[1]).toEqual({ id: 'heading', type: 'heading', text: 'Taco Friday', level: 1, align: 'left' });
    expect(editEmail(content, { type: 'subject', value: 'New subject' }).subject).toBe('New subject');
    expect(editEmail(content, { type: 'preheader', value: 'Hint' }).preheader).toBe('Hint');
  });

  it('gives every new block a valid unique id and valid starting content', () => {
    let email: EmailContent = { ...content, blocks: content.blocks.filter((block) => block.type !== 'header_image' && block.type !== 'footer') };
    let n = 0;
    const sequence = () => [0.1, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8][n++ % 9]!; // repeats once: the id must still be unique
    for (const { type } of ADDABLE_BLOCKS) email = editEmail(email, { type: 'add', block: newBlock(type as EmailBlockType, freshBlockId(email, sequence)) });
    expect(email.blocks).toHaveLength(2 + ADDABLE_BLOCKS.length);
    expect(new Set(ids(email)).size).toBe(email.blocks.length);
    expect(v.safeParse(EmailContentSchema, email).success).toBe(true);
  });
});
