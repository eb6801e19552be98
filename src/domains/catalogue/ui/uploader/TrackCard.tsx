import { memo } from 'react'
import { Badge, Card, DataList, Flex, Grid, Heading, IconButton, Separator, Text, Tooltip } from '@radix-ui/themes'
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@radix-ui/react-icons'
import type { Track } from '@contract/releases'
import { TrackFiles } from '../track/TrackFiles'
import { CheckboxInput, TextAreaInput, TextFieldInput } from './fields'
import { RowsEditor } from './RowsEditor'
import { emptyCredit, emptyParticipant, emptyWriter, type TrackValues } from './form-model'

export type TrackFileUrls = Pick<Track, 'audioUrl' | 'instrumentUrl' | 'dolbyUrl'>

/** One track of the uploader: every field `releases.albumTracks` takes, its people, and (once saved) its files. */
export const TrackCard = memo(function TrackCard({
  track,
  index,
  count,
  errors,
  files,
  onChange,
  onMove,
  onRemove,
  onFilesChanged,
}: {
  track: TrackValues
  index: number
  count: number
  errors: Record<string, string>
  files: TrackFileUrls | null
  onChange(index: number, track: TrackValues): void
  onMove(index: number, delta: -1 | 1): void
  onRemove(index: number): void
  onFilesChanged(track: Track): void
}) {
  const at = `tracks.${index}`
  const name = track.title.trim() || `Track ${index + 1}`
  const field = <K extends keyof TrackValues>(key: K) => ({
    path: `${at}.${key}`,
    value: track[key],
    error: errors[`${at}.${key}`],
    onChange: (value: TrackValues[K]) => onChange(index, { ...track, [key]: value }),
  })
  return (
    <Card size="2" asChild>
      <section aria-label={`Track ${index + 1}: ${name}`}>
        <Flex justify="between" align="center" mb="3" gap="3">
          <Heading as="h3" size="3">
            {index + 1}. {name}
            {track.id === null && (
              <Badge ml="2" color="gray" variant="soft">
                Not saved yet
              </Badge>
            )}
          </Heading>
          <Flex gap="1">
            <Tooltip content="Move up">
              <IconButton
                type="button"
                variant="ghost"
                color="gray"
                disabled={index === 0}
                aria-label={`Move ${name} up`}
                onClick={() => onMove(index, -1)}
              >
                <ArrowUpIcon />
              </IconButton>
            </Tooltip>
            <Tooltip content="Move down">
              <IconButton
                type="button"
                variant="ghost"
                color="gray"
                disabled={index === count - 1}
                aria-label={`Move ${name} down`}
                onClick={() => onMove(index, 1)}
              >
                <ArrowDownIcon />
              </IconButton>
            </Tooltip>
            <Tooltip content="Remove track">
              <IconButton type="button" variant="ghost" color="red" aria-label={`Remove ${name}`} onClick={() => onRemove(index)}>
                <TrashIcon />
              </IconButton>
            </Tooltip>
          </Flex>
        </Flex>
        <Flex direction="column" gap="3">
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <TextFieldInput label="Track title" {...field('title')} />
            <TextFieldInput label="Version (remix or version)" {...field('version')} />
            <TextFieldInput label="ISRC" placeholder="CC-XXX-YY-NNNNN" {...field('isrc')} />
            <TextFieldInput label="ISWC" placeholder="T-123.456.789-0" {...field('iswc')} />
            <TextFieldInput label="Language" {...field('language')} />
            <TextFieldInput
              label="Duration (m:ss)"
              placeholder="3:25"
              hint="Read from the audio file when it says"
              {...field('duration')}
            />
            <TextFieldInput label="TikTok start time (m:ss)" placeholder="0:45" {...field('tiktokStart')} />
            <Flex align="end" pb="1">
              <CheckboxInput label="Explicit lyrics" {...field('explicit')} />
            </Flex>
          </Grid>
          <RowsEditor
            kind="participants"
            path={`${at}.participants`}
            context={name}
            rows={track.participants}
            empty={emptyParticipant}
            errors={errors}
            onChange={(rows) => onChange(index, { ...track, participants: rows })}
          />
          <RowsEditor
            kind="writers"
            path={`${at}.writers`}
            context={name}
            rows={track.writers}
            empty={emptyWriter}
            errors={errors}
            onChange={(rows) => onChange(index, { ...track, writers: rows })}
          />
          <RowsEditor
            kind="credits"
            path={`${at}.credits`}
            context={name}
            rows={track.credits}
            empty={emptyCredit}
            errors={errors}
            onChange={(rows) => onChange(index, { ...track, credits: rows })}
          />
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <TextAreaInput label="Lyrics" rows={5} {...field('lyrics')} />
            <TextAreaInput label="Liner note" rows={5} {...field('linerNote')} />
          </Grid>
          <Separator size="4" />
          {track.id !== null && files ? (
            <DataList.Root size="2">
              <TrackFiles track={{ id: track.id, title: name, ...files }} onChanged={onFilesChanged} />
            </DataList.Root>
          ) : (
            <Text size="2" color="gray">
              Save the draft to upload this track&apos;s audio.
            </Text>
          )}
        </Flex>
      </section>
    </Card>
  )
})
