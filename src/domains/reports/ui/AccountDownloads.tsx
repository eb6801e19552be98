import { useState } from 'react'
import { Button, Card, Flex, Grid, Text } from '@radix-ui/themes'
import { addMonths, monthOf } from '@core/months'
import { api } from '@client/api'
import { showNotice } from '@client/ui/notices/notices'
import { fitColumns } from '@client/ui/fit-columns'
import { ACCOUNT_DOWNLOAD_LIST, downloadInput, type AccountDownloadInfo } from '@commands/account-reports'
import { MonthFields } from '@client/ui/MonthFields'

/**
 * The account tab's Downloads: a period (from/to months; the statement takes the first month) and
 * a button per file. Files stream from the server as CSV; the unavailable ones say why.
 */
export function AccountDownloads({ userId }: { userId: number }) {
  const last = addMonths(monthOf(new Date()), -1)
  const [from, setFrom] = useState(addMonths(last, -11))
  const [to, setTo] = useState(last)
  const [busy, setBusy] = useState<string | null>(null)
  const reversed = Boolean(from && to && from > to)

  async function download(info: AccountDownloadInfo) {
    setBusy(info.id)
    try {
      const period = info.takes === 'month' ? { from, to: from } : { from: from || undefined, to: to || undefined }
      await api.download(info.id, downloadInput(info, userId, period) as never)
      showNotice(`${info.label} report downloaded.`, { tone: 'success' })
    } catch (error) {
      showNotice(error instanceof Error ? error.message : 'The download failed.', { tone: 'error' })
    } finally {
      setBusy(null)
    }
  }

  const blocked = (info: AccountDownloadInfo): string | null => {
    if (info.unavailable) return info.unavailable
    if (info.takes === 'month' && !from) return 'Choose the month in From'
    if (info.takes === 'period' && reversed) return 'The first month must not be after the last'
    return null
  }

  return (
    <Flex direction="column" gap="4">
      <Card size="1">
        <Flex gap="3" align="end" wrap="wrap" role="group" aria-label="Period">
          <MonthFields idPrefix="downloads" from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button type="button" variant="soft" onClick={() => (setFrom(''), setTo(''))}>
            All time
          </Button>
          <Text size="1" color={reversed ? 'red' : 'gray'} role={reversed ? 'alert' : undefined}>
            {reversed
              ? 'The first month must not be after the last.'
              : 'Empty months mean open-ended. The statement covers the From month.'}
          </Text>
        </Flex>
      </Card>
      <Grid columns={fitColumns(260)} gap="3" aria-label="Downloads">
        {ACCOUNT_DOWNLOAD_LIST.map((info) => {
          const reason = blocked(info)
          return (
            <Card key={info.id} size="1">
              <Flex direction="column" gap="2" height="100%" justify="between">
                <Flex direction="column" gap="1">
                  <Text weight="medium">{info.label} report</Text>
                  <Text size="1" color="gray">
                    {info.description}
                  </Text>
                  {reason && (
                    <Text size="1" color={info.unavailable ? 'gray' : 'amber'}>
                      {reason}
                    </Text>
                  )}
                </Flex>
                <Button
                  type="button"
                  variant="soft"
                  disabled={reason !== null || busy !== null}
                  loading={busy === info.id}
                  aria-label={`Download ${info.label.toLowerCase()} report`}
                  onClick={() => void download(info)}
                >
                  Download CSV
                </Button>
              </Flex>
            </Card>
          )
        })}
      </Grid>
    </Flex>
  )
}
