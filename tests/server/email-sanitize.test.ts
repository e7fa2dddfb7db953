import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeEmailHtml, sanitizeRichText } from '../../server/features/email/render/sanitize.ts';

// Hostile input as owners might paste it (or an attacker with a stolen session might send it).
const HOSTILE = [
  '<script>alert(1)</script><p>ok</p>',
  '<p onclick="alert(1)" onmouseover=alert(2)>ok</p>',
  '<img src=x onerror=alert(1)><p>ok</p>',
  '<a href="javascript:alert(1)">ok</a>',
  '<a href="JaVaScRiPt:alert(1)">ok</a>',
  '<a href="jav&#x09;ascript:alert(1)">ok</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">ok</a>',
  '<a href=" javascript:alert(1)">ok</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">ok</a>',
  '<a href="vbscript:msgbox(1)">ok</a>',
  '<a href="//evil.example/x">ok</a>',
  '<p style="width: expression(alert(1))">ok</p>',
  '<p style="background: url(javascript:alert(1))">ok</p>',
  '<p style="color: red; background-image: url(https://tracker.example/p.gif)">ok</p>',
  '<p style="behavior: url(x.htc)">ok</p>',
  '<p style="color: expression(alert(1))">ok</p>',
  '<style>@import "https://evil.example/x.css"; p { color: red }</style><p>ok</p>',
  '<iframe src="https://evil.example"></iframe><p>ok</p>',
  '<svg onload="alert(1)"><script>alert(1)</script></svg><p>ok</p>',
  '<math><mtext><script>alert(1)</script></mtext></math><p>ok</p>',
  '<form action="https://evil.example"><input name="card"><button>Pay</button></form><p>ok</p>',
  '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>ok</p>',
  '<base href="https://evil.example/"><p>ok</p>',
  '<!--[if gte mso 9]><script>alert(1)</script><![endif]--><p>ok</p>',
  '<p><a href="https://ok.example" onfocus="alert(1)" autofocus>ok</a></p>',
  '<details open ontoggle=alert(1)><summary>ok</summary></details>',
  '<p style="position:fixed;top:0">ok</p>',
];

const ACTIVE = /<script|<iframe|<svg|<math|<form|<input|<object|<embed|<meta|<base|<style|<details|\son\w+\s*=|javascript:|vbscript:|data:|expression\(|url\(|behavior|@import|\/\/evil|position/i;

describe.each([
  ['sanitizeRichText', sanitizeRichText],
  ['sanitizeEmailHtml', sanitizeEmailHtml],
])('%s with hostile input', (_name, sanitize) => {
  it.each(HOSTILE)('removes everything active from %s', (input) => {
    const output = sanitize(input);
    expect(output).not.toMatch(ACTIVE);
    expect(output).toContain('ok');
  });
});

describe('sanitizeRichText keeps what a rich-text editor makes', () => {
  it('keeps paragraphs, emphasis, links and lists', () => {
    const html = '<p>Hi <strong>there</strong>, <em>come</em> <u>in</u> <s>old</s></p><p><a href="https://lacocina.com/menu">menu</a></p><ul><li>one</li></ul><ol><li>two</li></ol><p><br></p>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />'));
  });

  it('turns Quill 2 lists (all <ol> with data-list) into real <ul> and <ol>', () => {
    const quill = '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Tacos</li><li data-list="bullet">Salsa</li><li data-list="ordered">First</li></ol>';
    expect(sanitizeRichText(quill)).toBe('<ul><li>Tacos</li><li>Salsa</li></ul><ol><li>First</li></ol>');
  });

  it("turns Quill's alignment classes into inline styles mail clients keep", () => {
    expect(sanitizeRichText('<p class="ql-align-center">Centred</p>')).toBe('<p style="text-align:center">Centred</p>');
  });

  it('keeps safe colours and drops unknown styles', () => {
    expect(sanitizeRichText('<p><span style="color: #e60000; font-size: 99px">red</span></p>')).toBe('<p><span style="color:#e60000">red</span></p>');
  });

  it('gives bare domains https:// and keeps mailto:, tel: and merge tags', () => {
    expect(sanitizeRichText('<a href="lacocina.com/menu">m</a>')).toBe('<a href="https://lacocina.com/menu">m</a>');
    expect(sanitizeRichText('<a href="mailto:hola@lacocina.com">e</a>')).toContain('href="mailto:hola@lacocina.com"');
    expect(sanitizeRichText('<a href="tel:+15125550100">t</a>')).toContain('href="tel:+15125550100"');
    expect(sanitizeRichText('<a href="{{unsubscribe_url}}">u</a>')).toContain('href="{{unsubscribe_url}}"');
    expect(sanitizeRichText('<a href="/relative/path">r</a>')).toBe('<a>r</a>');
  });

  it('keeps the first-name merge tag in text', () => {
    expect(sanitizeRichText('<p>Hi {{first_name|there}},</p>')).toBe('<p>Hi {{first_name|there}},</p>');
  });

  it('drops table layout and pictures (a text block holds text)', () => {
    expect(sanitizeRichText('<table><tr><td>cell</td></tr></table><img src="https://x.example/a.png">')).toBe('cell');
  });

  it('tells a blank editor from a real paragraph', () => {
    expect(isBlankRichText('<p><br></p>')).toBe(true);
    expect(isBlankRichText('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankRichText('<p>x</p>')).toBe(false);
  });
});

describe('sanitizeEmailHtml keeps an email layout', () => {
  it('keeps tables, block markers, https pictures and safe inline styles', () => {
    const html =
      '<table role="presentation" width="100%" cellpadding="0"><tr><td align="center" style="padding:8px 24px;background-color:#FFFFFF" data-block-id="b1" data-block-part="html"><img src="https://cdn.example/a.png" alt="Tacos" width="552"><p style="margin:0 0 12px 0">Hi</p></td></tr></table>';
    const out = sanitizeEmailHtml(html);
    expect(out).toContain('data-block-id="b1"');
    expect(out).toContain('data-block-part="html"');
    expect(out).toContain('<img src="https://cdn.example/a.png" alt="Tacos" width="552" />');
    expect(out).toContain('style="padding:8px 24px;background-color:#FFFFFF"');
  });

  it('drops pictures that are not https/http (data:, javascript:, relative)', () => {
    for (const src of ['data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)', '/x.png', 'cid:logo']) {
      expect(sanitizeEmailHtml(`<p>a</p><img src="${src}" alt="x">`)).toBe('<p>a</p>');
    }
  });

  it('drops the head, title and style sheets with their text', () => {
    const out = sanitizeEmailHtml('<html><head><title>Secret title</title><style>p{color:red}</style></head><body><p>Body</p></body></html>');
    expect(out).toBe('<p>Body</p>');
  });
});
