/** Shown, not sent: "Hi {{first_name|there}}" reads "Hi [first name]" wherever the owner reads a draft or template (never the code's field name). */
export const showMergeTags = (text: string) => text.replace(/\{\{\s*first_name\s*(?:\|[^{}]*)?\}\}/g, '[first name]');
