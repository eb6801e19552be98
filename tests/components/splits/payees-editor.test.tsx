import { describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Theme } from '@radix-ui/themes'
import { PayeesEditor, type PayeeDraft, type ShareMode } from '../../../src/domains/splits/ui/PayeesEditor'

function Harness({
  initial,
  checkEmail,
}: {
  initial: PayeeDraft[]
  checkEmail?: (email: string) => Promise<{ isUser: boolean; name?: string }>
}) {
  const [payees, setPayees] = useState(initial)
  const [mode, setMode] = useState<ShareMode>('percent')
  return (
    <Theme>
      <PayeesEditor
        payees={payees}
        onChange={setPayees}
        mode={mode}
        onModeChange={setMode}
        checkEmail={checkEmail ?? (async () => ({ isUser: false }))}
      />
    </Theme>
  )
}

const indicator = () => screen.getByRole('status', { name: 'Share check' })

describe('create split: share indicator', () => {
  it('shows what remains as payees are added, and is complete only when the shares add up to exactly 100%', async () => {
    render(<Harness initial={[{ key: 1000, email: 'owner@acme.test', value: '100', locked: true }]} />)
    expect(indicator().textContent).toContain('Complete: shares add up to 100%')

    await userEvent.click(screen.getByRole('button', { name: /Add payee/ }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Email of payee 2' }), 'guest@example.com')
    await userEvent.type(screen.getByRole('textbox', { name: 'Share of payee 2' }), '25')
    expect(indicator().textContent).toContain('Over by 25%')

    const owner = screen.getByRole('textbox', { name: 'Share of payee 1' })
    await userEvent.clear(owner)
    await userEvent.type(owner, '60')
    expect(indicator().textContent).toContain('Remaining 15%')

    await userEvent.click(screen.getByRole('button', { name: /Add payee/ }))
    await userEvent.click(screen.getByRole('button', { name: 'Split evenly' }))
    // A third each, exactly: 33.33333334 + 33.33333333 + 33.33333333.
    expect(screen.getByRole('textbox', { name: 'Share of payee 1' })).toHaveProperty('value', '33.33333334')
    expect(screen.getByRole('textbox', { name: 'Share of payee 3' })).toHaveProperty('value', '33.33333333')
    expect(indicator().textContent).toContain('Complete')

    await userEvent.click(screen.getByRole('radio', { name: 'Decimal' }))
    expect(screen.getByRole('textbox', { name: 'Share of payee 2' })).toHaveProperty('value', '0.3333333333')
    expect(indicator().textContent).toContain('Complete')
    const third = screen.getByRole('textbox', { name: 'Share of payee 3' })
    await userEvent.clear(third)
    await userEvent.type(third, 'abc')
    expect(indicator().textContent).toContain('Some shares are not valid')
  })

  it('badges each email with whether it has an account', async () => {
    const checkEmail = vi.fn(async (email: string) =>
      email === 'fran@acme.test' ? { isUser: true, name: 'Fran Friend' } : { isUser: false },
    )
    render(<Harness initial={[{ key: 1000, email: '', value: '' }]} checkEmail={checkEmail} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'Email of payee 1' }), 'fran@acme.test')
    expect(await screen.findByText('Fran Friend')).toBeTruthy()
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email of payee 1' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Email of payee 1' }), 'new@example.com')
    expect(await screen.findByText('No account yet')).toBeTruthy()
    expect(checkEmail).toHaveBeenCalledWith('new@example.com')
  })
})
