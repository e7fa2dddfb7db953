/** A field name as people read it: `email_address` → "Email address", `items.0.cron_schedule` → "Items 1 cron schedule". */
export function fieldLabel(field: string): string {
  const words = field
    .split(/[._]/)
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
