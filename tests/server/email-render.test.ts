import { load } from 'cheerio/slim';
import { describe, expect, it } from 'vitest';
import type { EmailContent } from '../../src/contract/email.ts';
import { emailBrandFrom } from '../../server/features/email/render/email-brand.ts';
import { renderEmail } from '../../server/features/email/render/render-email.ts';
import { BLOCKS, BRAND, CONTENT, IMAGES } from './email-render.fixtures.ts';

const blockIds = (html: string) => load(html)('[data-block-id]').map((_, el) => load(el)('*').first().attr('data-block-id')).get();

describe('renderEmail', () => {
  it('renders every block into valid, responsive email HTML with the brand', async () => {
    const { html, warnings } = await renderEmail(CONTENT, BRAND, { images: IMAGES });
    expect(warnings).toEqual([]);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<title>Fish tacos, 2 for $12 this Friday</title>');
    expect(html).toContain('This week only'); // preheader
    expect(html).toContain('@media only screen and (min-width:480px)'); // columns stack below 480 px
    expect(html).toContain('<!--[if mso | IE]>'); // Outlook tables
    expect(html).toContain('src="https://cdn.example.com/header.png"');
    expect(html).toContain('src="https://cdn.example.com/media-1.jpg"');
    expect(html).toContain('alt="Fish tacos on a blue plate"');
    expect(html).toContain('bgcolor="#1D6B4F"'); // button in the theme colour
    expect(html).toContain('href="https://lacocina.example.com/book"');
    expect(html).toContain('12 Main St, Austin, TX 78701');
    expect(html).toContain('lacocina.example.com</a>');
    expect(html).toContain('href="{{unsubscribe_url}}"');
    expect(html).toContain('Hi {{first_name|there}},');
    expect(blockIds(html)).toEqual(BLOCKS.map((block) => block.id));
  });

  it('writes a plain-text part with the words, the links and the unsubscribe placeholder', async () => {
    const { text } = await renderEmail(CONTENT, BRAND, { images: IMAGES });
    expect(text).not.toMatch(/<[a-z]/i);
    expect(text).toContain('Fish tacos, 2 for $12');
    expect(text).toContain('Hi {{first_name|there}},');
    expect(text).toContain('Book a table: https://lacocina.example.com/book');
    expect(text).toContain('Fresh from the grill');
    expect(text).toContain('12 Main St, Austin, TX 78701');
    expect(text).toContain('Unsubscribe: {{unsubscribe_url}}');
    expect(text).not.toContain('This week only'); // the preheader is an inbox hint, not body text
  });

  it('escapes headings, captions and labels, and sanitizes rich text again at render time', async () => {
    const content: EmailContent = {
      subject: '<b>Hi</b>',
      preheader: '',
      blocks: [
        { id: 'h', type: 'heading', text: '<script>alert(1)</script> & "tacos"', level: 2, align: 'center' },
        { id: 't', type: 'text', html: '<p onclick="x()">ok<img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a></p>', align: 'left' },
        { id: 'b', type: 'button', label: '</mj-button><mj-raw><script>', href: '' },
      ],
    };
    const { html, warnings } = await renderEmail(content, BRAND);
    expect(warnings).toEqual([]);
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<mj-/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;tacos&quot;');
    expect(html).toContain('<title>&lt;b&gt;Hi&lt;/b&gt;</title>');
  });

  it('always ends with the legal footer, even without a footer block', async () => {
    const { html } = await renderEmail({ subject: 'Hello', preheader: '', blocks: [{ id: 't', type: 'text', html: '<p>Hello</p>', align: 'left' }] }, BRAND);
    expect(html).toContain('href="{{unsubscribe_url}}"');
    expect(html).toContain('12 Main St, Austin, TX 78701');
    expect(html.match(/\{\{unsubscribe_url\}\}/g)).toHaveLength(1);
  });

  it('leaves out unresolved photos and link-less buttons when sending, and shows them as slots in the preview', async () => {
    const brand = { ...BRAND, website: '' };
    const content: EmailContent = {
      subject: 'S',
      preheader: '',
      blocks: [
        { id: 'p', type: 'image', media_id: null, alt: 'The dish of the day', caption: '' },
        { id: 'b', type: 'button', label: 'See the menu', href: '' },
      ],
    };
    const sent = await renderEmail(content, brand);
    expect(sent.html).not.toContain('The dish of the day');
    expect(sent.html).not.toContain('See the menu');
    const preview = await renderEmail(content, brand, { mode: 'preview' });
    expect(preview.html).toContain('[Photo: The dish of the day]');
    expect(preview.html).toContain('See the menu');
  });

  it('uses the restaurant website for a button without its own link', async () => {
    const { html } = await renderEmail({ subject: 'S', preheader: '', blocks: [{ id: 'b', type: 'button', label: 'Visit us', href: '' }] }, BRAND);
    expect(html).toContain('href="https://lacocina.example.com"');
  });

  it('keeps button labels readable on any theme colour', async () => {
    const content: EmailContent = { subject: 'S', preheader: '', blocks: [{ id: 'b', type: 'button', label: 'Go', href: 'https://x.example.com' }] };
    const yellow = await renderEmail(content, { ...BRAND, theme: '#FFFF00' });
    expect(yellow.html).toMatch(/background:#FFFF00;color:#1F1A17/);
    const red = await renderEmail(content, { ...BRAND, theme: '#FF3434' });
    expect(red.html).toMatch(/background:#FF3434;color:#FFFFFF/);
  });

  it('falls back to the logo, then to the name on the theme colour, when there is no email header', async () => {
    const content: EmailContent = { subject: 'S', preheader: '', blocks: [{ id: 'h', type: 'header_image' }] };
    const logo = await renderEmail(content, { ...BRAND, headerImageUrl: null });
    expect(logo.html).toContain('src="https://cdn.example.com/logo.png"');
    const name = await renderEmail(content, { ...BRAND, headerImageUrl: null, logoUrl: null });
    expect(name.html).not.toContain('<img');
    expect(name.html).toMatch(/background-color:#1D6B4F[^>]*>[\s\S]*La Cocina/);
  });

  it('shows the email header at the top and the logo above the name in the footer when the brand has both; the logo only once without a header', async () => {
    const content: EmailContent = { subject: 'S', preheader: '', blocks: [{ id: 'h', type: 'header_image' }, { id: 'f', type: 'footer', note: '' }] };
    const both = await renderEmail(content, BRAND);
    expect(BRAND.headerImageUrl && BRAND.logoUrl).toBeTruthy();
    const header = both.html.indexOf(`src="${BRAND.headerImageUrl}"`);
    const logo = both.html.indexOf(`src="${BRAND.logoUrl}"`);
    expect(header).toBeGreaterThan(-1);
    expect(logo).toBeGreaterThan(header);
    expect(both.html.slice(logo)).toMatch(/La Cocina/);
    const logoOnly = await renderEmail(content, { ...BRAND, headerImageUrl: null });
    expect(logoOnly.html.split(`src="${BRAND.logoUrl}"`).length - 1).toBe(1);
  });

  it('builds the renderer brand from stored brand settings with the default theme and absolute file URLs', () => {
    const brand = emailBrandFrom(
      { brandName: ' La Cocina ', website: '', location: 'Austin', theme: '', brandLogo: '/api/v1/files/logo.png', header_image_url: null },
      (path) => `https://mise.example.com${path}`,
    );
    expect(brand).toEqual({ name: 'La Cocina', website: '', location: 'Austin', theme: '#FF3434', logoUrl: 'https://mise.example.com/api/v1/files/logo.png', headerImageUrl: null });
  });
});
