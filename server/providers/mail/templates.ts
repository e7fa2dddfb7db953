import type { MailMessage } from './mail.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A plain, branded message with a text part; the code stands alone on a line so it is easy to read and copy. */
function codeMail(to: string, name: string, subject: string, lead: string, code: string): MailMessage {
  const greeting = `Hi ${name.split(/\s+/)[0] || 'there'},`;
  const text = [greeting, '', lead, '', `    ${code}`, '', 'The code expires in 10 minutes. If you did not ask for it, you can ignore this email.', '', '— Mise'].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f4f1;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f1d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;color:#e8590c;padding-bottom:24px">Mise</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${escapeHtml(greeting)}<br><br>${escapeHtml(lead)}</td></tr>
<tr><td style="font-size:32px;font-weight:700;letter-spacing:8px;padding:24px 0;font-family:Menlo,Consolas,monospace">${escapeHtml(code)}</td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#6b6660">The code expires in 10 minutes. If you did not ask for it, you can ignore this email.</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

export const verificationMail = (to: string, name: string, code: string) =>
  codeMail(to, name, `Your Mise verification code: ${code}`, 'Enter this code in Mise to verify your account:', code);

export const resetPasswordMail = (to: string, name: string, code: string) =>
  codeMail(to, name, `Your Mise password reset code: ${code}`, 'Enter this code in Mise to set a new password:', code);

/** A plain notice with no code: one lead paragraph, one piece of advice. */
function noticeMail(to: string, name: string, subject: string, paragraphs: string[]): MailMessage {
  const greeting = `Hi ${name.split(/\s+/)[0] || 'there'},`;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), '— Mise'].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f4f1;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f1d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;color:#e8590c;padding-bottom:24px">Mise</td></tr>
<tr><td style="font-size:16px;line-height:1.5">${escapeHtml(greeting)}${paragraphs.map((p) => `<br><br>${escapeHtml(p)}`).join('')}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

/** Sent instead of a 409 when someone signs up with an address that already has an account. */
export const signupAttemptMail = (to: string, name: string) =>
  noticeMail(to, name, 'Someone tried to create a Mise account with your email', [
    'Someone (perhaps you) just tried to create a new Mise account with this email address. You already have an account, so nothing was created.',
    'To get in, sign in with your password, or use Forgot Password on the sign-in screen to get a code by email and choose a new one.',
    'If it was not you, you can ignore this email: your account has not changed.',
  ]);

/** Sent (at most once a day) when an account collects many wrong passwords. */
export const signinAttackMail = (to: string, name: string, failures: number) =>
  noticeMail(to, name, 'Someone is trying to sign in to your Mise account', [
    `There have been ${failures} wrong passwords for your Mise account in the last hour. Mise slows these attempts down; your account and data have not changed.`,
    'If it was you and you cannot get in, use Forgot Password on the sign-in screen: the code we send to this address lets you choose a new password and sign in from any device, even while the attempts go on.',
    'If it was not you, make sure your Mise password is long and not used anywhere else.',
  ]);

/** Issue 19: an owner invites a team member; the link is single-use and expires. */
export function teamInvitationMail(to: string, ownerName: string, restaurantName: string, link: string, days: number): MailMessage {
  const subject = `${ownerName} invited you to upload photos for ${restaurantName} on Mise`;
  const lead = `${ownerName} invited you to join ${restaurantName} on Mise, so you can add photos and videos of the dishes from your own phone. You will see the restaurant's media library and your own profile.`;
  const after = `The link works once and expires in ${days} days. If you were not expecting this, you can ignore this email.`;
  const text = ['Hi,', '', lead, '', 'Join here:', '', `    ${link}`, '', after, '', '— Mise'].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f4f1;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f1d1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-radius:12px;padding:32px" cellpadding="0" cellspacing="0">
<tr><td style="font-size:22px;font-weight:700;color:#e8590c;padding-bottom:24px">Mise</td></tr>
<tr><td style="font-size:16px;line-height:1.5">Hi,<br><br>${escapeHtml(lead)}</td></tr>
<tr><td style="padding:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#e8590c;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Join ${escapeHtml(restaurantName)}</a></td></tr>
<tr><td style="font-size:14px;line-height:1.5;color:#6b6660">${escapeHtml(after)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}
