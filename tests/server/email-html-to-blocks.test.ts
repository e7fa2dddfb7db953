import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import { htmlToBlocks, NOT_RECOGNISED_NOTE } from '../../server/features/email/render/html-to-blocks.ts';
import { renderEmail } from '../../server/features/email/render/render-email.ts';
import { BLOCKS, BRAND, CONTENT, IMAGES } from './email-render.fixtures.ts';

/** What the owner's in-place edit does to the preview: change the inner HTML of editable parts. */
async function editPreview(edit: (doc: ReturnType<typeof load>) => void): Promise<string> {
  const { html } = await renderEmail(CONTENT, BRAND, { images: IMAGES, mode: 'preview' });
  const doc = load(html);
  edit(doc);
  return doc.html();
}
const part = (doc: ReturnType<typeof load>, id: string, name: string) => doc(`[data-block-id="${id}"] [data-block-part="${name}"]`);

describe('htmlToBlocks', () => {
  it('gives back the same blocks for an unedited preview', async () => {
    const result = htmlToBlocks(await editPreview(() => {}), BLOCKS);
    expect(result).toEqual({ blocks: BLOCKS, recognised: true, notes: [] });
  });

  it('is stable over repeated edits: styles the renderer inlines never pile up in the block', async () => {
    const withLink = BLOCKS.map((block) =>
      block.id === 'intro' ? { ...block, html: '<p style="text-align:center">Hi <a href="https://lacocina.example.com/menu">menu</a></p><ul><li>One</li></ul>' } : block,
    );
    let blocks = withLink;
    for (let round = 0; round < 3; round++) {
      const { html } = await renderEmail({ ...CONTENT, blocks }, BRAND, { images: IMAGES });
      blocks = htmlToBlocks(html, blocks).blocks;
    }
    expect(blocks).toEqual(withLink);
  });

  it('maps edited heading, paragraph, caption, button label and footer note onto their blocks', async () => {
    const html = await editPreview((doc) => {
      part(doc, 'title', 'text').text('Taco Friday is back');
      part(doc, 'intro', 'html').html('<p>Hi {{first_name|there}},</p><p>We <strong>missed</strong> you.</p>');
      part(doc, 'photo', 'caption').text('Straight off the plancha');
      part(doc, 'cta', 'label').text('Reserve now');
      part(doc, 'footer', 'note').text('Gracias!');
    });
    const { blocks, notes } = htmlToBlocks(html, BLOCKS);
    expect(notes).toEqual([]);
    expect(blocks.map((block) => block.id)).toEqual(BLOCKS.map((block) => block.id));
    expect(blocks[1]).toMatchObject({ type: 'heading', text: 'Taco Friday is back', level: 1 });
    expect(blocks[2]).toMatchObject({ type: 'text', html: '<p>Hi {{first_name|there}},</p><p>We <strong>missed</strong> you.</p>' });
    expect(blocks[3]).toMatchObject({ type: 'image', media_id: 'media-1', caption: 'Straight off the plancha' });
    expect(blocks[4]).toMatchObject({ type: 'button', label: 'Reserve now', href: 'https://lacocina.example.com/book' });
    expect(blocks[6]).toMatchObject({ type: 'footer', note: 'Gracias!' });
  });

  it('sanitizes what was typed or pasted into the preview', async () => {
    const html = await editPreview((doc) => {
      part(doc, 'intro', 'html').html('<p onmouseover="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">win</a></p>');
      part(doc, 'title', 'text').html('<b onclick="x()">Bold</b> <script>alert(1)</script>title');
    });
    const { blocks } = htmlToBlocks(html, BLOCKS);
    expect(blocks[2]).toMatchObject({ html: '<p>Hi <a>win</a></p>' });
    expect(blocks[1]).toMatchObject({ text: 'Bold alert(1)title' }); // headings are plain text: tags become text, rendered escaped
  });

  it('removes a heading or paragraph the owner emptied', async () => {
    const html = await editPreview((doc) => {
      part(doc, 'title', 'text').text('   ');
      part(doc, 'intro', 'html').html('<p><br></p>');
    });
    expect(htmlToBlocks(html, BLOCKS).blocks.map((block) => block.id)).toEqual(['header', 'photo', 'cta', 'rule', 'footer']);
  });

  it('keeps a block whose marker went missing, and says so', async () => {
    const html = await editPreview((doc) => doc('[data-block-id="cta"]').remove());
    const { blocks, notes, recognised } = htmlToBlocks(html, BLOCKS);
    expect(recognised).toBe(true);
    expect(blocks).toEqual(BLOCKS);
    expect(notes).toEqual(['A button block was missing from the edited email and was kept as it was.']);
  });

  it('ignores markers that do not belong to this email', async () => {
    const html = await editPreview((doc) => doc('body').append('<div data-block-id="intruder"><div data-block-part="html"><p>x</p></div></div>'));
    const { blocks, notes } = htmlToBlocks(html, BLOCKS);
    expect(blocks).toEqual(BLOCKS);
    expect(notes).toEqual(['1 part(s) of the edited email did not belong to this email and were left out.']);
  });

  it('falls back to safe headings and paragraphs for HTML it does not recognise, and says so', () => {
    const pasted = `<html><head><style>p{color:red}</style></head><body>
      <table><tr><td><h1>Summer <em>menu</em></h1></td></tr>
      <tr><td><p>New dishes <a href="https://lacocina.example.com/menu" onclick="x()">all week</a>.</p><div>Second line</div>
      <img src="https://cdn.example.com/x.jpg"><script>alert(1)</script></td></tr></table></body></html>`;
    const { blocks, notes, recognised } = htmlToBlocks(pasted, BLOCKS);
    expect(recognised).toBe(false);
    expect(notes).toEqual([NOT_RECOGNISED_NOTE, '1 picture(s) could not be kept: add them again from your media library.']);
    expect(blocks).toEqual([
      BLOCKS[0],
      { id: 'heading-1', type: 'heading', text: 'Summer menu', level: 1, align: 'left' },
      { id: 'text-2', type: 'text', html: '<p>New dishes <a href="https://lacocina.example.com/menu">all week</a>.</p><p>Second line</p>', align: 'left' },
      BLOCKS[6],
    ]);
  });

  it('gives a template made from pasted HTML a header and a footer', () => {
    const { blocks } = htmlToBlocks('<p>Just one line</p>', []);
    expect(blocks.map((block) => block.type)).toEqual(['header_image', 'text', 'footer']);
  });
});
