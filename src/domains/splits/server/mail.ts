import type { AuthedContext } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { queueMail } from '@server/mail/mailer'
import { escapeMarkup } from '@server/markup'
import { workspaceUrl } from '@server/urls'
import { shareAsPercent } from '@core/split-status'

/** The invitation a payee gets when a split names them (same plain layout as the platform's mails). */
export function splitInviteMail(input: { workspace: string; ownerName: string; trackTitle: string; share: string; url: string }) {
  const paragraphs = [
    `${input.ownerName} added you to the royalty split of “${input.trackTitle}” on ${input.workspace}, with a share of ${shareAsPercent(input.share)}.`,
    'Sign in with this email address to confirm your share. If you have no account yet, ask for one with this address: the split applies once every payee has an account and has confirmed.',
  ]
  const action = { label: 'Review the split', url: input.url }
  return {
    subject: `You are invited to a royalty split of “${input.trackTitle}”`,
    text: [...paragraphs, `${action.label}: ${action.url}`].join('\n\n'),
    html: [
      '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">',
      ...paragraphs.map((p) => `<p>${escapeMarkup(p)}</p>`),
      `<p><a href="${escapeMarkup(action.url)}">${escapeMarkup(action.label)}</a></p>`,
      '</body></html>',
    ].join(''),
  }
}

/** Queues one invitation per invited payee, in the transaction that creates the split. */
export async function queueSplitInvites(
  ctx: AuthedContext,
  tx: Queryable,
  input: { splitId: number; trackTitle: string; ownerName: string; invited: readonly { email: string; share: string }[] },
) {
  const url = `${workspaceUrl(ctx, ctx.tenant)}/royalty-shares/single/${input.splitId}`
  for (const payee of input.invited) {
    await queueMail(
      ctx.services.jobs,
      tx,
      {
        to: payee.email,
        ...splitInviteMail({
          workspace: ctx.tenant.name,
          ownerName: input.ownerName,
          trackTitle: input.trackTitle,
          share: payee.share,
          url,
        }),
      },
      ctx.tenant.id,
    )
  }
}
