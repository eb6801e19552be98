import { Button, Callout, Card, Flex, Grid, Heading, Skeleton, Text } from '@radix-ui/themes'
import { DownloadIcon, ImageIcon } from '@radix-ui/react-icons'
import { ASSET_SPECS, type ReleaseAsset } from '@contract/release-links'
import { ASSET_ACTIONS } from '@commands/releases'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { When } from '@client/ui/When'
import { RecordActions } from '@client/ui/RecordActions'
import type { ReleaseRef } from '../record-action'

const fetchAssets = (key: string, signal: AbortSignal) =>
  api.call('releases.assets', { params: { id: Number(key.split(':')[0]) } }, { signal })

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

/** The release tab's Assets section: the post, story and canvas images made from the cover art (declared actions make them). */
export function AssetsSection({ record, version }: { record: ReleaseRef; version: number }) {
  const releaseId = Number(record.id)
  const load = useLoad(fetchAssets, `${releaseId}:${version}`)
  const answer = load.data && load.data.releaseId === releaseId ? load.data : null
  if (load.status === 'error')
    return (
      <Text color="red" role="alert">
        {load.error?.message}
      </Text>
    )
  if (!answer) return <Skeleton height="320px" />
  // The images' own answer says whether a cover is there now.
  const withCover: ReleaseRef = { ...record, state: { ...record.state, hasCover: answer.hasCover } }
  return (
    <Flex direction="column" gap="4">
      {!answer.hasCover && (
        <Callout.Root color="amber" role="status">
          <Callout.Text>This release has no cover art: the images are made from it, so add one first.</Callout.Text>
        </Callout.Root>
      )}
      <Grid columns={{ initial: '1', sm: '3' }} gap="4">
        {answer.data.map((asset) => (
          <AssetCard key={asset.kind} asset={asset} record={withCover} />
        ))}
      </Grid>
    </Flex>
  )
}

function AssetCard({ asset, record }: { asset: ReleaseAsset; record: ReleaseRef }) {
  const spec = ASSET_SPECS[asset.kind]
  const previewWidth = 220
  return (
    <Card size="2" aria-label={`${asset.label} image`} role="group">
      <Flex direction="column" gap="3" align="start">
        <Flex direction="column" gap="1">
          <Heading as="h2" size="4">
            {asset.label}
          </Heading>
          <Text size="1" color="gray">
            {spec.description}
          </Text>
        </Flex>
        <Flex
          align="center"
          justify="center"
          style={{
            width: previewWidth,
            aspectRatio: `${asset.width} / ${asset.height}`,
            background: 'var(--gray-a3)',
            borderRadius: 'var(--radius-3)',
            overflow: 'hidden',
          }}
        >
          {asset.file ? (
            <img
              src={asset.file.url}
              alt={`${asset.label} image, ${asset.width} × ${asset.height}`}
              style={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          ) : (
            <ImageIcon width={28} height={28} color="var(--gray-9)" aria-label="Not generated yet" />
          )}
        </Flex>
        <Text size="1" color="gray">
          {asset.file ? (
            <>
              {asset.width} × {asset.height} · {kb(asset.file.size)} · generated <When value={asset.file.created} />
              {asset.file.createdBy && ` by ${asset.file.createdBy}`}
            </>
          ) : (
            'Not generated yet.'
          )}
        </Text>
        <Flex gap="2" wrap="wrap">
          <RecordActions record={record} buttons={[ASSET_ACTIONS[asset.kind].key]} menu={false} />
          {asset.file && (
            <Button variant="ghost" asChild>
              <a href={asset.file.url} download>
                <DownloadIcon /> Download
              </a>
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  )
}
