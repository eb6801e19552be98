import { useCallback, useState } from 'react'
import { Box, Button, Callout, Card, Dialog, Flex, Heading, Table, Text, TextArea, TextField } from '@radix-ui/themes'
import type { NewsCategory } from '@contract/news'
import type { RecordRef } from '@commands/records'
import { api } from '@client/api'
import { useLoad } from '@client/state/useLoad'
import { useDataVersion } from '@client/state/useDataVersion'
import { workspaceActions } from '@client/workspace/store'
import { RecordActions } from '@client/ui/RecordActions'
import { showNotice } from '@client/ui/notices/notices'
import { useSubmit } from '@client/ui/useSubmit'

const fetchCategories = (_key: number, signal: AbortSignal) => api.call('news.categories', undefined, { signal })

interface Fields {
  name: string
  details: string
  slug: string
}

/** A category as a record: removing it offers the others its posts can move to. */
export function categoryRecord(category: NewsCategory, all: readonly NewsCategory[]): RecordRef<'newsCategory'> {
  return {
    kind: 'newsCategory',
    id: String(category.id),
    title: category.name,
    state: {
      name: category.name,
      posts: category.posts,
      others: all.filter((other) => other.id !== category.id).map((other) => ({ id: other.id, name: other.name })),
    },
  }
}

/** Name, details and slug; the slug is made from the name when left empty. */
function CategoryFields({ fields, onChange, errors }: { fields: Fields; onChange(fields: Fields): void; errors: Record<string, string> }) {
  return (
    <Flex direction="column" gap="2">
      <label>
        <Text size="2" weight="medium">
          Name
        </Text>
        <TextField.Root value={fields.name} onChange={(e) => onChange({ ...fields, name: e.target.value })} aria-invalid={Boolean(errors.name)} />
        {errors.name && <Text size="1" color="red">{errors.name}</Text>}
      </label>
      <label>
        <Text size="2" weight="medium">
          Details
        </Text>
        <TextArea value={fields.details} onChange={(e) => onChange({ ...fields, details: e.target.value })} rows={2} />
        {errors.details && <Text size="1" color="red">{errors.details}</Text>}
      </label>
      <label>
        <Text size="2" weight="medium">
          Slug
        </Text>
        <TextField.Root
          value={fields.slug}
          placeholder="made from the name"
          onChange={(e) => onChange({ ...fields, slug: e.target.value })}
          aria-invalid={Boolean(errors.slug)}
        />
        {errors.slug && <Text size="1" color="red">{errors.slug}</Text>}
      </label>
    </Flex>
  )
}

const EMPTY: Fields = { name: '', details: '', slug: '' }

function NewCategory() {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const create = useCallback(() => api.call('news.categoryCreate', { body: fields }), [fields])
  const done = useCallback((category: NewsCategory) => {
    setFields(EMPTY)
    showNotice(`Category “${category.name}” added.`, { tone: 'success' })
    workspaceActions.refreshData()
  }, [])
  const { submit, submitting, fieldErrors, formError } = useSubmit(create, done)
  return (
    <Card asChild>
      <form onSubmit={(event) => void submit(event)} aria-label="New category">
        <Heading as="h2" size="3" mb="2">
          New category
        </Heading>
        <CategoryFields fields={fields} onChange={setFields} errors={fieldErrors} />
        {formError && <Text color="red">{formError}</Text>}
        <Button type="submit" mt="3" loading={submitting}>
          Add category
        </Button>
      </form>
    </Card>
  )
}

function EditCategory({ category, onClose }: { category: NewsCategory; onClose(): void }) {
  const [fields, setFields] = useState<Fields>({ name: category.name, details: category.details, slug: category.slug })
  const edit = useCallback(() => api.call('news.categoryEdit', { body: { ...fields, id: category.id } }), [fields, category.id])
  const done = useCallback(() => {
    showNotice('Category saved.', { tone: 'success' })
    workspaceActions.refreshData()
    onClose()
  }, [onClose])
  const { submit, submitting, fieldErrors, formError } = useSubmit(edit, done)
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Edit category</Dialog.Title>
        <Dialog.Description size="2" mb="3">
          Its slug stays unless you change it.
        </Dialog.Description>
        <form onSubmit={(event) => void submit(event)}>
          <CategoryFields fields={fields} onChange={setFields} errors={fieldErrors} />
          {formError && <Text color="red">{formError}</Text>}
          <Flex gap="2" justify="end" mt="3">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}

/** /news/categories: the workspace's news categories, with how many posts each holds. */
export default function NewsCategoriesScreen() {
  const version = useDataVersion()
  const load = useLoad(fetchCategories, version)
  const [editing, setEditing] = useState<NewsCategory | null>(null)
  const categories = load.data?.data ?? []
  return (
    <Flex direction="column" gap="4" p="4">
      <Heading as="h1" size="6">
        News categories
      </Heading>
      {load.status === 'error' && (
        <Callout.Root color="red">
          <Callout.Text>{load.error?.message ?? 'The categories could not be loaded.'}</Callout.Text>
        </Callout.Root>
      )}
      <Flex gap="4" direction={{ initial: 'column', md: 'row' }} align="start">
        <Box flexGrow="1" width="100%">
          <Table.Root variant="surface" aria-label="News categories">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Slug</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Details</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Posts</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>
                  <span className="sr-only">Actions</span>
                </Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {categories.map((category) => (
                <Table.Row key={category.id}>
                  <Table.RowHeaderCell>{category.name}</Table.RowHeaderCell>
                  <Table.Cell>{category.slug}</Table.Cell>
                  <Table.Cell>{category.details}</Table.Cell>
                  <Table.Cell>{category.posts}</Table.Cell>
                  <Table.Cell>
                    <Flex gap="2" justify="end">
                      <Button size="1" variant="soft" onClick={() => setEditing(category)} aria-label={`Edit ${category.name}`}>
                        Edit…
                      </Button>
                      <RecordActions record={categoryRecord(category, categories)} buttons={['news.categoryRemove']} size="1" menu={false} />
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
              {load.status === 'success' && categories.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={5}>
                    <Text color="gray">No categories yet: add the first one.</Text>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
        <Box width={{ initial: '100%', md: '340px' }} flexShrink="0">
          <NewCategory />
        </Box>
      </Flex>
      {editing && <EditCategory category={editing} onClose={() => setEditing(null)} />}
    </Flex>
  )
}
