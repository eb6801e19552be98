/** The client portal's menu before an admin changes it, in its default order. */
export const DEFAULT_MENU: readonly { key: string; label: string }[] = [
  { key: 'dashboard', label: 'Dashboard' },
  { key: 'releases', label: 'Releases' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'earnings', label: 'Earnings' },
  { key: 'royalty-splits', label: 'Royalty Splits' },
  { key: 'payouts', label: 'Payouts' },
  { key: 'reports', label: 'Reports' },
  { key: 'news', label: 'News' },
  { key: 'help-center', label: 'Help Center' },
  { key: 'support', label: 'Support' },
]

export const PUBLIC_FILE_PREFIX = '/api/site/public/files/'

/** Where a public file of the workspace is served to anyone, signed in or not. */
export function publicFileUrl(fileId: number, version?: number): string {
  return `${PUBLIC_FILE_PREFIX}${fileId}${version ? `?v=${version}` : ''}`
}
