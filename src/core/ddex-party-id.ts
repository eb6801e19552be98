// The DDEX Party ID (DPID) of a workspace's messages (docs/formats/ddex-ern.md "Sender"): pure, so
// the palette's command and the server's schema check it the same way.

const DPID_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A DPID as messages carry it: the hyphens and spaces of its printed form (PA-DPIDA-3897722461-G) dropped, upper case. */
export const ddexPartyId = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase()

/** PA-DPIDA-3897722461-G, the DPID's printed form. */
export const printedPartyId = (value: string) => `${value.slice(0, 2)}-${value.slice(2, 7)}-${value.slice(7, 17)}-${value.slice(17)}`

/** Why `value` is not a DDEX Party ID (18 characters: PA, DPIDA, a 10-character party number, an ISO 7064 Mod 37,36 check character), or null. */
export function ddexPartyIdProblem(value: string): string | null {
  const id = ddexPartyId(value)
  if (!/^PADPIDA[0-9A-Z]{11}$/.test(id)) return 'A DDEX Party ID looks like PA-DPIDA-3897722461-G (18 characters)'
  let product = 36
  for (const character of id.slice(0, 17)) {
    let sum = (product + DPID_CHARACTERS.indexOf(character)) % 36
    if (sum === 0) sum = 36
    product = (sum * 2) % 37
  }
  const expected = DPID_CHARACTERS[(37 - product) % 36]
  return id[17] === expected ? null : `The check character of this DDEX Party ID should be ${expected}: please copy it again from DDEX's registry`
}
