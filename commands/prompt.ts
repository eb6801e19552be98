import type { Command, CommandContext, CommandEnv } from './types'

/**
 * A command that asks for a line of text on its own page (a ban reason, a percentage, a message):
 * what is typed becomes the one choice offered, so the whole flow stays on the keyboard.
 */
export function promptCommand(
  definition: Omit<Command, 'search' | 'run' | 'children'> & {
    placeholder: string
    /** The choice's title for the typed text, e.g. `Ban with reason "${text}"`. */
    confirmTitle(text: string, context: CommandContext): string
    /** A message when the text cannot be used, else null. */
    validate?(text: string): string | null
    submit(text: string, context: CommandContext, env: CommandEnv): Promise<void> | void
  },
): Command {
  const { confirmTitle, validate, submit, ...command } = definition
  return {
    ...command,
    search: async (query, context) => {
      const text = query.trim()
      if (!text) return []
      const problem = validate?.(text) ?? null
      return [
        {
          id: `${command.id}.confirm`,
          title: problem ?? confirmTitle(text, context),
          group: 'Confirm',
          when: () => (problem ? problem : true),
          run: (runContext, env) => submit(text, runContext, env),
        },
      ]
    },
  }
}
