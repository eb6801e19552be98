import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, Dialog, Theme } from '@radix-ui/themes'
import { installDialogSubmitKey } from '../../../src/client/ui/dialogs/submit-key'
import { FeedbackDialog } from '../../../src/client/ui/dialogs/FeedbackDialog'
import { ConfirmDialog } from '../../../src/client/ui/list/ConfirmDialog'
import { mockFetch, respond } from './fetch-mock'

let uninstall: () => void
beforeAll(() => {
  uninstall = installDialogSubmitKey()
})
afterAll(() => uninstall())

const CTRL_ENTER = '{Control>}{Enter}{/Control}'
const CMD_ENTER = '{Meta>}{Enter}{/Meta}'

function FormDialog({ onSubmit, ready = true }: { onSubmit(): void; ready?: boolean }) {
  return (
    <Theme>
      <Dialog.Root open>
        <Dialog.Content aria-describedby={undefined}>
          <Dialog.Title>Rename</Dialog.Title>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              onSubmit()
            }}
          >
            <label>
              Name <input name="name" />
            </label>
            <textarea aria-label="Note" />
            <Button type="submit" disabled={!ready}>
              Save
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Root>
    </Theme>
  )
}

describe('Ctrl/⌘+Enter in a dialog', () => {
  it('submits the form of the dialog from a text field and from a textarea, with either modifier', async () => {
    const onSubmit = vi.fn()
    render(<FormDialog onSubmit={onSubmit} />)
    await userEvent.type(screen.getByLabelText('Name'), `Nina${CTRL_ENTER}`)
    expect(onSubmit).toHaveBeenCalledTimes(1)
    await userEvent.type(screen.getByLabelText('Note'), `line one${CMD_ENTER}`)
    expect(onSubmit).toHaveBeenCalledTimes(2)
    // Plain Enter in a textarea is a new line, not a submission.
    await userEvent.type(screen.getByLabelText('Note'), '{Enter}')
    expect(onSubmit).toHaveBeenCalledTimes(2)
  })

  it('does nothing while the dialog’s submit button is disabled', async () => {
    const onSubmit = vi.fn()
    render(<FormDialog onSubmit={onSubmit} ready={false} />)
    await userEvent.type(screen.getByLabelText('Name'), `x${CTRL_ENTER}`)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('presses the primary button of a dialog without a form (the shared confirm dialog)', async () => {
    const onConfirm = vi.fn()
    render(
      <Theme>
        <ConfirmDialog
          open
          onOpenChange={() => undefined}
          title="Ban"
          description="Ban 3 accounts?"
          confirmLabel="Ban"
          onConfirm={onConfirm}
        />
      </Theme>,
    )
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeTruthy())
    await userEvent.keyboard(CTRL_ENTER)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it('sends the feedback dialog’s message (no key handler of its own)', async () => {
    const { requests } = mockFetch(() => respond(201, { ok: true, message: 'Feedback submitted successfully' }))
    const onOpenChange = vi.fn()
    render(
      <Theme>
        <FeedbackDialog open onOpenChange={onOpenChange} />
      </Theme>,
    )
    await userEvent.type(screen.getByLabelText('Message'), `The list forgets my page${CTRL_ENTER}`)
    await waitFor(() => expect(requests).toHaveLength(1))
  })

  it('leaves keys outside dialogs, and keys another handler used, alone', async () => {
    const onSubmit = vi.fn()
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault()
          onSubmit()
        }}
      >
        <input aria-label="Outside" />
      </form>,
    )
    await userEvent.type(screen.getByLabelText('Outside'), `a${CTRL_ENTER}`)
    expect(onSubmit).not.toHaveBeenCalled()
  })
})
