import { z } from 'zod'
import { isCountryCode } from '@core/countries'
import { normalizeShortLinkHost } from '@core/short-links'
import { endpoint, type EndpointDef } from './define'
import { email, id, idParams, nullableTimestamp, ok, timestamp } from './common'

/** Largest accepted upload per image, in bytes (checked again on the decoded bytes). */
export const IMAGE_LIMITS = {
  logo: 2 * 1024 * 1024,
  favicon: 512 * 1024,
  slide: 4 * 1024 * 1024,
  signature: 1024 * 1024,
} as const

export const LOGO_SIZE = { min: 20, max: 120 } as const
export const DEFAULT_SMTP_PORT = 587
export const INVALID_LOGO_DIMENSIONS = 'Invalid logo dimensions'

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

/**
 * An image sent as a data URL. The declared type is not trusted: the server decodes the bytes and
 * accepts only what they show to be a JPG or PNG.
 */
export function imageDataUrl(maxBytes: number) {
  return z
    .string()
    .max(Math.ceil((maxBytes * 4) / 3) + 100, `The image is larger than ${megabytes(maxBytes)}.`)
    .regex(/^data:[\w.+/-]+;base64,[A-Za-z0-9+/]+={0,2}$/, 'The image must be a JPG or PNG file.')
}

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #F5C542')
  .transform((value) => value.toUpperCase())

export const themeColors = z.object({
  primary: hexColor,
  accent: hexColor,
  navbarBackground: hexColor,
  navbarText: hexColor,
  buttonText: hexColor,
})

const dimension = z.number({ error: INVALID_LOGO_DIMENSIONS }).int(INVALID_LOGO_DIMENSIONS).min(1, INVALID_LOGO_DIMENSIONS).max(4000)
/** A logo's size on screen; both parts or none. */
export const logoDimensions = z.object({ width: dimension, height: dimension }, { error: INVALID_LOGO_DIMENSIONS })

const storedImage = z.object({ id: z.number(), url: z.string() })

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => value || null)
    .nullable()
    .optional()
const requiredText = (label: string, max: number) => z.string().trim().min(1, `${label} is required`).max(max, `${label} is too long`)

/** A host name or https URL for smartlinks, normalized; empty clears it (back to the workspace's own address). */
export const shortLinkHostInput = z
  .string()
  .max(300, 'The address is too long')
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null
    const result = normalizeShortLinkHost(value)
    if (result.ok) return result.value
    ctx.addIssue({ code: 'custom', message: result.message })
    return z.NEVER
  })

export const siteSettings = z.object({
  companyName: z.string().nullable(),
  logo: storedImage.nullable(),
  darkLogo: storedImage.nullable(),
  logoSize: z.number().int(),
  logoDimensions: z.object({ width: z.number(), height: z.number() }).nullable(),
  darkLogoDimensions: z.object({ width: z.number(), height: z.number() }).nullable(),
  /** The URL carries the favicon's version so browsers fetch a new one at once. */
  favicon: storedImage.extend({ version: z.number().int() }).nullable(),
  colors: z.object({
    primary: z.string(),
    accent: z.string(),
    navbarBackground: z.string(),
    navbarText: z.string(),
    buttonText: z.string(),
  }),
  showSidebarSlider: z.boolean(),
  supportEmail: z.string().nullable(),
  /** Where smartlinks live: a host name or https URL; null uses the workspace's own address + /l/. */
  shortLinkHost: z.string().nullable(),
  address: z.object({
    country: z.string().nullable(),
    postcode: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    line1: z.string().nullable(),
    line2: z.string().nullable(),
  }),
  updatedAt: nullableTimestamp,
})
export type SiteSettings = z.infer<typeof siteSettings>

export const SMTP_ENCRYPTIONS = ['starttls', 'none', 'ssl'] as const
export const SMTP_ENCRYPTION_LABELS: Readonly<Record<(typeof SMTP_ENCRYPTIONS)[number], string>> = {
  starttls: 'STARTTLS',
  none: 'None',
  ssl: 'SSL/TLS',
}

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Email must be valid')

/** SMTP settings as the form sends them. An empty password keeps the saved one. */
export const smtpInput = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'Host is required')
    .max(253, 'Host is too long')
    .regex(/^[a-zA-Z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, 'Host must be a host name or an IP address'),
  port: z.coerce
    .number<number>({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535')
    .default(DEFAULT_SMTP_PORT),
  encryption: z.enum(SMTP_ENCRYPTIONS).default('starttls'),
  username: requiredText('Username', 254),
  password: z.string().max(500, 'Password is too long').optional(),
  from: z.object({ name: z.string().trim().max(100, 'Name is too long').default(''), address: email }),
  replyTo: z.object({ name: z.string().trim().max(100, 'Name is too long').default(''), address: optionalEmail }).optional(),
})
export type SmtpInput = z.input<typeof smtpInput>

export const dnsRecord = z.object({
  id: z.number(),
  record_type: z.string(),
  name: z.string(),
  value: z.string(),
  /** Receiving (MX) records only. */
  priority: z.number().nullable(),
  is_active: z.boolean(),
  valid: z.boolean(),
  last_checked_at: nullableTimestamp,
})
export type DnsRecord = z.infer<typeof dnsRecord>

export const dnsRecordSet = z.object({
  domain: z.string().nullable(),
  sending: z.array(dnsRecord),
  receiving: z.array(dnsRecord),
})
export type DnsRecordSet = z.infer<typeof dnsRecordSet>

export const mailSettings = z.object({
  type: z.enum(['default', 'smtp']),
  smtp: z
    .object({
      host: z.string(),
      port: z.number(),
      encryption: z.enum(SMTP_ENCRYPTIONS),
      username: z.string(),
      /** The password itself never leaves the server. */
      passwordSet: z.boolean(),
      from: z.object({ name: z.string(), address: z.string() }),
      replyTo: z.object({ name: z.string(), address: z.string() }),
    })
    .nullable(),
  /** Where the default SMTP's records are for, or would be (the workspace's own domain). */
  suggestedDomain: z.string().nullable(),
  dnsRecords: dnsRecordSet,
  complete: z.boolean(),
})
export type MailSettings = z.infer<typeof mailSettings>

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, 'Domain is too long')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, 'Enter a domain like mail.example.com')

export const initialSettings = z.object({
  agreements: z.array(
    z.object({
      id: z.number(),
      type: z.literal('initial'),
      signed_at: timestamp,
      signed_by: z.string().nullable(),
      text_version: z.string(),
    }),
  ),
  mail_config: z.object({
    type: z.enum(['default', 'smtp']),
    config: z.object({ host: z.string(), port: z.number(), encryption: z.string(), username: z.string() }).nullable(),
  }),
  support_email: z.string().nullable(),
  default_dns_records: z.object({ sending: z.array(dnsRecord), receiving: z.array(dnsRecord) }),
})
export type InitialSettings = z.infer<typeof initialSettings>

export const menuItem = z.object({ key: z.string(), label: z.string(), visible: z.boolean(), position: z.number().int() })
export type MenuItem = z.infer<typeof menuItem>

export const loginSlide = z.object({
  id: z.number(),
  artistName: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  visible: z.boolean(),
  position: z.number().int(),
  image: storedImage.nullable(),
})
export type LoginSlide = z.infer<typeof loginSlide>

const slideLink = z
  .string()
  .trim()
  .max(2000, 'Link is too long')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'Link must start with http:// or https://')
  .transform((value) => value || null)
  .optional()

const slideFields = {
  artistName: requiredText('Artist name', 120),
  text: z.string().trim().max(500, 'Text is too long').default(''),
  link: slideLink,
  visible: z.boolean().optional(),
}

const money = z.string()
export const wallet = z.object({
  plan: z.enum(['annual', 'monthly']),
  planStartedAt: nullableTimestamp,
  /** Tracks of live releases in the workspace. */
  recordings: z.number().int(),
  tier: z.object({ id: z.number(), name: z.string(), range: z.string(), monthlyFee: money.nullable() }),
  tiers: z.array(z.object({ id: z.number(), name: z.string(), range: z.string(), monthlyFee: money.nullable(), current: z.boolean() })),
  monthlyFee: money.nullable(),
  distributionFeePercent: z.number(),
  setupFee: money.nullable(),
  firstMonth: z.object({ start: timestamp, days: z.number().int(), daysInMonth: z.number().int(), amount: money.nullable() }),
  nextInvoice: z.object({
    date: timestamp,
    lines: z.array(z.object({ label: z.string(), amount: money.nullable(), note: z.string().nullable() })),
    /** What is known now; the distribution fee is added when the month's revenue is. */
    total: money.nullable(),
  }),
  terms: z.object({
    label: z.string(),
    months: z.number().int(),
    autoRenew: z.boolean(),
    noticeDays: z.number().int(),
    renewsAt: timestamp,
    noticeBy: timestamp,
  }),
})
export type Wallet = z.infer<typeof wallet>

/** Operator setup: site settings, branding, menus, login slider, mail and DNS, agreement, wallet. */
export const siteEndpoints = {
  'site.settings': endpoint({
    method: 'GET',
    path: 'site/settings',
    access: 'auth',
    summary: "The workspace's branding, colours and company details",
    response: siteSettings,
  }),
  'site.saveSettings': endpoint({
    method: 'POST',
    path: 'site/settings',
    access: 'auth',
    summary: 'Save the company name, whether the sidebar slider shows, and the short-link host of smartlinks (admins)',
    body: z
      .object({
        companyName: z.string().trim().max(120, 'Company name is too long').optional(),
        showSidebarSlider: z.boolean().optional(),
        shortLinkHost: shortLinkHostInput.optional(),
      })
      .refine(
        (value) => value.companyName !== undefined || value.showSidebarSlider !== undefined || value.shortLinkHost !== undefined,
        'Nothing to save',
      ),
    response: siteSettings,
  }),
  'site.saveTheme': endpoint({
    method: 'POST',
    path: 'site/settings/theme',
    access: 'auth',
    summary: "Save the logo size and, when both are known, each logo's dimensions (admins)",
    body: z.object({
      logoSize: z.number().int().min(LOGO_SIZE.min).max(LOGO_SIZE.max),
      logoDimensions: logoDimensions.optional(),
      darkLogoDimensions: logoDimensions.optional(),
    }),
    response: siteSettings,
  }),
  'site.saveLogo': endpoint({
    method: 'POST',
    path: 'site/settings/logo',
    access: 'auth',
    summary: 'Upload or remove the light logo, the dark-mode logo and the favicon (JPG or PNG, checked by content; admins)',
    bodyLimit: 2 * Math.ceil(((IMAGE_LIMITS.logo * 2 + IMAGE_LIMITS.favicon) * 4) / 3),
    body: z
      .object({
        logo: imageDataUrl(IMAGE_LIMITS.logo).nullable().optional(),
        darkLogo: imageDataUrl(IMAGE_LIMITS.logo).nullable().optional(),
        favicon: imageDataUrl(IMAGE_LIMITS.favicon).nullable().optional(),
      })
      .refine((value) => value.logo !== undefined || value.darkLogo !== undefined || value.favicon !== undefined, 'Choose an image first'),
    response: siteSettings,
  }),
  'site.saveColors': endpoint({
    method: 'POST',
    path: 'site/settings/colors',
    access: 'auth',
    summary: "Save the workspace's theme colours (admins)",
    body: themeColors,
    response: siteSettings,
  }),
  'site.saveAddress': endpoint({
    method: 'POST',
    path: 'site/settings/address',
    access: 'auth',
    summary: "Save the company's address (admins)",
    body: z.object({
      country: z
        .string()
        .trim()
        .toUpperCase()
        .min(1, 'Country is required')
        .refine((code) => code === '' || isCountryCode(code), 'Choose a country from the list'),
      postcode: requiredText('Postcode', 20),
      state: requiredText('State', 100),
      city: optionalText(100),
      line1: optionalText(200),
      line2: optionalText(200),
    }),
    response: siteSettings,
  }),
  'site.saveSupportEmail': endpoint({
    method: 'PATCH',
    path: 'site/settings/support-email',
    access: 'auth',
    summary: 'Set the support email shown to the workspace’s users (admins)',
    body: z.object({ supportEmail: email }),
    response: z.object({ supportEmail: z.string() }),
  }),
  'site.mail': endpoint({
    method: 'GET',
    path: 'site/settings/mail',
    access: 'auth',
    summary: 'How the workspace sends mail: the default SMTP with its DNS records, or its own server (admins)',
    response: mailSettings,
  }),
  'site.saveMail': endpoint({
    method: 'POST',
    path: 'site/settings/mail',
    access: 'auth',
    summary: 'Choose the default SMTP (needs its sending DNS records) or save and use your own server (admins)',
    body: z.discriminatedUnion('type', [z.object({ type: z.literal('default') }), z.object({ type: z.literal('smtp'), smtp: smtpInput })]),
    response: mailSettings,
  }),
  'site.saveSmtp': endpoint({
    method: 'POST',
    path: 'site/settings/smtp',
    access: 'auth',
    summary: 'Save your own SMTP server and send mail through it; the password is encrypted at rest (admins)',
    body: smtpInput,
    response: mailSettings,
  }),
  'site.testSmtp': endpoint({
    method: 'POST',
    path: 'site/settings/smtp/test',
    access: 'auth',
    summary: 'Send a test message through an SMTP server (the form’s values, or the saved ones) and report its answer (admins)',
    body: z.object({ to: email.optional(), smtp: smtpInput.optional() }),
    response: z.object({ ok: z.literal(true), message: z.string(), to: z.string(), response: z.string() }),
  }),
  'site.dnsRecords': endpoint({
    method: 'GET',
    path: 'site/settings/smtp/default-dns-records',
    access: 'auth',
    summary: 'The sending and receiving DNS records the default SMTP needs, with what verification found (admins)',
    response: dnsRecordSet,
  }),
  'site.generateDns': endpoint({
    method: 'POST',
    path: 'site/settings/smtp/default-dns-records',
    access: 'auth',
    summary: 'Create the DNS records (SPF, DKIM with a new key, return path, MX) for the sending domain (admins)',
    // Without a domain the workspace's own is used; an empty one is refused, never taken as "none".
    body: z.object({ domain: z.string().trim().min(1, 'Enter the domain your workspace sends mail from.').pipe(domainName).optional() }),
    response: dnsRecordSet,
  }),
  'site.verifyDns': endpoint({
    method: 'POST',
    path: 'site/settings/smtp/verify-dns-records',
    access: 'auth',
    summary: 'Look the DNS records up and keep whether each is present and right (admins)',
    response: dnsRecordSet,
  }),
  'site.initial': endpoint({
    method: 'GET',
    path: 'site/settings/initial',
    access: 'auth',
    summary: 'What the setup wizard needs: agreements, mail configuration, support email and the default DNS records (admins)',
    response: initialSettings,
  }),
  'site.menus': endpoint({
    method: 'GET',
    path: 'site/menus',
    access: 'auth',
    summary: "The client portal's menu items in order, with their labels and visibility",
    response: z.object({ data: z.array(menuItem) }),
  }),
  'site.saveMenus': endpoint({
    method: 'PATCH',
    path: 'site/menus',
    access: 'auth',
    summary: "Rename, show or hide and reorder the client portal's menu items (every item, in the new order; admins)",
    body: z.object({
      items: z
        .array(z.object({ key: z.string().min(1).max(40), label: requiredText('Label', 40), visible: z.boolean() }))
        .min(1)
        .max(50),
    }),
    response: z.object({ data: z.array(menuItem) }),
  }),
  'site.loginSlides': endpoint({
    method: 'GET',
    path: 'site/login-settings',
    access: 'admin',
    summary: 'The featured-artist slides of the sign-in page, in order',
    response: z.object({ data: z.array(loginSlide) }),
  }),
  'site.createLoginSlide': endpoint({
    method: 'POST',
    path: 'site/login-settings',
    access: 'admin',
    summary: 'Add a slide (image, artist name, text, link) at the end of the slider',
    status: 201,
    bodyLimit: 2 * Math.ceil((IMAGE_LIMITS.slide * 4) / 3),
    body: z.object({ ...slideFields, image: imageDataUrl(IMAGE_LIMITS.slide) }),
    response: loginSlide,
  }),
  'site.updateLoginSlide': endpoint({
    method: 'PUT',
    path: 'site/login-settings/{id}',
    access: 'admin',
    summary: 'Edit a slide; a new image replaces the old one',
    params: idParams,
    bodyLimit: 2 * Math.ceil((IMAGE_LIMITS.slide * 4) / 3),
    body: z.object({ ...slideFields, image: imageDataUrl(IMAGE_LIMITS.slide).optional() }),
    response: loginSlide,
  }),
  'site.deleteLoginSlide': endpoint({
    method: 'DELETE',
    path: 'site/login-settings/delete',
    access: 'admin',
    summary: 'Delete a slide and its image',
    query: z.object({ id }),
    response: ok,
  }),
  'site.orderLoginSlides': endpoint({
    method: 'POST',
    path: 'site/login-settings/change-order',
    access: 'admin',
    summary: 'Put the slides in a new order (every slide id, first to last)',
    body: z.object({ ids: z.array(id).min(1).max(200) }),
    response: z.object({ data: z.array(loginSlide) }),
  }),
  'site.loginSlideVisibility': endpoint({
    method: 'POST',
    path: 'site/login-settings/visibility',
    access: 'admin',
    summary: 'Show or hide a slide on the sign-in page',
    body: z.object({ id, visible: z.boolean() }),
    response: loginSlide,
  }),
  'site.signAgreement': endpoint({
    method: 'POST',
    path: 'site/initial/agreement',
    access: 'auth',
    summary:
      'Sign the White Label B2B agreement with a drawn signature (JPEG data URL); kept with signer, time, IP and text version (admins)',
    status: 201,
    bodyLimit: 2 * Math.ceil((IMAGE_LIMITS.signature * 4) / 3),
    body: z.object({ signature: imageDataUrl(IMAGE_LIMITS.signature) }),
    response: z.object({ id: z.number(), type: z.literal('initial'), signed_at: timestamp, text_version: z.string() }),
  }),
  'site.dnsStatus': endpoint({
    method: 'GET',
    path: 'site/dns-status',
    access: 'auth',
    summary: 'Whether the default SMTP’s DNS records are all verified, as of the last check (admins)',
    response: z.object({
      type: z.enum(['default', 'smtp']),
      domain: z.string().nullable(),
      sending: z.object({ total: z.number().int(), verified: z.number().int() }),
      receiving: z.object({ total: z.number().int(), verified: z.number().int() }),
      verified: z.boolean(),
      lastCheckedAt: nullableTimestamp,
    }),
  }),
  'site.wallet': endpoint({
    method: 'GET',
    path: 'site/wallet',
    access: 'auth',
    summary: "The operator's account with the platform: plan, tier from live recordings, fees and the next invoice (admins)",
    response: wallet,
  }),
  'site.publicFile': endpoint({
    method: 'GET',
    path: 'site/public/files/{id}',
    access: 'guest',
    summary: "A public file of the host's workspace (logos, favicon, sign-in slides), for pages shown before sign-in",
    params: idParams,
    response: z.unknown(),
    responseType: 'file',
  }),
} as const satisfies Record<string, EndpointDef>
