// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmailContent } from '../../../../src/contract/email.ts';
import { EmailEditor, type PickedMedia } from '../../../../src/features/email/email-editor.tsx';

const BRAND = { brandName: 'La Cocina', theme: '#FF3434', website: 'https://lacocina.example.com', brandLogo: '', header_image_url: null };
const START: EmailContent = {
  subject: 'Fish tacos',
  preheader: '',
  blocks: [
    { id: 'heading', type: 'heading', text: 'Fish tacos', level: 1, align: 'left' },
    { id: 'cta', type: 'button', label: 'Book a table', href: '' },
    { id: 'footer', type: 'footer', note: '' },
  ],
};
const INTRO = { id: 'intro', type: 'text', html: '<p>Hi <strong>there</strong></p>', align: 'left' } as const;

beforeAll(() => {
  // jsdom has neither; Mantine's hooks ask for both.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(cleanup);

function Harness({ onChange, previewHtml }: { onChange: (next: EmailContent) => void; previewHtml?: string }) {
  const [value, setValue] = useState(START);
  return (
    <MantineProvider>
      <EmailEditor
        value={value}
        brand={BRAND}
        previewHtml={previewHtml}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        renderMediaPicker={(onPick: (media: PickedMedia) => void) => (
          <button type="button" onClick={() => onPick({ id: 'media-7', description: 'Tacos on the pass', thumbnailUrl: 'https://cdn.example.com/t.jpg' })}>
            Choose from library
          </button>
        )}
      />
    </MantineProvider>
  );
}

const last = (spy: ReturnType<typeof vi.fn>) => spy.mock.calls.at(-1)![0] as EmailContent;
const ids = (content: EmailContent) => content.blocks.map((block) => block.id);

describe('EmailEditor', () => {
  it('moves, removes (with undo) and adds blocks with 44 px buttons', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Move Button up' }));
    expect(ids(last(onChange))).toEqual(['cta', 'heading', 'footer']);
    const up = screen.getByRole('button', { name: 'Move Button up' }) as HTMLButtonElement;
    expect(up.disabled).toBe(true);
    expect(up.getAttribute('style')).toContain('--ai-size: calc(2.75rem'); // 44 px

    fireEvent.click(screen.getByRole('button', { name: 'Remove Heading' }));
    expect(ids(last(onChange))).toEqual(['cta', 'footer']);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(ids(last(onChange))).toEqual(['cta', 'heading', 'footer']);

    fireEvent.click(screen.getByRole('button', { name: 'Add a block' }));
    expect(screen.queryByRole('button', { name: 'Footer' })).toBeNull(); // one footer only
    fireEvent.click(screen.getByRole('button', { name: 'Photo' }));
    const added = last(onChange);
    expect(added.blocks.map((block) => block.type)).toEqual(['button', 'heading', 'image', 'footer']);
  });

  it('edits the subject, a heading and a button link, and picks a photo through the route’s picker', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Taco Friday' } });
    expect(last(onChange).subject).toBe('Taco Friday');
    fireEvent.change(screen.getByLabelText('Heading'), { target: { value: 'Taco Friday is here' } });
    expect(last(onChange).blocks[0]).toMatchObject({ text: 'Taco Friday is here' });
    fireEvent.change(screen.getByLabelText('Link'), { target: { value: 'javascript:alert(1)' } });
    expect(screen.getByText('Button link must start with https://, mailto: or tel:')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a block' }));
    fireEvent.click(screen.getByRole('button', { name: 'Photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Choose from library' }));
    expect(last(onChange).blocks.find((block) => block.type === 'image')).toMatchObject({ media_id: 'media-7', alt: 'Tacos on the pass' });
    expect(screen.getByRole('img', { name: 'Tacos on the pass' }).getAttribute('src')).toBe('https://cdn.example.com/t.jpg');
  });

  it('puts rich text in a Quill editor with an email-sized toolbar, and does not report its own normalising as an edit', () => {
    const onChange = vi.fn();
    const { container } = render(
      <MantineProvider>
        <EmailEditor value={{ ...START, blocks: [INTRO, ...START.blocks] }} brand={BRAND} onChange={onChange} />
      </MantineProvider>,
    );
    expect(container.querySelector('.ql-editor')?.innerHTML).toBe('<p>Hi <strong>there</strong></p>');
    const tools = [...container.querySelectorAll('.ql-toolbar button')].map((button) => button.className);
    expect(tools).toEqual(['ql-bold', 'ql-italic', 'ql-underline', 'ql-list', 'ql-list', 'ql-align', 'ql-align', 'ql-link', 'ql-clean']);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the server-rendered preview in a sandboxed frame, phone width first', async () => {
    render(<Harness onChange={() => {}} previewHtml="<p>Rendered</p>" />);
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Preview' })));
    const frame = screen.getByTitle('Email preview, phone');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Rendered</p>');
    expect(frame.getAttribute('width')).toBe('360');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Desktop' })));
    expect(screen.getByTitle('Email preview, desktop').getAttribute('width')).toBe('600');
  });
});
