// The genres releases are delivered with: the stores' main genres (Apple Music's and Spotify's
// top-level lists agree on these), and the spellings people type for them. Catalogue ingestion
// maps a file's genre to one of these or refuses the row.

export const STORE_GENRES = [
  'Alternative',
  'Ambient',
  'Afrobeats',
  'Blues',
  "Children's Music",
  'Classical',
  'Country',
  'Dance',
  'Electronic',
  'Folk',
  'Hip-Hop/Rap',
  'Jazz',
  'Latin',
  'Metal',
  'Pop',
  'R&B/Soul',
  'Reggae',
  'Rock',
  'Singer/Songwriter',
  'Soundtrack',
  'World',
] as const
export type StoreGenre = (typeof STORE_GENRES)[number]

const ALIASES: Record<string, StoreGenre> = {
  hiphop: 'Hip-Hop/Rap',
  rap: 'Hip-Hop/Rap',
  rnb: 'R&B/Soul',
  randb: 'R&B/Soul',
  soul: 'R&B/Soul',
  edm: 'Electronic',
  house: 'Dance',
  techno: 'Electronic',
  kids: "Children's Music",
  childrens: "Children's Music",
  ost: 'Soundtrack',
  score: 'Soundtrack',
  afrobeat: 'Afrobeats',
  indie: 'Alternative',
  heavymetal: 'Metal',
  singersongwriter: 'Singer/Songwriter',
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
const BY_NAME = new Map<string, StoreGenre>(STORE_GENRES.map((genre) => [squash(genre), genre]))

/** The store genre a typed genre means ("hip hop" → Hip-Hop/Rap), or null when none. */
export function mapGenre(text: string): StoreGenre | null {
  const key = squash(text)
  if (!key) return null
  return BY_NAME.get(key) ?? ALIASES[key] ?? null
}
