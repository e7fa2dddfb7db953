/** Text and attribute escaping for HTML and MJML we write ourselves (content from owners and the AI is never trusted). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Collapses runs of whitespace (from edited HTML or pasted text) to single spaces. */
export const squash = (value: string) => value.replace(/\s+/g, ' ').trim();
