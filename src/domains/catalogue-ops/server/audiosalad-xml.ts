import { create } from 'xmlbuilder2'
import type { DdexRelease } from './ddex'

// AudioSalad's release metadata XML, schema audiosalad_release_v3.4 (docs/formats/audiosalad-metadata.md):
// one <release> document per release, its elements in the schema's sequence. AudioSalad does not
// publish the XSD's documentation openly; the element names, order, cardinalities and facets follow
// the open-source audiosalad-xml library's v3.4 descriptors (github.com/slingshot/audiosalad-xml).

export const AUDIOSALAD_SCHEMA = 'audiosalad_release_v3.4'
const SCHEMA_LOCATION = 'https://audiosalad-xsd.s3.amazonaws.com/audiosalad_release_v3.4.xsd'

/** The release's fields as the DDEX message has them (ddex.ts), with AudioSalad's own: add or update, and each track's position. */
export interface AudioSaladRelease extends Omit<DdexRelease, 'cover' | 'tracks'> {
  /** Already sent to the stores (exported, live, edited…): AudioSalad updates it rather than adding it. */
  sentBefore: boolean
  tracks: (Omit<DdexRelease['tracks'][number], 'artists' | 'audio'> & {
    position: number
    participants: { name: string; roles: string }[]
  })[]
}

const FORMATS: Record<string, string> = { single: 'Single', ep: 'EP', album: 'Album' }
const primaryOf = (participants: { name: string; roles: string }[]) =>
  participants.filter((entry) => entry.name && /primary/i.test(entry.roles)).map((entry) => entry.name)

/** One release as an AudioSalad v3.4 document. */
export function buildAudioSaladRelease(release: AudioSaladRelease, meta: { distributor: string; exportId: number; now: Date }): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(AUDIOSALAD_SCHEMA, 'release', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': `${AUDIOSALAD_SCHEMA} ${SCHEMA_LOCATION}`,
  })
  const text = (parent: typeof root, name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && String(value) !== '') parent.ele(name).txt(String(value))
  }
  const displayArtist = release.artists.join(', ')
  text(root, 'schema_id', AUDIOSALAD_SCHEMA)
  text(root, 'distributor_name', meta.distributor)
  text(root, 'export_id', `export-${meta.exportId}`)
  text(root, 'export_time', meta.now.toISOString().replace(/\.\d{3}Z$/, 'Z'))
  text(root, 'action', release.sentBefore ? 'full-update' : 'add')
  text(root, 'upc_ean', release.upc)
  text(root, 'vendor_release_id', `R${release.id}`)
  text(root, 'catalog_id', release.catalogNumber)
  text(root, 'title', release.title)
  text(root, 'advisory', release.tracks.some((track) => track.explicit) ? 'Explicit' : 'None')
  text(root, 'display_artist', displayArtist)
  for (const name of release.artists) {
    const participant = root.ele('participant')
    text(participant, 'role', 'Primary Artist')
    text(participant, 'name', name)
    text(participant, 'primary', 'true')
  }
  text(root, 'original_release_date', release.originalReleaseDate)
  text(root, 'release_date', release.releaseDate)
  text(root, 'release_format', FORMATS[release.type.toLowerCase()] ?? 'Digital')
  if (release.primaryGenre) {
    const genre = root.ele('genre')
    text(genre, 'primary', release.primaryGenre)
    text(genre, 'sub', release.secondaryGenre)
  }
  text(root, 'c_info', release.cLine)
  text(root, 'c_year', release.cYear)
  text(root, 'p_info', release.pLine)
  text(root, 'p_year', release.pYear)
  if (release.label) text(root.ele('label'), 'name', release.label)
  const territory = root.ele('territory')
  const codes = release.territories.length === 0 || release.territories.includes('WW') ? ['WW'] : release.territories
  for (const code of codes) text(territory, 'country_code', code)
  for (const track of release.tracks) {
    const node = root.ele('track')
    text(node, 'vendor_track_id', `T${track.id}`)
    text(node, 'isrc', track.isrc)
    text(node, 'track_number', track.position)
    text(node, 'title', track.title)
    text(node, 'track_length', track.duration)
    text(node, 'advisory', track.explicit ? 'Explicit' : 'None')
    const primary = primaryOf(track.participants)
    text(node, 'display_artist', primary.length ? primary.join(', ') : displayArtist)
    for (const participant of track.participants.filter((entry) => entry.name)) {
      const element = node.ele('participant')
      text(element, 'role', participant.roles || 'Primary Artist')
      text(element, 'name', participant.name)
      if (/primary/i.test(participant.roles)) text(element, 'primary', 'true')
    }
  }
  return root.end({ prettyPrint: true })
}
