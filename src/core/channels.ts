// Store and revenue channel labels (spec section 9): statements name channels their own way
// ("iTunes", "YouTube Content ID", "MERLIN", ""); every screen that shows a channel shows its label.

/** Statement channel names (lower-cased, spaces and punctuation squeezed) → the label screens show. */
const LABELS: Readonly<Record<string, string>> = {
  '': 'Other Revenue',
  other: 'Other Revenue',
  'other revenue': 'Other Revenue',
  merlin: 'Admin Rebate',
  'merlin rebate': 'Admin Rebate',
  spotify: 'Spotify',
  'spotify premium': 'Spotify',
  'spotify free': 'Spotify',
  apple: 'Apple Music',
  'apple music': 'Apple Music',
  itunes: 'Apple Music',
  'itunes music': 'Apple Music',
  'itunes store': 'Apple Music',
  'itunes match': 'Apple Music',
  'apple itunes': 'Apple Music',
  youtube: 'YouTube',
  'youtube content id': 'YouTube Content ID',
  'youtube cid': 'YouTube Content ID',
  'content id': 'YouTube Content ID',
  'youtube art track': 'YouTube Art Track',
  'youtube art tracks': 'YouTube Art Track',
  'youtube music': 'YouTube Music',
  'youtube red': 'YouTube Premium',
  'youtube premium': 'YouTube Premium',
  'youtube shorts': 'YouTube Shorts',
  amazon: 'Amazon Music',
  'amazon music': 'Amazon Music',
  'amazon mp3': 'Amazon Music',
  'amazon digital services': 'Amazon Music',
  'amazon unlimited': 'Amazon Music Unlimited',
  'amazon music unlimited': 'Amazon Music Unlimited',
  'amazon prime': 'Amazon Prime Music',
  'amazon prime music': 'Amazon Prime Music',
  tiktok: 'TikTok',
  'tik tok': 'TikTok',
  'tiktok music': 'TikTok',
  resso: 'Resso',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  pandora: 'Pandora',
  soundcloud: 'SoundCloud',
  'soundcloud go': 'SoundCloud',
  napster: 'Napster',
  facebook: 'Facebook / Instagram',
  'facebook instagram': 'Facebook / Instagram',
  instagram: 'Facebook / Instagram',
  meta: 'Facebook / Instagram',
  beatport: 'Beatport',
  anghami: 'Anghami',
  boomplay: 'Boomplay',
  jiosaavn: 'JioSaavn',
  saavn: 'JioSaavn',
  'tencent music': 'Tencent Music',
  tencent: 'Tencent Music',
  netease: 'NetEase Cloud Music',
  'netease cloud music': 'NetEase Cloud Music',
  kkbox: 'KKBOX',
  shazam: 'Shazam',
  snapchat: 'Snapchat',
  audiomack: 'Audiomack',
  iheartradio: 'iHeartRadio',
  'iheart radio': 'iHeartRadio',
  'line music': 'LINE Music',
  'yandex music': 'Yandex Music',
  yandex: 'Yandex Music',
  vk: 'VK Music',
  'vk music': 'VK Music',
  peloton: 'Peloton',
  '7digital': '7digital',
  qobuz: 'Qobuz',
  'google play': 'Google Play',
  'google play music': 'Google Play',
  soundexchange: 'SoundExchange',
}

/** "youtube_content-id  " → "youtube content id": case, spaces and separators do not matter. */
export function channelKey(raw: string | null | undefined): string {
  return (raw ?? '')
    .toLowerCase()
    .replace(/[\s_\-./:]+/g, ' ')
    .trim()
}

/** Each word capitalised; an all-caps word stays (BBC) unless the whole name is shouted (NEW STORE). */
function titleCase(text: string): string {
  const shouted = text === text.toUpperCase()
  return text
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((word) =>
      !shouted && word === word.toUpperCase() && word.length <= 4 ? word : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join(' ')
}

/** The label a screen shows for a statement channel; unknown channels are title-cased as written. */
export function channelLabel(raw: string | null | undefined): string {
  const known = LABELS[channelKey(raw)]
  if (known !== undefined) return known
  return titleCase(raw ?? '') || LABELS['']
}
