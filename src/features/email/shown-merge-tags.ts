/** Shown, not sent: "Hi {{first_name|there}}" reads "Hi [first name]" in the app's previews (the sending engine fills it per guest). */
export const showMergeTags = (html: string) => html.replace(/\{\{\s*first_name\s*(?:\|[^{}]*)?\}\}/g, '[first name]');
