import { escapeMarkup } from '../markup'

/** Plain, readable messages. Every link is absolute and built by the caller from the workspace URL. */
export interface Rendered {
  subject: string
  text: string
  html: string
}

function render(subject: string, paragraphs: string[], action?: { label: string; url: string }): Rendered {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n')
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
    ...paragraphs.map((p) => `<p>${escapeMarkup(p)}</p>`),
    action ? `<p><a href="${escapeMarkup(action.url)}">${escapeMarkup(action.label)}</a></p>` : '',
    '</body></html>',
  ].join('')
  return { subject, text, html }
}

export const mailTemplates = {
  recover: (workspace: string, url: string, minutes: number) =>
    render(
      `Reset your ${workspace} password`,
      [
        `Someone asked to reset the password of your ${workspace} account.`,
        `The link works once and expires in ${minutes} minutes. If it was not you, ignore this message: your password stays as it is.`,
      ],
      { label: 'Choose a new password', url },
    ),
  loginCode: (workspace: string, code: string, minutes: number) =>
    render(`${code} is your ${workspace} sign-in code`, [
      `Your sign-in code is ${code}.`,
      `It expires in ${minutes} minutes. If you did not try to sign in, change your password.`,
    ]),
  signInFailures: (workspace: string, failures: number, minutes: number) =>
    render(`Failed sign-ins to your ${workspace} account`, [
      `There were ${failures} failed attempts to sign in to your ${workspace} account in the last ${minutes} minutes.`,
      'Further attempts from unknown devices now need a captcha or a short wait; your own devices still sign in as usual.',
      'If these were not you, nothing is needed while your password is strong and private. If you reuse it elsewhere, change it now, and consider turning on two-factor sign-in.',
    ]),
  verifyEmail: (workspace: string, code: string, minutes: number) =>
    render(`Confirm your email for ${workspace}`, [`Your confirmation code is ${code}.`, `It expires in ${minutes} minutes.`]),
  stepUp: (workspace: string, code: string, minutes: number) =>
    render(`${code} confirms your change on ${workspace}`, [
      `Use ${code} to confirm the change you are making.`,
      `It expires in ${minutes} minutes. If you did not ask for it, change your password.`,
    ]),
  invite: (workspace: string, inviter: string, url: string, days: number) =>
    render(`You are invited to ${workspace}`, [`${inviter} invited you to ${workspace}.`, `The invitation expires in ${days} days.`], {
      label: 'Accept the invitation',
      url,
    }),
  passwordChanged: (workspace: string) =>
    render(`Your ${workspace} password was changed`, [
      'Your password was just changed and every session was signed out.',
      'If this was not you, reset your password at once and contact your administrator.',
    ]),
}
