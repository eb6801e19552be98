import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Without SMTP the product keeps each message as an .eml file in DATA_DIR/outbox. */
export function readOutbox(dataDir: string): { file: string; text: string }[] {
  const outbox = path.join(dataDir, 'outbox')
  let names: string[] = []
  try {
    names = readdirSync(outbox).sort()
  } catch {
    return []
  }
  // Undo quoted-printable soft line breaks and =XX escapes so links and codes read whole.
  return names.map((file) => ({
    file,
    text: readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  }))
}

export function latestMatch(dataDir: string, pattern: RegExp): string {
  const messages = readOutbox(dataDir)
  for (let i = messages.length - 1; i >= 0; i--) {
    const match = pattern.exec(messages[i].text)
    if (match) return match[1] ?? match[0]
  }
  return ''
}
