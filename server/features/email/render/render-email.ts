import mjml2html from 'mjml';
import type { EmailContent } from '../../../../src/contract/email.ts';
import { blockMjml, fallbackFooter, PAGE, type BlockRenderContext } from './blocks-mjml.ts';
import type { EmailBrand } from './email-brand.ts';
import { escapeHtml } from './escape.ts';
import { emailPlainText } from './plain-text.ts';

export type RenderEmailOptions = {
  /** Media id → public image URL for image blocks (a media id missing here is an unresolved photo). */
  images?: Readonly<Record<string, string>>;
  /**
   * 'send' (default): what recipients get; empty photo slots and link-less buttons are left out.
   * 'preview': what the owner edits; those show as placeholders so nothing silently disappears.
   */
  mode?: 'send' | 'preview';
};

export type RenderedEmail = {
  html: string;
  text: string;
  /** MJML's validation messages; empty for everything we generate (tests hold it to that). */
  warnings: string[];
};

const FONT_STACK = 'Helvetica, Arial, sans-serif';

/**
 * Structured content → responsive email HTML (MJML: table layout, Outlook conditionals, inlined CSS, columns
 * that stack on phones) plus its plain-text part. Merge tags ({{first_name|there}}, {{unsubscribe_url}}) stay
 * in place for the sending engine to fill per recipient. About a few milliseconds of CPU per email; see
 * scripts/bench-email-render.mjs.
 */
export async function renderEmail(content: EmailContent, brand: EmailBrand, options: RenderEmailOptions = {}): Promise<RenderedEmail> {
  const result = await mjml2html(emailMjml(content, brand, options), {
    validationLevel: 'soft',
    keepComments: false,
    fonts: {},
    ignoreIncludes: true,
    minify: false,
    beautify: false,
  });
  return {
    html: markBlocks(result.html, content),
    text: emailPlainText(content, brand, options),
    warnings: result.errors.map((error) => error.formattedMessage ?? error.message),
  };
}

/**
 * Each block's wrapper gets `data-block-id` and `data-block-type`, found by the `mise-b-<id>` class its section
 * carries. Done on the output string: MJML's own <mj-html-attributes> re-parses the whole document and
 * costs more than the rest of the render (see the benchmark).
 */
function markBlocks(html: string, content: EmailContent): string {
  const types = new Map(content.blocks.map((block) => [block.id, block.type]));
  return html.replace(/class="mise-b-([A-Za-z0-9_-]+)"/g, (match, id: string) => {
    const type = types.get(id);
    return type ? `${match} data-block-id="${id}" data-block-type="${type}"` : match;
  });
}

/** The MJML document for `content`; exported for the benchmark's side-by-side baseline. */
function emailMjml(content: EmailContent, brand: EmailBrand, options: RenderEmailOptions = {}): string {
  const context: BlockRenderContext = { brand, images: options.images ?? {}, mode: options.mode ?? 'send', footerWritten: false };
  const sections = content.blocks.map((block) => blockMjml(block, context)).join('\n');
  const footer = fallbackFooter(context);
  return `<mjml lang="en">
<mj-head>
<mj-title>${escapeHtml(content.subject)}</mj-title>
${content.preheader ? `<mj-preview>${escapeHtml(content.preheader)}</mj-preview>` : ''}
<mj-breakpoint width="480px" />
<mj-attributes>
<mj-all font-family="${FONT_STACK}" />
<mj-text font-size="16px" line-height="1.6" color="#333333" padding="8px 24px" />
</mj-attributes>
<mj-style>
@media only screen and (max-width: 480px) { h1[data-block-part] { font-size: 24px !important; } }
</mj-style>
</mj-head>
<mj-body width="600px" background-color="${PAGE}">
${sections}
${footer}
</mj-body>
</mjml>`;
}
