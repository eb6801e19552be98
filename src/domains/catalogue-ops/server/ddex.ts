import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces'

// A DDEX ERN 4.3 NewReleaseMessage for one release (docs/formats/ddex-ern.md): MessageHeader,
// PartyList, ResourceList (a SoundRecording per track, the front cover Image), ReleaseList (the
// Release and a TrackRelease per track) and DealList (one deal per territory and use).

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/43'
const SCHEMA_LOCATION = `${ERN_NAMESPACE} http://service.ddex.net/xml/ern/43/release-notification.xsd`

export interface DdexFile {
  uri: string
  sha256: string | null
}

export interface DdexRelease {
  id: number
  title: string
  type: string
  upc: string | null
  catalogNumber: string | null
  label: string | null
  artists: string[]
  primaryGenre: string | null
  secondaryGenre: string | null
  releaseDate: string | null
  originalReleaseDate: string | null
  cLine: string | null
  cYear: number | null
  pLine: string | null
  pYear: number | null
  territories: string[]
  cover: DdexFile | null
  tracks: {
    id: number
    title: string
    isrc: string | null
    duration: number | null
    explicit: boolean
    artists: { name: string; roles: string }[]
    audio: DdexFile | null
  }[]
}

export interface DdexParties {
  sender: { partyId: string; name: string }
  recipient: { partyId: string; name: string }
}

/** ISO 8601 duration as DDEX writes it: PT3M20S. */
export function isoDuration(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null
  const minutes = Math.floor(seconds / 60)
  return `PT${minutes}M${seconds % 60}S`
}

/** The stores' release type (DDEX ReleaseType AVS): Single, EP, Album. */
function releaseType(type: string): string {
  return type === 'EP' ? 'EP' : type === 'Album' || type === 'Compilation' ? 'Album' : 'Single'
}

/** Territories as DDEX names them: the whole world is `Worldwide`, others ISO 3166-1 alpha-2. */
export function ddexTerritories(codes: readonly string[]): string[] {
  if (codes.length === 0 || codes.includes('WW')) return ['Worldwide']
  return [...codes]
}

/** What the stores may do with the release: stream it (subscription and ad-supported) and sell it as a download. */
const DEAL_TERMS = [
  { commercialModel: 'SubscriptionModel', use: 'Stream' },
  { commercialModel: 'AdvertisementSupportedModel', use: 'Stream' },
  { commercialModel: 'PayAsYouGoModel', use: 'PermanentDownload' },
] as const

function partyName(parent: XMLBuilder, name: string) {
  parent.ele('PartyName').ele('FullName').txt(name)
}

function fileRef(parent: XMLBuilder, file: DdexFile) {
  const node = parent.ele('File')
  node.ele('URI').txt(file.uri)
  if (file.sha256) {
    const hash = node.ele('HashSum')
    hash.ele('Algorithm').txt('SHA256')
    hash.ele('HashSumValue').txt(file.sha256)
  }
}

function line(parent: XMLBuilder, element: 'PLine' | 'CLine', year: number | null, text: string | null) {
  if (!text) return
  const node = parent.ele(element)
  if (year) node.ele('Year').txt(String(year))
  node.ele(`${element}Text`).txt(text)
}

/** The release's message; `messageId` is unique per export, `createdAt` its time. */
export function buildNewReleaseMessage(release: DdexRelease, parties: DdexParties, messageId: string, createdAt: Date): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' })
  const root = doc.ele(ERN_NAMESPACE, 'ern:NewReleaseMessage', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:schemaLocation': SCHEMA_LOCATION,
    ReleaseProfileVersionId: 'Audio',
    LanguageAndScriptCode: 'en',
    AvsVersionId: '2023',
  })

  const header = root.ele('MessageHeader')
  header.ele('MessageThreadId').txt(`release-${release.id}`)
  header.ele('MessageId').txt(messageId)
  const sender = header.ele('MessageSender')
  sender.ele('PartyId').txt(parties.sender.partyId)
  partyName(sender, parties.sender.name)
  const recipient = header.ele('MessageRecipient')
  recipient.ele('PartyId').txt(parties.recipient.partyId)
  partyName(recipient, parties.recipient.name)
  header.ele('MessageCreatedDateTime').txt(createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'))
  header.ele('MessageControlType').txt('LiveMessage')

  // Parties: every artist once (release artists first), then the label.
  const partyRefs = new Map<string, string>()
  const partyOf = (name: string) => {
    if (!partyRefs.has(name)) partyRefs.set(name, `P${partyRefs.size + 1}`)
    return partyRefs.get(name)!
  }
  for (const artist of release.artists) partyOf(artist)
  for (const track of release.tracks) for (const artist of track.artists) partyOf(artist.name)
  const labelRef = release.label ? partyOf(release.label) : null
  const partyList = root.ele('PartyList')
  for (const [name, reference] of partyRefs) {
    const party = partyList.ele('Party')
    party.ele('PartyReference').txt(reference)
    partyName(party, name)
  }

  const displayArtists = (parent: XMLBuilder, artists: { name: string; roles: string }[]) => {
    parent.ele('DisplayArtistName').txt(artists.map((artist) => artist.name).join(', '))
    artists.forEach((artist, index) => {
      const node = parent.ele('DisplayArtist', { SequenceNumber: String(index + 1) })
      node.ele('ArtistPartyReference').txt(partyOf(artist.name))
      node.ele('DisplayArtistRole').txt(/feat/i.test(artist.roles) ? 'FeaturedArtist' : 'MainArtist')
    })
  }
  const title = (parent: XMLBuilder, text: string) => {
    parent.ele('DisplayTitleText').txt(text)
    parent.ele('DisplayTitle').ele('TitleText').txt(text)
  }
  const releaseArtists = release.artists.map((name) => ({ name, roles: 'Primary Artist' }))

  const resources = root.ele('ResourceList')
  release.tracks.forEach((track, index) => {
    const recording = resources.ele('SoundRecording')
    recording.ele('ResourceReference').txt(`A${index + 1}`)
    recording.ele('Type').txt('MusicalWorkSoundRecording')
    const edition = recording.ele('SoundRecordingEdition')
    if (track.isrc) edition.ele('ResourceId').ele('ISRC').txt(track.isrc)
    else
      edition
        .ele('ResourceId')
        .ele('ProprietaryId', { Namespace: `PADPIDA:${parties.sender.partyId}` })
        .txt(`track-${track.id}`)
    line(edition, 'PLine', release.pYear, release.pLine)
    if (track.audio) {
      const technical = edition.ele('TechnicalDetails')
      technical.ele('TechnicalResourceDetailsReference').txt(`T${index + 1}`)
      const delivery = technical.ele('DeliveryFile')
      delivery.ele('Type').txt('AudioFile')
      fileRef(delivery, track.audio)
    }
    title(recording, track.title)
    displayArtists(recording, track.artists.length ? track.artists : releaseArtists)
    const duration = isoDuration(track.duration)
    if (duration) recording.ele('Duration').txt(duration)
    recording.ele('ParentalWarningType').txt(track.explicit ? 'Explicit' : 'NotExplicit')
  })
  const coverRef = `A${release.tracks.length + 1}`
  if (release.cover) {
    const image = resources.ele('Image')
    image.ele('ResourceReference').txt(coverRef)
    image.ele('Type').txt('FrontCoverImage')
    image
      .ele('ResourceId')
      .ele('ProprietaryId', { Namespace: `PADPIDA:${parties.sender.partyId}` })
      .txt(`cover-${release.id}`)
    const technical = image.ele('TechnicalDetails')
    technical.ele('TechnicalResourceDetailsReference').txt(`T${release.tracks.length + 1}`)
    fileRef(technical, release.cover)
  }

  const releaseList = root.ele('ReleaseList')
  const main = releaseList.ele('Release')
  main.ele('ReleaseReference').txt('R0')
  main.ele('ReleaseType').txt(releaseType(release.type))
  const ids = main.ele('ReleaseId')
  if (release.upc) ids.ele('ICPN').txt(release.upc)
  if (release.catalogNumber) ids.ele('CatalogNumber', { Namespace: `PADPIDA:${parties.sender.partyId}` }).txt(release.catalogNumber)
  if (!release.upc && !release.catalogNumber)
    ids.ele('ProprietaryId', { Namespace: `PADPIDA:${parties.sender.partyId}` }).txt(`release-${release.id}`)
  title(main, release.title)
  displayArtists(main, releaseArtists)
  if (labelRef) main.ele('ReleaseLabelReference').txt(labelRef)
  line(main, 'PLine', release.pYear, release.pLine)
  line(main, 'CLine', release.cYear, release.cLine)
  const total = release.tracks.reduce((sum, track) => sum + (track.duration ?? 0), 0)
  if (total > 0) main.ele('Duration').txt(isoDuration(total)!)
  if (release.primaryGenre) {
    const genre = main.ele('Genre')
    genre.ele('GenreText').txt(release.primaryGenre)
    if (release.secondaryGenre) genre.ele('SubGenre').txt(release.secondaryGenre)
  }
  if (release.originalReleaseDate) main.ele('OriginalReleaseDate').txt(release.originalReleaseDate)
  main.ele('ParentalWarningType').txt(release.tracks.some((track) => track.explicit) ? 'Explicit' : 'NotExplicit')
  const group = main.ele('ResourceGroup')
  const disc = group.ele('ResourceGroup')
  disc.ele('SequenceNumber').txt('1')
  release.tracks.forEach((_track, index) => {
    const item = disc.ele('ResourceGroupContentItem')
    item.ele('SequenceNumber').txt(String(index + 1))
    item.ele('ReleaseResourceReference').txt(`A${index + 1}`)
  })
  if (release.cover) group.ele('LinkedReleaseResourceReference').txt(coverRef)

  release.tracks.forEach((track, index) => {
    const trackRelease = releaseList.ele('TrackRelease')
    trackRelease.ele('ReleaseReference').txt(`R${index + 1}`)
    const trackIds = trackRelease.ele('ReleaseId')
    if (track.isrc) trackIds.ele('ISRC').txt(track.isrc)
    else trackIds.ele('ProprietaryId', { Namespace: `PADPIDA:${parties.sender.partyId}` }).txt(`track-release-${track.id}`)
    trackRelease.ele('ReleaseResourceReference').txt(`A${index + 1}`)
    if (labelRef) trackRelease.ele('ReleaseLabelReference').txt(labelRef)
    if (release.primaryGenre) trackRelease.ele('Genre').ele('GenreText').txt(release.primaryGenre)
  })

  const deals = root.ele('DealList')
  const releaseRefs = ['R0', ...release.tracks.map((_track, index) => `R${index + 1}`)]
  for (const reference of releaseRefs) {
    const releaseDeal = deals.ele('ReleaseDeal')
    releaseDeal.ele('DealReleaseReference').txt(reference)
    for (const territory of ddexTerritories(release.territories)) {
      for (const terms of DEAL_TERMS) {
        const dealTerms = releaseDeal.ele('Deal').ele('DealTerms')
        dealTerms.ele('TerritoryCode').txt(territory)
        if (release.releaseDate) dealTerms.ele('ValidityPeriod').ele('StartDate').txt(release.releaseDate)
        dealTerms.ele('CommercialModelType').txt(terms.commercialModel)
        dealTerms.ele('UseType').txt(terms.use)
      }
    }
  }
  return doc.end({ prettyPrint: true })
}
