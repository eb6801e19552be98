/** At most two letters: the first letters of the first two words of the name (a lone "-" or "&" is no word). */
export function initials(name: string | null | undefined): string {
  if (!name) return ''
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => Array.from(word).find((char) => /[\p{L}\p{N}]/u.test(char)))
    .filter((first): first is string => Boolean(first))
  return words
    .slice(0, 2)
    .map((first) => first.toUpperCase())
    .join('')
}

export interface DisplayNameSource {
  displayName?: string | null
  artistName?: string | null
  labelName?: string | null
  firstName?: string | null
  lastName?: string | null
  email: string
}

/** Details display_name, then artist or label name, then first and last name, then email. */
export function displayName(source: DisplayNameSource): string {
  const pick = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null)
  return (
    pick(source.displayName) ??
    pick(source.artistName) ??
    pick(source.labelName) ??
    pick([source.firstName, source.lastName].filter(Boolean).join(' ')) ??
    source.email
  )
}
