import { targetOfRecord } from '@commands/actions'
import type { RecordRef } from '@commands/records'
import { availability } from '@commands/registry'
import { ApiError } from '@client/api'
import { commandContext, commandEnv, loadCommands } from '@client/shell/commands'

/**
 * Runs a declared action with the answer a form of the page already holds (a note's text, a smartlink
 * code): the declaration's call and success message, as from the palette, but a refusal is thrown back
 * to the form (under `field`, when given) instead of becoming a notice, and what was typed stays.
 */
export async function submitRecordAction(record: RecordRef, key: string, answer?: string | number, field?: string): Promise<void> {
  const refuse = (message: string): never => {
    throw new ApiError(message, 422, 'validation', field ? { [field]: message } : {})
  }
  const { recordActions } = await loadCommands()
  const action = recordActions.find((entry) => entry.key === key)
  const target = targetOfRecord(record)
  if (!action || !target) return refuse('This cannot be done here')
  const context = { ...commandContext(), record }
  const asked = action.command(target)
  const offered = availability(asked, context)
  if (offered !== true) return refuse(typeof offered === 'string' ? offered : 'This cannot be done here')
  let command = asked
  if (asked.search) {
    // A question for text: what was typed becomes the one choice, as the palette offers it.
    const text = String(answer ?? '').trim()
    if (!text) return refuse('Write something first')
    const [confirm] = await asked.search(text, context, commandEnv, new AbortController().signal)
    if (!confirm) return refuse('Write something first')
    command = confirm
  } else if (asked.children) {
    const chosen = (await asked.children(context, commandEnv)).find((child) => child.id === `${asked.id}.${String(answer)}`)
    if (!chosen) return refuse('That choice is not offered')
    command = chosen
  }
  const verdict = availability(command, context)
  if (verdict !== true) return refuse(typeof verdict === 'string' ? verdict : 'This cannot be done here')
  await command.run?.(context, commandEnv)
}

/** The release a tab shows, as its sections hand it to the declared actions. */
export type ReleaseRef = Extract<RecordRef, { kind: 'release' }>
export type TrackRef = Extract<RecordRef, { kind: 'track' }>
