import type { z } from 'zod'
import {
  AGREEMENT_VERSION,
  BILLING_TIERS,
  DISTRIBUTION_FEE_PERCENT,
  PLAN_TERMS,
  centsToDecimal,
  firstOfNextMonthUtc,
  proratedFirstMonth,
  recordingRange,
  renewal,
  setupFeeCents,
  tierFor,
} from '@core/billing'
import { IMAGE_LIMITS, type siteEndpoints } from '@contract/site'
import type { AuthedContext, Services } from '@server/context'
import type { Queryable } from '@server/db/engine'
import { auditedMutation } from '@server/audit'
import { HttpError } from '@server/errors'
import { requireAdmin } from './access'
import { dataUrlBytes, saveImage } from './images'
import { mailComplete, mailConfig, toDnsRecord } from './mail.service'
import * as repo from './repository'

type Body<K extends keyof typeof siteEndpoints> = (typeof siteEndpoints)[K] extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : never

// ---------------------------------------------------------------------------------------------
// The setup wizard

export async function initialSettings(ctx: AuthedContext) {
  requireAdmin(ctx, 'see the workspace’s setup')
  const { services, tenant } = ctx
  const [signed, mail, rows, settings] = await Promise.all([
    repo.listAgreements(services.db, tenant.id),
    repo.findMail(services.db, tenant.id),
    repo.listDnsRecords(services.db, tenant.id),
    repo.findSettings(services.db, tenant.id),
  ])
  return {
    agreements: signed.map((row) => ({
      id: row.id,
      type: row.type,
      signed_at: row.signedAt,
      signed_by: row.email ? `${row.firstName} ${row.lastName}`.trim() || row.email : null,
      text_version: row.textVersion,
    })),
    mail_config: mailConfig(services.config, mail, rows),
    support_email: settings?.supportEmail ?? null,
    default_dns_records: {
      sending: rows.filter((row) => row.kind === 'sending').map(toDnsRecord),
      receiving: rows.filter((row) => row.kind === 'receiving').map(toDnsRecord),
    },
  }
}

export interface SetupProgress {
  agreement: boolean
  mail: boolean
  supportEmail: boolean
}

/** Which of the wizard's steps the workspace has done: the rule `auth/init/complete` enforces. */
export async function setupProgress(db: Queryable, tenantId: number): Promise<SetupProgress> {
  const [agreement, mail, rows, settings] = await Promise.all([
    repo.hasAgreement(db, tenantId, 'initial'),
    repo.findMail(db, tenantId),
    repo.listDnsRecords(db, tenantId),
    repo.findSettings(db, tenantId),
  ])
  return { agreement, mail: mailComplete(mail, rows), supportEmail: Boolean(settings?.supportEmail) }
}

/** What is missing, in the wizard's words; empty when the setup can be completed. */
export function missingSteps(progress: SetupProgress): string[] {
  return [
    progress.agreement ? null : 'sign the agreement',
    progress.mail ? null : 'configure mail',
    progress.supportEmail ? null : 'set the support email',
  ].filter((step): step is string => step !== null)
}

// ---------------------------------------------------------------------------------------------
// The agreement

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff])

export async function signAgreement(ctx: AuthedContext, body: Body<'site.signAgreement'>) {
  requireAdmin(ctx, 'sign the agreement for the workspace')
  const { services, tenant, session } = ctx
  // The spec sends the signature as a JPEG; the file store then checks it is a real image.
  if (!dataUrlBytes(body.signature).subarray(0, 3).equals(JPEG_MAGIC)) {
    throw new HttpError(415, 'The signature must be a JPEG image.', 'upload_type', { signature: 'The signature must be a JPEG image.' })
  }
  return auditedMutation(ctx, { action: 'site.agreement_signed', entityType: 'agreement' }, async (tx) => {
    const saved = await saveImage(tx, services, {
      tenantId: tenant.id,
      dataUrl: body.signature,
      purpose: 'agreement-signature',
      name: 'signature',
      maxBytes: IMAGE_LIMITS.signature,
      visibility: 'private',
      createdBy: session.account.id,
    })
    const row = await repo.insertAgreement(tx, {
      tenantId: tenant.id,
      type: 'initial',
      accountId: session.account.id,
      signatureFileId: saved.file.id,
      textVersion: AGREEMENT_VERSION,
      ip: ctx.ip || null,
      userAgent: ctx.userAgent || null,
      signedAt: services.now(),
    })
    // The plan starts with the first signature; signing again later does not move it.
    const settings = await repo.findSettings(tx, tenant.id)
    if (!settings?.planStartedAt) await repo.upsertSettings(tx, tenant.id, { planStartedAt: row.signedAt }, services.now())
    return {
      result: { id: row.id, type: 'initial' as const, signed_at: row.signedAt, text_version: row.textVersion },
      entityId: row.id,
      after: { type: row.type, textVersion: row.textVersion, signatureFileId: row.signatureFileId, ip: row.ip },
    }
  })
}

// ---------------------------------------------------------------------------------------------
// The wallet

/**
 * Tracks of live releases in the workspace: the figure the tier is chosen by. The catalogue
 * (releases and tracks) arrives with its own issue; until its tables exist there are no recordings,
 * so this truthfully answers 0. When they land, count here the tenant's tracks whose release is
 * live (status 1 or 7 with a release date already passed), through the catalogue domain's service.
 */
export async function liveRecordingCount(_db: Queryable, _tenantId: number): Promise<number> {
  return 0
}

const monthName = (date: Date) => date.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

export async function wallet(ctx: AuthedContext) {
  requireAdmin(ctx, 'see the workspace’s billing')
  return walletFor(ctx.services, ctx.tenant.id)
}

export async function walletFor(services: Services, tenantId: number) {
  const now = services.now()
  const [settings, recordings] = await Promise.all([repo.findSettings(services.db, tenantId), liveRecordingCount(services.db, tenantId)])
  const plan = settings?.plan ?? 'annual'
  const start = settings?.planStartedAt ?? null
  const tier = tierFor(recordings)
  const fee = tier.monthlyFeeCents
  const setup = setupFeeCents(tier)
  const first = proratedFirstMonth(fee ?? 0, start ?? now)
  const distributionNote = (month: Date) =>
    `${DISTRIBUTION_FEE_PERCENT}% of ${monthName(month)} distribution revenue, added when the month closes`
  const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents))
  const nextInvoice = start
    ? {
        date: firstOfNextMonthUtc(now),
        lines: [
          { label: `Monthly fee (${tier.name})`, amount: money(fee), note: fee === null ? 'By agreement' : null },
          { label: 'Distribution fee', amount: null, note: distributionNote(now) },
        ],
        total: money(fee),
      }
    : {
        // Not signed yet: the first invoice comes with the signature.
        date: now,
        lines: [
          { label: 'Setup fee', amount: money(setup), note: setup === null ? 'By agreement' : null },
          {
            label: 'First month, prorated',
            amount: fee === null ? null : money(first.cents),
            note: `${first.days} of ${first.daysInMonth} days, if signed today`,
          },
        ],
        total: fee === null || setup === null ? null : money(setup + first.cents),
      }
  const terms = PLAN_TERMS[plan]
  const { renewsAt, noticeBy } = renewal(plan, start ?? now, now)
  return {
    plan,
    planStartedAt: start,
    recordings,
    tier: { id: tier.id, name: tier.name, range: recordingRange(tier), monthlyFee: money(fee) },
    tiers: BILLING_TIERS.map((entry) => ({
      id: entry.id,
      name: entry.name,
      range: recordingRange(entry),
      monthlyFee: money(entry.monthlyFeeCents),
      current: entry.id === tier.id,
    })),
    monthlyFee: money(fee),
    distributionFeePercent: DISTRIBUTION_FEE_PERCENT,
    setupFee: money(setup),
    firstMonth: { start: start ?? now, days: first.days, daysInMonth: first.daysInMonth, amount: fee === null ? null : money(first.cents) },
    nextInvoice,
    terms: { ...terms, renewsAt, noticeBy },
  }
}
