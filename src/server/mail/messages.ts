import { createTranslator } from 'use-intl/core';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';

/** A mail's language: the console's languages, English for anything else. */
/** The call to action of a mail, as a button every mail client draws. */
const BUTTON_STYLE =
  'display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:8px;text-decoration:none';

export type MailLocale = 'zh-CN' | 'en';
export const mailLocale = (value: string | null | undefined): MailLocale => (value === 'zh-CN' ? 'zh-CN' : 'en');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password reset mail in the reader's language, as text and HTML, from the `mail.reset` catalogue. */
export function passwordResetMail(locale: MailLocale, input: { link: string; minutes: number }) {
  const t = createTranslator({ locale, messages: locale === 'en' ? en : zh, namespace: 'mail.reset' });
  const subject = t('subject');
  const lines = {
    greeting: t('greeting'),
    body: t('body', { minutes: input.minutes }),
    action: t('action'),
    ignore: t('ignore'),
    signature: t('signature'),
  };
  const text = [lines.greeting, '', lines.body, '', input.link, '', lines.ignore, '', lines.signature].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.body)}</p>
<p><a href="${link}" style="${BUTTON_STYLE}">${escapeHtml(lines.action)}</a></p>
<p style="font-size:13px;color:#475569">${link}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(lines.ignore)}</p>
<p>${escapeHtml(lines.signature)}</p>
</body></html>`;
  return { subject, text, html };
}

/** The notice that an operator turned off the reader's two-step verification, from the `mail.twoFactorReset` catalogue. */
export function twoFactorResetMail(locale: MailLocale, input: { email: string; signInUrl: string }) {
  const t = createTranslator({ locale, messages: locale === 'en' ? en : zh, namespace: 'mail.twoFactorReset' });
  const subject = t('subject');
  const lines = {
    greeting: t('greeting'),
    body: t('body', { email: input.email }),
    next: t('next'),
    warning: t('warning'),
    signature: t('signature'),
  };
  const text = [
    lines.greeting,
    '',
    lines.body,
    '',
    lines.next,
    input.signInUrl,
    '',
    lines.warning,
    '',
    lines.signature,
  ].join('\n');
  const link = escapeHtml(input.signInUrl);
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#0f172a;line-height:1.6">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.body)}</p>
<p>${escapeHtml(lines.next)} <a href="${link}">${link}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(lines.warning)}</p>
<p>${escapeHtml(lines.signature)}</p>
</body></html>`;
  return { subject, text, html };
}
