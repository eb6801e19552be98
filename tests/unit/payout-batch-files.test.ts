import { describe, expect, it } from 'vitest'
import { netCents, paypalPayoutsCsv, sumCents, tipaltiPaymentFile } from '../../src/domains/payouts/server/providers/files'
import { paypalItemStatus } from '../../src/domains/payouts/server/providers/paypal'
import { tipaltiItemStatus } from '../../src/domains/payouts/server/providers/tipalti'
import type { BatchLine } from '../../src/domains/payouts/server/providers/types'
import { payeeLink, providerActivityLink } from '../../src/core/payment-links'

const line = (over: Partial<BatchLine>): BatchLine => ({
  payoutId: 1,
  payeeId: 'ana@example.test',
  net: '10.00',
  currency: 'USD',
  reference: 'P1',
  note: 'Payout P1 from Acme',
  ...over,
})

describe('net amounts', () => {
  it('is the stored whole-cent net, refused (never rounded) with a fraction of a cent, never through floats', () => {
    expect(netCents('118.090000')).toBe('118.09')
    expect(netCents('0.2')).toBe('0.20')
    expect(netCents('99999999999.990000')).toBe('99999999999.99')
    expect(() => netCents('97.945000')).toThrow(/whole cents/)
    expect(() => netCents('10.005')).toThrow(RangeError)
    expect(() => netCents('0')).toThrow(RangeError)
    expect(sumCents(['0.10', '0.20', '1234.57'])).toBe('1234.87')
  })
})

describe('PayPal payouts CSV', () => {
  it('writes one row per payout without a header: receiver, amount, currency, id, note, wallet', () => {
    expect(
      paypalPayoutsCsv([line({}), line({ payoutId: 2, payeeId: 'b@x.test', net: '1234.50', reference: 'P2', note: 'Thanks, "B"' })]),
    ).toBe('ana@example.test,10.00,USD,P1,Payout P1 from Acme,PAYPAL\r\n' + 'b@x.test,1234.50,USD,P2,"Thanks, ""B""",PAYPAL\r\n')
  })
  it('keeps the customer id within 30 characters without spaces, notes on one line, and formulas inert', () => {
    const [row] = paypalPayoutsCsv([line({ reference: 'P 123456789012345678901234567890', note: '=HYPERLINK("x")\nline two' })]).split(
      '\r\n',
    )
    expect(row).toBe(`ana@example.test,10.00,USD,P12345678901234567890123456789,"'=HYPERLINK(""x"") line two",PAYPAL`)
  })
})

describe('Tipalti payment file', () => {
  it('has the Idap/Amount/RefCode header and one row per payout', () => {
    expect(tipaltiPaymentFile([line({ payeeId: 'TIP-7', reference: 'P7', note: 'Payout P7 from Acme' })]).split('\r\n')).toEqual([
      'Idap,Amount,SubmittedAmountCurrency,RefCode,EWalletMessage,BankingMessage,EmailMessage',
      'TIP-7,10.00,USD,P7,Payout P7 from Acme,P7,Payout P7 from Acme',
      '',
    ])
  })
})

describe('provider item statuses', () => {
  it('maps PayPal and Tipalti words to paid, failed or still pending', () => {
    expect(['SUCCESS', 'FAILED', 'RETURNED', 'UNCLAIMED', 'PENDING', 'ONHOLD'].map(paypalItemStatus)).toEqual([
      'paid',
      'failed',
      'failed',
      'pending',
      'pending',
      'pending',
    ])
    expect(['Paid', 'Error', 'Canceled', 'Submitted', 'Deferred'].map(tipaltiItemStatus)).toEqual([
      'paid',
      'failed',
      'failed',
      'pending',
      'pending',
    ])
  })
})

describe('payment provider openLink', () => {
  it("builds each provider's account-activity page, live or sandbox", () => {
    expect(providerActivityLink('paypal')).toBe('https://www.paypal.com/myaccount/activities')
    expect(providerActivityLink('paypal', { apiBase: 'https://api-m.sandbox.paypal.com' })).toBe(
      'https://www.sandbox.paypal.com/myaccount/activities',
    )
    expect(providerActivityLink('tipalti')).toBe('https://hub.tipalti.com/dashboard/payments')
    expect(providerActivityLink('tipalti', { apiBase: 'https://api.sandbox.tipalti.com' })).toBe(
      'https://hub.sandbox.tipalti.com/dashboard/payments',
    )
    expect(payeeLink('tipalti', 'A/B')).toBe('https://hub.tipalti.com/dashboard/payees/A%2FB')
  })
})
