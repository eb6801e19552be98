import { z } from 'zod'
import { endpoint } from './define'
import { accountType, email, id, idParams, nullableTimestamp, ok, page, pageOf, perPage, timestamp } from './common'
import { activeSession, loginHistoryEntry } from './auth'
import { notificationItem } from './notifications'
import { userCard } from './users'
import { MESSAGE_BODY_LIMIT, messageAttachment } from './help-center'

// ---------------------------------------------------------------------------------------------
// Shapes

const text = (label: string, max = 200) => z.string().trim().max(max, `${label} is too long`)
const optionalText = (label: string, max = 200) =>
  text(label, max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : null))
const url = (label: string) =>
  z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), `${label} must be a link starting with http:// or https://`)
const money = z
  .string()
  .trim()
  .regex(/^-?\d{1,15}(\.\d{1,2})?$/, 'Enter an amount like 120.50')
const personRef = z.object({ id: z.number(), name: z.string() }).nullable()

export const ACCOUNT_FLAGS = [
  'verified',
  'priorityMember',
  'verifiedInvestor',
  'verifiedCharity',
  'bulkImportOption',
  'releaseNotification',
  'partnerNotification',
  'dmcaMode',
  'blockWithdraw',
  'enableFanBlast',
  'publishingApplication',
  'publishingManual',
  'isAudioScanEnable',
  'restrictRelease',
  'restrictNewRelease',
  'banned',
] as const
export type AccountFlag = (typeof ACCOUNT_FLAGS)[number]

/** A row of the users list (spec: User (list row)). */
export const userRow = z.object({
  id: z.number(),
  created: timestamp,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  type: accountType,
  priorityMember: z.boolean(),
  displayName: z.string(),
  initials: z.string(),
  verified: z.boolean(),
  banned: z.boolean(),
  dmcaMode: z.boolean(),
  blockWithdraw: z.boolean(),
  restrictNewRelease: z.boolean(),
  emailVerified: z.boolean(),
  label: personRef,
})
export type UserRow = z.infer<typeof userRow>

export const balanceLines = z.object({
  adjustment: z.string(),
  earnings: z.string(),
  payouts: z.string(),
  publishing: z.string(),
  sales: z.string(),
  /** Earnings of flagged tracks held out of `available` until released (analytics' Hold earnings). */
  held: z.string().optional(),
  available: z.string(),
  /** The recoupable debt still standing (cents, "0.00" when none): withdrawals are refused while it stands. */
  debt: z.string(),
  /** What recorded the newest standing debt, when, and the reason given. */
  debtNote: z.string().nullable(),
})

export const accountNote = z.object({ id: z.number(), title: z.string(), content: z.string(), created: timestamp, author: personRef })
export const accountDocument = z.object({
  id: z.number(),
  title: z.string(),
  fileId: z.number(),
  fileUrl: z.string(),
  fileName: z.string(),
  size: z.number(),
  private: z.boolean(),
  created: timestamp,
})
export const publishingEntry = z.object({
  id: z.number(),
  amount: z.string(),
  period: z.string(),
  note: z.string(),
  created: timestamp,
  createdBy: personRef,
})

/** Everything the account tab shows at the top (spec: User (single)). */
export const userSingle = userRow.extend({
  isOperator: z.boolean(),
  flags: z.object(Object.fromEntries(ACCOUNT_FLAGS.map((flag) => [flag, z.boolean()])) as Record<AccountFlag, z.ZodBoolean>),
  bannedReason: z.string().nullable(),
  tenantSplit: z.string().nullable(),
  hasInit: z.boolean(),
  twoFactorEnabled: z.boolean(),
  username: z.string().nullable(),
  notes: z.array(accountNote),
  documents: z.array(accountDocument),
  publishing: z.array(publishingEntry),
  balance: balanceLines,
  lastEarnings: z.object({ date: z.string().nullable(), amount: z.string() }),
  artistName: z.string().nullable(),
  labelName: z.string().nullable(),
})
export type UserSingle = z.infer<typeof userSingle>
/** What the server hands to the response schema (dates may be Date objects). */
export type UserSingleResult = z.input<typeof userSingle>

const roleRow = z.object({ name: text('Name'), roles: text('Roles', 500) })
export const artistRoleRow = roleRow.extend({ spotify: url('Spotify link').optional(), apple: url('Apple Music link').optional() })
export const writerRow = z.object({ firstName: text('First name'), lastName: text('Last name'), roles: text('Roles', 500) })

export const PLATFORM_LINKS = ['spotify', 'soundcloud', 'appleMusic', 'youtubeTopic', 'website'] as const
export const SOCIALS = ['facebook', 'instagram', 'twitter', 'youtube'] as const
export const EXTRA_IDS = ['wikipedia', 'ddex', 'musicbrainz', 'allmusic', 'isni'] as const
export const ARTIST_DELIVERY_FLAGS = ['beatport', 'youtube', 'soundcloud', 'soundexchange', 'junodownload', 'tracklib', 'facebook'] as const

const linkMap = <K extends readonly string[]>(keys: K, label: string) =>
  z.object(
    Object.fromEntries(keys.map((key) => [key, url(`${label} ${key}`).optional()])) as Record<
      K[number],
      z.ZodOptional<ReturnType<typeof url>>
    >,
  )

export const artistProfile = z.object({
  artistName: text('Artist name').min(1, 'Artist name is required'),
  about: optionalText('About', 5000),
  primaryGenre: optionalText('Primary genre'),
  secondaryGenre: optionalText('Secondary genre'),
  releaseTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Release time must be HH:MM')
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  timeZone: text('Time zone', 64).default('utc'),
  labelName: optionalText('Label'),
  cLine: optionalText('C line'),
  pLine: optionalText('P line'),
  platformLinks: linkMap(PLATFORM_LINKS, 'Link'),
  socials: linkMap(SOCIALS, 'Social link'),
  extraIds: z.object(
    Object.fromEntries(EXTRA_IDS.map((key) => [key, text(key, 100).optional()])) as Record<
      (typeof EXTRA_IDS)[number],
      z.ZodOptional<z.ZodString>
    >,
  ),
  stores: z.array(z.number().int().positive()).max(200).default([]),
  territories: z
    .array(z.string().regex(/^([A-Z]{2}|WW)$/, 'Territories are country codes'))
    .max(300)
    .default([]),
  defaultArtists: z.array(artistRoleRow).max(50).default([]),
  defaultWriters: z.array(writerRow).max(50).default([]),
  defaultCredits: z.array(roleRow).max(50).default([]),
  deliveryFlags: z.object(
    Object.fromEntries(ARTIST_DELIVERY_FLAGS.map((key) => [key, z.boolean().default(false)])) as Record<
      (typeof ARTIST_DELIVERY_FLAGS)[number],
      z.ZodDefault<z.ZodBoolean>
    >,
  ),
})
export type ArtistProfile = z.infer<typeof artistProfile>

export const labelProfile = z.object({
  labelName: text('Label name').min(1, 'Label name is required'),
  about: optionalText('About', 5000),
  genres: z.array(text('Genre', 64)).max(20).default([]),
  language: optionalText('Language', 64),
  platforms: z.record(z.string(), url('Platform link')).default({}),
  socials: linkMap(SOCIALS, 'Social link'),
})

const address = z.object({
  line1: text('Address line 1').optional(),
  line2: text('Address line 2').optional(),
  city: text('City').optional(),
  state: text('State').optional(),
  postcode: text('Postcode', 32).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country')
    .optional()
    .or(z.literal('')),
})

export const paymentConnections = z.object({
  paypalEmail: z.string().nullable(),
  paypalConfirmed: z.boolean(),
  venmoPhone: z.string().nullable(),
  venmoConfirmed: z.boolean(),
  tipaltiId: z.string().nullable(),
})

export const personalDetails = z.object({
  firstName: optionalText('First name'),
  lastName: optionalText('Last name'),
  displayName: optionalText('Display name'),
  citizenship: optionalText('Citizenship', 64),
  nationality: optionalText('Nationality', 64),
  address,
})

export const businessDetails = z.object({
  legalEntity: optionalText('Legal entity'),
  representativeFirstName: optionalText('Representative first name'),
  representativeLastName: optionalText('Representative last name'),
  companyPosition: optionalText('Company position'),
  legalAddress: address,
  mailingAddress: address,
})

export const userDetails = z.object({ payment: paymentConnections, personal: personalDetails, business: businessDetails })

export const inviteRow = z.object({
  id: z.number(),
  email: z.string(),
  type: accountType,
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(['pending', 'accepted', 'cancelled', 'expired']),
  invitedBy: personRef,
  created: timestamp,
  expiresAt: timestamp,
})

export const adminRow = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  initials: z.string(),
  created: timestamp,
  isOperator: z.boolean(),
  banned: z.boolean(),
  lastSignIn: nullableTimestamp,
})

export const auditEntry = z.object({
  id: z.number(),
  action: z.string(),
  actor: personRef,
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created: timestamp,
})

export const socialArtist = z.object({
  platform: z.enum(['spotify', 'apple']),
  id: z.string(),
  name: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  followers: z.number().nullable(),
  genres: z.array(z.string()),
})

/** A release of the account as its tab lists it; the catalogue fills these. */
export const accountRelease = z.object({
  id: z.number(),
  title: z.string(),
  status: z.number(),
  artwork: z.string().nullable(),
  releaseDate: z.string().nullable(),
  upc: z.string().nullable(),
})
export const accountSplit = z.object({ id: z.number(), title: z.string(), status: z.string(), share: z.string(), created: timestamp })

// ---------------------------------------------------------------------------------------------
// Queries and bodies

export const USER_SORTS = ['created', 'email', 'id'] as const
const booleanFilter = z.enum(['true', 'false']).optional()

export const usersListQuery = z.object({
  page,
  per_page: perPage,
  search: z.string().trim().max(200).optional(),
  sort: z.enum(USER_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  type: accountType.optional(),
  verified: booleanFilter,
  banned: booleanFilter,
  priority: booleanFilter,
  dmca: booleanFilter,
  withdrawBlocked: booleanFilter,
  from: z.iso.date('Dates are YYYY-MM-DD').optional(),
  to: z.iso.date('Dates are YYYY-MM-DD').optional(),
})
export type UsersListQuery = z.infer<typeof usersListQuery>

const userId = z.object({ userId: id })
const pageParams = z.object({ page })
const listPage = z.object({ page, per_page: perPage })

export const importedUser = z.object({
  row: z.number(),
  email: z.string(),
  type: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  errors: z.array(z.string()),
})

// ---------------------------------------------------------------------------------------------
// Endpoints

/** A staff action on one account: POST, admin only, answering the account as the tab shows it. */
function action<B extends z.ZodType>(path: string, summary: string, body: B) {
  return endpoint({ method: 'POST', path, access: 'admin', summary, body, response: userSingle })
}

export const usersEndpoints = {
  'users.list': endpoint({
    method: 'GET',
    path: 'users',
    access: 'auth',
    summary: 'Accounts of the workspace (staff); a label sees its artists, other accounts themselves',
    query: usersListQuery,
    response: pageOf(userRow),
  }),
  'users.invite': endpoint({
    method: 'POST',
    path: 'users/invite',
    access: 'auth',
    summary: 'Invite an artist or a label by email (staff; a label may invite artists to itself)',
    status: 201,
    body: z.object({
      email,
      type: z.enum(['artist', 'label']),
      firstName: text('First name').default(''),
      lastName: text('Last name').default(''),
    }),
    response: inviteRow,
  }),
  'users.single': endpoint({
    method: 'GET',
    path: 'users/single/{id}',
    access: 'admin',
    summary: 'One account with its flags, notes, documents and balance',
    params: idParams,
    response: userSingle,
  }),
  'users.details': endpoint({
    method: 'GET',
    path: 'users/single/{id}/details',
    access: 'admin',
    summary: 'Payment connections, personal and business details',
    params: idParams,
    response: userDetails,
  }),
  'users.releases': endpoint({
    method: 'GET',
    path: 'users/single/{id}/releases',
    access: 'admin',
    summary: "The account's releases",
    params: idParams,
    query: listPage,
    response: pageOf(accountRelease),
  }),
  'users.splits': endpoint({
    method: 'GET',
    path: 'users/single/{id}/splits',
    access: 'admin',
    summary: 'Splits the account owns',
    params: idParams,
    query: listPage,
    response: pageOf(accountSplit),
  }),
  'users.collabs': endpoint({
    method: 'GET',
    path: 'users/single/{id}/collabs',
    access: 'admin',
    summary: 'Splits of others the account is a payee of',
    params: idParams,
    query: listPage,
    response: pageOf(accountSplit),
  }),
  'users.artist': endpoint({
    method: 'GET',
    path: 'users/single/{id}/artist',
    access: 'admin',
    summary: 'The artist and label profile of the account',
    params: idParams,
    response: z.object({ artist: artistProfile.nullable(), label: labelProfile.nullable() }),
  }),
  'users.audit': endpoint({
    method: 'GET',
    path: 'users/single/{id}/audit',
    access: 'admin',
    summary: 'What staff did to this account, newest first (path chosen here)',
    params: idParams,
    query: listPage,
    response: pageOf(auditEntry),
  }),
  'users.editType': action(
    'users/edit/type',
    'Change the account type (the operator cannot be changed by another admin)',
    z.object({ userId: id, type: accountType }),
  ),
  'users.editLabel': action(
    'users/edit/label',
    'Set the label an artist belongs to, or none',
    z.object({ userId: id, labelId: id.nullable() }),
  ),
  'users.editArtist': endpoint({
    method: 'POST',
    path: 'users/edit/artist',
    access: 'admin',
    summary: 'Save the artist (or label) profile; rows with an empty name or no role are dropped',
    body: z.object({ userId: id, artist: artistProfile.optional(), label: labelProfile.optional() }),
    response: z.object({ artist: artistProfile.nullable(), label: labelProfile.nullable() }),
  }),
  'users.editTenantSplit': action(
    'users/edit/tenant-split',
    "Set the operator's share of this account's earnings, in percent",
    z.object({
      userId: id,
      tenantSplit: z
        .string()
        .trim()
        .regex(/^\d{1,3}(\.\d{1,4})?$/, 'Enter a percentage like 15 or 12.5')
        .refine((value) => Number(value) <= 100, 'The split cannot exceed 100%')
        .nullable(),
    }),
  ),
  'users.editVerify': action(
    'users/edit/verify',
    'Verify the account, and flag priority member, verified investor or verified charity',
    z.object({
      userId: id,
      verified: z.boolean().optional(),
      priorityMember: z.boolean().optional(),
      verifiedInvestor: z.boolean().optional(),
      verifiedCharity: z.boolean().optional(),
    }),
  ),
  'users.editBusinessDetails': endpoint({
    method: 'POST',
    path: 'users/edit/business-details',
    access: 'admin',
    summary: 'Save the business details',
    body: businessDetails.extend({ userId: id }),
    response: userDetails,
  }),
  'users.editDetails': endpoint({
    method: 'POST',
    path: 'users/edit/details',
    access: 'admin',
    summary: 'Save personal details and the notification and feature flags',
    body: personalDetails.extend({
      userId: id,
      flags: z
        .object({
          releaseNotification: z.boolean(),
          partnerNotification: z.boolean(),
          enableFanBlast: z.boolean(),
          bulkImportOption: z.boolean(),
          isAudioScanEnable: z.boolean(),
          publishingApplication: z.boolean(),
          publishingManual: z.boolean(),
        })
        .partial()
        .optional(),
    }),
    response: userDetails,
  }),
  'users.editPayoutMethods': endpoint({
    method: 'POST',
    path: 'users/edit/payout-methods',
    access: 'admin',
    summary: 'Save payment connections (PayPal, Venmo, Tipalti)',
    body: z.object({
      userId: id,
      paypalEmail: email
        .nullable()
        .optional()
        .or(z.literal('').transform(() => null)),
      paypalConfirmed: z.boolean().default(false),
      venmoPhone: z
        .string()
        .trim()
        .regex(/^\+?[\d\s()-]{7,20}$/, 'Enter a phone number')
        .nullable()
        .optional()
        .or(z.literal('').transform(() => null)),
      venmoConfirmed: z.boolean().default(false),
      tipaltiId: optionalText('Tipalti id', 64),
    }),
    response: userDetails,
  }),
  'users.createNote': endpoint({
    method: 'POST',
    path: 'users/notes/create',
    access: 'admin',
    summary: 'Add a note to the account',
    status: 201,
    body: z.object({
      userId: id,
      title: text('Title').min(1, 'Title is required'),
      content: text('Content', 10_000).min(1, 'Content is required'),
    }),
    response: accountNote,
  }),
  'users.createDocument': endpoint({
    method: 'POST',
    path: 'users/doc/create',
    access: 'admin',
    summary: 'Upload a document (PDF, JPG or PNG) to the account',
    status: 201,
    bodyType: 'multipart',
    files: { file: { maxBytes: 20 * 1024 * 1024, required: true } },
    body: z.object({ userId: id, title: text('Title').min(1, 'Title is required'), private: z.stringbool().default(false) }),
    response: accountDocument,
  }),
  'users.removeDocument': endpoint({
    method: 'POST',
    path: 'users/doc/remove',
    access: 'admin',
    summary: 'Remove a document from the account (and its file)',
    body: z.object({ userId: id, documentId: id }),
    response: ok,
  }),
  'users.message': endpoint({
    method: 'POST',
    path: 'users/message',
    access: 'admin',
    summary: 'Send the account a message: an email and an in-app notification; an attachment joins their documents',
    bodyLimit: MESSAGE_BODY_LIMIT,
    body: z.object({
      userId: id,
      subject: text('Title').min(1, 'Title is required'),
      message: text('Message', 10_000).min(1, 'Message is required'),
      file: messageAttachment.optional(),
    }),
    response: ok,
  }),
  'users.importUsers': endpoint({
    method: 'POST',
    path: 'users/import-users',
    access: 'admin',
    summary: 'Import accounts from a CSV (email, type, first_name, last_name, name): preview every row, then commit all or nothing',
    bodyType: 'multipart',
    files: { file: { maxBytes: 5 * 1024 * 1024, required: true } },
    body: z.object({ mode: z.enum(['preview', 'commit']).default('preview'), sendInvites: z.stringbool().default(false) }),
    response: z.object({ rows: z.array(importedUser), valid: z.number(), invalid: z.number(), created: z.number() }),
  }),
  'users.blockWithdraw': action('users/block-withdraw', 'Block withdrawals for the account', userId),
  'users.unblockWithdraw': action('users/unblock-withdraw', 'Allow withdrawals again', userId),
  'users.dmcaSubmit': action('users/dmca/submit', 'Turn DMCA mode on', userId),
  'users.dmcaCancel': action('users/dmca/cancel', 'Turn DMCA mode off', userId),
  'users.restrictNewRelease': action(
    'users/restrict-new-release',
    'Restrict (or allow) new releases',
    z.object({ userId: id, restrict: z.boolean() }),
  ),
  'users.banRelease': action(
    'users/ban/release',
    'Ban (or allow) the account from releasing at all',
    z.object({ userId: id, banned: z.boolean() }),
  ),
  'users.banSubmit': action(
    'users/ban/submit',
    'Ban the account: every session ends at once',
    z.object({ userId: id, reason: text('Reason', 500).min(1, 'Give a reason for the ban') }),
  ),
  'users.banCancel': action('users/ban/cancel', 'Lift the ban', userId),
  'users.labelArtists': endpoint({
    method: 'GET',
    path: 'users/single/label/artists',
    access: 'admin',
    summary: 'Artists that belong to a label',
    query: z.object({ labelId: id, page, per_page: perPage }),
    response: pageOf(userRow),
  }),
  'users.card': endpoint({
    method: 'GET',
    path: 'users/card/{id}',
    access: 'admin',
    summary: 'The user card (initials, name)',
    params: idParams,
    response: userCard,
  }),
  'users.paymentConnection': endpoint({
    method: 'GET',
    path: 'users/payment-connection/{id}',
    access: 'admin',
    summary: 'The payment connections of the account',
    params: idParams,
    response: paymentConnections,
  }),
  'users.notifications': endpoint({
    method: 'GET',
    path: 'users/notifications/{id}',
    access: 'admin',
    summary: "The account's notifications",
    params: idParams,
    query: z.object({ page, per_page: z.coerce.number<number>().int().min(1).max(100).default(10) }),
    response: pageOf(notificationItem),
  }),
  'users.removeNotifications': endpoint({
    method: 'POST',
    path: 'users/notifications/remove',
    access: 'admin',
    summary: 'Delete notifications of the account',
    body: z.object({ userId: id, ids: z.array(id).min(1).max(500) }),
    response: z.object({ deleted: z.number() }),
  }),
  'users.loginHistory': endpoint({
    method: 'GET',
    path: 'users/loginHistory/{id}',
    access: 'admin',
    summary: "The account's sign-in attempts",
    params: idParams,
    response: z.object({ data: z.array(loginHistoryEntry) }),
  }),
  'users.activeSessions': endpoint({
    method: 'GET',
    path: 'users/active-sessions/{id}',
    access: 'admin',
    summary: "The account's open sessions",
    params: idParams,
    response: z.object({ data: z.array(activeSession) }),
  }),
  'users.logoutSession': endpoint({
    method: 'POST',
    path: 'users/active-session/logout',
    access: 'admin',
    summary: 'Sign out one session of the account',
    body: z.object({ userId: id, sessionId: id }),
    response: ok,
  }),
  'users.invites': endpoint({
    method: 'GET',
    path: 'users/invites/{page}',
    access: 'auth',
    summary: 'Invitations of artists and labels (staff see all, a label its own)',
    params: pageParams,
    query: z.object({
      per_page: perPage,
      status: z.enum(['pending', 'accepted', 'cancelled', 'expired']).optional(),
      search: z.string().trim().max(200).optional(),
    }),
    response: pageOf(inviteRow),
  }),
  'users.cancelInvite': endpoint({
    method: 'POST',
    path: 'users/invite/cancel/{id}',
    access: 'auth',
    summary: 'Cancel a pending invitation (its link stops working)',
    params: idParams,
    response: inviteRow,
  }),
  'users.deleteInvite': endpoint({
    method: 'DELETE',
    path: 'users/invite/{id}/delete',
    access: 'auth',
    summary: 'Delete an invitation that is no longer pending',
    params: idParams,
    response: ok,
  }),
  'users.publishingManual': endpoint({
    method: 'POST',
    path: 'users/publishing/manual',
    access: 'admin',
    summary: 'Add a manual publishing entry to the account',
    status: 201,
    body: z.object({ userId: id, amount: money, period: z.iso.date('Dates are YYYY-MM-DD'), note: text('Note', 500).default('') }),
    response: userSingle,
  }),
  'users.publishingRemove': endpoint({
    method: 'POST',
    path: 'users/publishing/remove',
    access: 'admin',
    summary: 'Remove a manual publishing entry (kept in history as removed)',
    body: z.object({ userId: id, entryId: id }),
    response: userSingle,
  }),
  'admins.list': endpoint({
    method: 'GET',
    path: 'admins',
    access: 'auth',
    summary: 'Admin accounts of the workspace (staff only)',
    query: z.object({ page, per_page: perPage, search: z.string().trim().max(200).optional() }),
    response: pageOf(adminRow),
  }),
  'admins.single': endpoint({
    method: 'GET',
    path: 'admins/single/{id}',
    access: 'auth',
    summary: 'One admin (staff only)',
    params: idParams,
    response: adminRow,
  }),
  'admins.invites': endpoint({
    method: 'GET',
    path: 'admins/invites',
    access: 'auth',
    summary: 'Invitations of admins (staff only)',
    query: z.object({ page, per_page: perPage, status: z.enum(['pending', 'accepted', 'cancelled', 'expired']).optional() }),
    response: pageOf(inviteRow),
  }),
  'admins.invite': endpoint({
    method: 'POST',
    path: 'admins/invite',
    access: 'auth',
    summary: 'Invite an admin by email (staff only)',
    status: 201,
    body: z.object({ email, firstName: text('First name').default(''), lastName: text('Last name').default('') }),
    response: inviteRow,
  }),
  'admins.cancelInvite': endpoint({
    method: 'POST',
    path: 'admins/invite/cancel/{id}',
    access: 'auth',
    summary: 'Cancel a pending admin invitation',
    params: idParams,
    response: inviteRow,
  }),
  'admins.update': endpoint({
    method: 'POST',
    path: 'admins/single/{id}/update',
    access: 'auth',
    summary: "Update an admin's first and last name (staff only)",
    params: idParams,
    body: z.object({
      first_name: text('First name').min(1, 'First name is required'),
      last_name: text('Last name').min(1, 'Last name is required'),
    }),
    response: adminRow,
  }),
  'admins.deleteInvite': endpoint({
    method: 'DELETE',
    path: 'admins/invite/{id}/delete',
    access: 'auth',
    summary: 'Delete an admin invitation that is no longer pending',
    params: idParams,
    response: ok,
  }),
  'social.artistSearch': endpoint({
    method: 'GET',
    path: 'admin/social-platform/artist/search',
    access: 'admin',
    summary: 'Search artists on a platform (Spotify, Apple Music) to link them to a profile',
    query: z.object({ term: z.string().trim().min(1, 'Type a name to search').max(200), platform: z.enum(['spotify', 'apple']) }),
    response: z.object({ data: z.array(socialArtist) }),
  }),
  'social.linkArtist': endpoint({
    method: 'GET',
    path: 'admin/social-platform/link/artist',
    access: 'admin',
    summary: "Resolve an artist's profile link on a platform to the artist",
    query: z.object({ link: z.string().trim().url('Paste the link to the artist page'), platform: z.enum(['spotify', 'apple']) }),
    response: socialArtist,
  }),
} as const
