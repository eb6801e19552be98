import { useCallback, useId, useMemo, useState, type ReactNode } from 'react'
import {
  Box,
  Button,
  Callout,
  Card,
  Flex,
  Heading,
  SegmentedControl,
  Select,
  Skeleton,
  Slider,
  Switch,
  Tabs,
  Text,
  TextField,
} from '@radix-ui/themes'
import { ExclamationTriangleIcon } from '@radix-ui/react-icons'
import { COUNTRIES } from '@core/countries'
import { DEFAULT_THEME_COLORS, type ThemeColors } from '@core/theme'
import { IMAGE_LIMITS, LOGO_SIZE, type SiteSettings } from '@contract/site'
import { api, ApiError } from '@client/api'
import { refreshSite } from '@client/state/site'
import { useSession } from '@client/state/session'
import { useLoad } from '@client/state/useLoad'
import { Field } from '@client/ui/Field'
import { showNotice } from '@client/ui/notices/notices'
import { useTab } from '@client/workspace/tab-context'
import { ImageField } from './ImageField'
import { MailSettingsPanel } from './MailSettingsPanel'
import {
  checkLogoDimensions,
  failureText,
  imageBody,
  loadFailureText,
  logoDimensionsFor,
  readPreviewMode,
  supportEmailProblem,
  themeBody,
  writePreviewMode,
  type ImageChange,
  type PreviewMode,
  type Size,
} from './site-ui'

const TABS = [
  { value: '0', label: 'Logo settings' },
  { value: '1', label: 'Theme' },
  { value: '2', label: 'Company details' },
  { value: '3', label: 'Mail' },
] as const

const fetchSettings = (_key: string, signal: AbortSignal) => api.call('site.settings', undefined, { signal })

/** Logos and favicon (tab 0), theme colours (tab 1), company details (tab 2) and mail (tab 3); the tab lives in the address. */
export default function SiteSettingsScreen() {
  const tab = useTab()
  const { me } = useSession()
  const requested = tab.search.get('tab')
  const current = TABS.some((entry) => entry.value === requested) ? requested! : '0'
  const settings = useLoad(fetchSettings, 'settings')
  const canEdit = me?.account.type === 'admin'
  const saved = useCallback(
    async (message: string) => {
      showNotice(message, { tone: 'success' })
      settings.reload()
      // The running page (and the sign-in page) show the new branding at once.
      await refreshSite()
    },
    [settings],
  )

  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 960 }}>
      <Heading as="h1" size="6">
        Site settings
      </Heading>
      {!canEdit && (
        <Callout.Root color="gray" role="note">
          <Callout.Text>Only the workspace’s admins can change these settings.</Callout.Text>
        </Callout.Root>
      )}
      <Tabs.Root value={current} onValueChange={(value) => tab.setSearch({ tab: value })}>
        <Tabs.List aria-label="Site settings sections">
          {TABS.map((entry) => (
            <Tabs.Trigger key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Box pt="4">
          {settings.status === 'error' ? (
            <Callout.Root color="red" role="alert">
              <Callout.Icon>
                <ExclamationTriangleIcon />
              </Callout.Icon>
              <Callout.Text>
                {loadFailureText(settings.error)}{' '}
                <Button size="1" variant="soft" color="red" onClick={() => settings.reload()}>
                  Try again
                </Button>
              </Callout.Text>
            </Callout.Root>
          ) : !settings.data ? (
            <Skeleton height="240px" />
          ) : (
            <>
              <Tabs.Content value="0">
                <LogoTab settings={settings.data} canEdit={canEdit} onSaved={saved} />
              </Tabs.Content>
              <Tabs.Content value="1">
                <ThemeTab settings={settings.data} canEdit={canEdit} onSaved={saved} />
              </Tabs.Content>
              <Tabs.Content value="2">
                <CompanyTab settings={settings.data} canEdit={canEdit} onSaved={saved} />
              </Tabs.Content>
              <Tabs.Content value="3">
                {canEdit ? <MailSettingsPanel /> : <Text color="gray">Mail settings are for admins.</Text>}
              </Tabs.Content>
            </>
          )}
        </Box>
      </Tabs.Root>
    </Flex>
  )
}

interface TabProps {
  settings: SiteSettings
  canEdit: boolean
  onSaved(message: string): Promise<void>
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card size="3">
      <Flex direction="column" gap="3">
        <Box>
          <Heading as="h2" size="4">
            {title}
          </Heading>
          {description && (
            <Text as="p" size="2" color="gray">
              {description}
            </Text>
          )}
        </Box>
        {children}
      </Flex>
    </Card>
  )
}

function FormError({ error }: { error: string | null }) {
  if (!error) return null
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Icon>
        <ExclamationTriangleIcon />
      </Callout.Icon>
      <Callout.Text>{error}</Callout.Text>
    </Callout.Root>
  )
}

// ---------------------------------------------------------------------------------------------
// Tab 0: logos, favicon, size and preview

export function LogoTab({ settings, canEdit, onSaved }: TabProps) {
  const sliderLabel = useId()
  const [logo, setLogo] = useState<ImageChange>({ kind: 'keep' })
  const [darkLogo, setDarkLogo] = useState<ImageChange>({ kind: 'keep' })
  const [favicon, setFavicon] = useState<ImageChange>({ kind: 'keep' })
  const [size, setSize] = useState(settings.logoSize)
  const [natural, setNatural] = useState<{ logo: Size | null; darkLogo: Size | null }>({ logo: null, darkLogo: null })
  const [mode, setMode] = useState<PreviewMode>(readPreviewMode)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const present = {
    logo: logo.kind === 'new' || (logo.kind === 'keep' && Boolean(settings.logo)),
    darkLogo: darkLogo.kind === 'new' || (darkLogo.kind === 'keep' && Boolean(settings.darkLogo)),
  }
  const dimensions = {
    logo: present.logo ? logoDimensionsFor(natural.logo, size) : null,
    darkLogo: present.darkLogo ? logoDimensionsFor(natural.darkLogo, size) : null,
  }
  const previewUrl = (change: ImageChange, saved: { url: string } | null) =>
    change.kind === 'new' ? change.dataUrl : change.kind === 'keep' ? (saved?.url ?? null) : null
  const preview =
    mode === 'dark' ? (previewUrl(darkLogo, settings.darkLogo) ?? previewUrl(logo, settings.logo)) : previewUrl(logo, settings.logo)
  const setNaturalOf = useCallback(
    (which: 'logo' | 'darkLogo') => (value: Size | null) => setNatural((now) => ({ ...now, [which]: value })),
    [],
  )
  const naturalLogo = useMemo(() => setNaturalOf('logo'), [setNaturalOf])
  const naturalDark = useMemo(() => setNaturalOf('darkLogo'), [setNaturalOf])

  const handleSave = async () => {
    setError(null)
    const problem = checkLogoDimensions([
      { present: present.logo, dimensions: dimensions.logo },
      { present: present.darkLogo, dimensions: dimensions.darkLogo },
    ])
    if (problem) return setError(problem)
    setSaving(true)
    try {
      const files = { logo: imageBody(logo), darkLogo: imageBody(darkLogo), favicon: imageBody(favicon) }
      if (Object.values(files).some((value) => value !== undefined)) await api.call('site.saveLogo', { body: files })
      await api.call('site.saveTheme', { body: themeBody(size, dimensions.logo, dimensions.darkLogo) })
      setLogo({ kind: 'keep' })
      setDarkLogo({ kind: 'keep' })
      setFavicon({ kind: 'keep' })
      await onSaved('Logo settings saved.')
    } catch (caught) {
      setError(failureText(caught))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Flex direction="column" gap="4">
      <Section title="Logos" description="Shown in the navigation bar and on the sign-in page. JPG or PNG.">
        <FormError error={error} />
        <ImageField
          label="Logo"
          currentUrl={settings.logo?.url ?? null}
          value={logo}
          onChange={setLogo}
          maxBytes={IMAGE_LIMITS.logo}
          onNaturalSize={naturalLogo}
          background="#FFFFFF"
          disabled={!canEdit}
        />
        <ImageField
          label="Dark mode logo"
          currentUrl={settings.darkLogo?.url ?? null}
          value={darkLogo}
          onChange={setDarkLogo}
          maxBytes={IMAGE_LIMITS.logo}
          onNaturalSize={naturalDark}
          background="#111111"
          disabled={!canEdit}
        />
        <ImageField
          label="Favicon"
          currentUrl={settings.favicon?.url ?? null}
          value={favicon}
          onChange={setFavicon}
          maxBytes={IMAGE_LIMITS.favicon}
          previewHeight={32}
          hint="The browser tab’s icon: a square JPG or PNG."
          disabled={!canEdit}
        />
      </Section>
      <Section title="Size and preview">
        <Flex direction="column" gap="2">
          <Flex justify="between">
            <Text size="2" weight="medium" id={sliderLabel}>
              Logo size
            </Text>
            <Text size="2" color="gray">
              {size} px high
            </Text>
          </Flex>
          <Slider
            aria-labelledby={sliderLabel}
            min={LOGO_SIZE.min}
            max={LOGO_SIZE.max}
            step={1}
            value={[size]}
            onValueChange={([value]) => setSize(value)}
            disabled={!canEdit}
          />
        </Flex>
        <Flex align="center" gap="3" wrap="wrap">
          <SegmentedControl.Root
            value={mode}
            onValueChange={(value) => {
              setMode(value as PreviewMode)
              writePreviewMode(value as PreviewMode)
            }}
            aria-label="Preview theme mode"
          >
            <SegmentedControl.Item value="light">Light</SegmentedControl.Item>
            <SegmentedControl.Item value="dark">Dark</SegmentedControl.Item>
          </SegmentedControl.Root>
          <Text size="2" color="gray" data-testid="logo-dimensions">
            {dimensions.logo ? `Logo ${dimensions.logo.width} × ${dimensions.logo.height} px` : 'Logo: no dimensions yet'}
            {' · '}
            {dimensions.darkLogo
              ? `Dark mode logo ${dimensions.darkLogo.width} × ${dimensions.darkLogo.height} px`
              : 'Dark mode logo: no dimensions yet'}
          </Text>
        </Flex>
        <Flex
          align="center"
          px="4"
          role="img"
          aria-label={`${mode === 'dark' ? 'Dark' : 'Light'} preview of the logo`}
          style={{
            height: Math.max(size + 24, 64),
            background: mode === 'dark' ? '#111111' : '#FFFFFF',
            borderRadius: 'var(--radius-2)',
            border: '1px solid var(--gray-a5)',
          }}
        >
          {preview ? <img src={preview} alt="" style={{ height: size, width: 'auto' }} /> : <Text color="gray">No logo for this mode</Text>}
        </Flex>
      </Section>
      {canEdit && (
        <Flex justify="end">
          <Button onClick={() => void handleSave()} loading={saving}>
            Save logo settings
          </Button>
        </Flex>
      )}
    </Flex>
  )
}

// ---------------------------------------------------------------------------------------------
// Tab 1: theme colours

const COLOR_FIELDS: { key: keyof ThemeColors; label: string }[] = [
  { key: 'primary', label: 'Primary colour' },
  { key: 'accent', label: 'Accent colour' },
  { key: 'navbarBackground', label: 'Navbar background' },
  { key: 'navbarText', label: 'Navbar text' },
  { key: 'buttonText', label: 'Button text' },
]
const HEX = /^#[0-9a-fA-F]{6}$/

export function ThemeTab({ settings, canEdit, onSaved }: TabProps) {
  const [colors, setColors] = useState<ThemeColors>(settings.colors)
  const [slider, setSlider] = useState(settings.showSidebarSlider)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  const handleSave = async () => {
    const invalid = Object.fromEntries(
      COLOR_FIELDS.filter(({ key }) => !HEX.test(colors[key])).map(({ key }) => [key, 'Use a colour like #F5C542']),
    )
    setFieldErrors(invalid)
    setError(null)
    if (Object.keys(invalid).length) return
    setSaving(true)
    try {
      await api.call('site.saveColors', { body: colors })
      if (slider !== settings.showSidebarSlider) await api.call('site.saveSettings', { body: { showSidebarSlider: slider } })
      await onSaved('Theme saved.')
    } catch (caught) {
      setError(failureText(caught))
      if (caught instanceof ApiError) setFieldErrors(caught.errors)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Flex direction="column" gap="4">
      <Section title="Colours" description="Applied to the whole back-office and the sign-in page as soon as they are saved.">
        <FormError error={error} />
        <Flex direction="column" gap="3">
          {COLOR_FIELDS.map(({ key, label }) => (
            <ColorField
              key={key}
              label={label}
              value={colors[key]}
              error={fieldErrors[key]}
              disabled={!canEdit}
              onChange={(value) => setColors((now) => ({ ...now, [key]: value }))}
            />
          ))}
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Button type="button" variant="soft" color="gray" disabled={!canEdit} onClick={() => setColors({ ...DEFAULT_THEME_COLORS })}>
            Use the default colours
          </Button>
        </Flex>
        <ThemePreview colors={colors} />
      </Section>
      <Section title="Sidebar">
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <Switch checked={slider} onCheckedChange={setSlider} disabled={!canEdit} />
            Show the featured-artist slider in the client portal’s sidebar
          </Flex>
        </Text>
      </Section>
      {canEdit && (
        <Flex justify="end">
          <Button onClick={() => void handleSave()} loading={saving}>
            Save theme
          </Button>
        </Flex>
      )}
    </Flex>
  )
}

function ColorField({
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string
  value: string
  error?: string
  disabled: boolean
  onChange(value: string): void
}) {
  const id = useId()
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="2" align="center">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          style={{
            width: 40,
            height: 32,
            padding: 0,
            border: '1px solid var(--gray-a7)',
            borderRadius: 'var(--radius-2)',
            background: 'none',
          }}
        />
        <TextField.Root
          id={id}
          value={value}
          maxLength={7}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
          style={{ width: 120, fontFamily: 'var(--code-font-family)' }}
        />
      </Flex>
      {error && (
        <Text id={`${id}-error`} size="1" color="red" role="alert">
          {error}
        </Text>
      )}
    </Flex>
  )
}

function ThemePreview({ colors }: { colors: ThemeColors }) {
  const safe = (value: string, fallback: string) => (HEX.test(value) ? value : fallback)
  return (
    <Box
      role="img"
      aria-label="Preview of the colours"
      style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)', overflow: 'hidden' }}
    >
      <Flex
        align="center"
        px="3"
        style={{ height: 40, background: safe(colors.navbarBackground, '#000000'), color: safe(colors.navbarText, '#F5C542') }}
      >
        <Text weight="bold">Navigation bar</Text>
      </Flex>
      <Flex align="center" gap="3" p="3" style={{ background: safe(colors.accent, '#FFF8E6') }}>
        <span
          style={{
            background: safe(colors.primary, '#F5C542'),
            color: safe(colors.buttonText, '#000000'),
            padding: '6px 12px',
            borderRadius: 'var(--radius-2)',
            fontWeight: 500,
          }}
        >
          Button
        </span>
        <Text size="2">Page background with the accent colour</Text>
      </Flex>
    </Box>
  )
}

// ---------------------------------------------------------------------------------------------
// Tab 2: company details

export function CompanyTab({ settings, canEdit, onSaved }: TabProps) {
  return (
    <Flex direction="column" gap="4">
      <CompanyNameForm settings={settings} canEdit={canEdit} onSaved={onSaved} />
      <SupportEmailForm settings={settings} canEdit={canEdit} onSaved={onSaved} />
      <ShortLinkForm settings={settings} canEdit={canEdit} onSaved={onSaved} />
      <AddressForm settings={settings} canEdit={canEdit} onSaved={onSaved} />
    </Flex>
  )
}

function useSave(action: () => Promise<unknown>, onSaved: (message: string) => Promise<void>, message: string) {
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const run = async () => {
    setSaving(true)
    setError(null)
    setFieldErrors({})
    try {
      await action()
      await onSaved(message)
    } catch (caught) {
      setError(failureText(caught))
      if (caught instanceof ApiError) setFieldErrors(caught.errors)
    } finally {
      setSaving(false)
    }
  }
  return { saving, error, fieldErrors, setFieldErrors, run }
}

function CompanyNameForm({ settings, canEdit, onSaved }: TabProps) {
  const [name, setName] = useState(settings.companyName ?? '')
  const save = useSave(() => api.call('site.saveSettings', { body: { companyName: name } }), onSaved, 'Company name saved.')
  return (
    <Section title="Company">
      <form onSubmit={(event) => (event.preventDefault(), void save.run())} noValidate aria-label="Company">
        <Flex direction="column" gap="3">
          <FormError error={save.error} />
          <Field
            label="Company name"
            value={name}
            onValueChange={setName}
            maxLength={120}
            error={save.fieldErrors.companyName}
            disabled={!canEdit}
          />
          {canEdit && (
            <Flex justify="end">
              <Button type="submit" loading={save.saving}>
                Save company name
              </Button>
            </Flex>
          )}
        </Flex>
      </form>
    </Section>
  )
}

export function SupportEmailForm({ settings, canEdit, onSaved }: TabProps) {
  const [email, setEmail] = useState(settings.supportEmail ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const save = useSave(() => api.call('site.saveSupportEmail', { body: { supportEmail: email.trim() } }), onSaved, 'Support email saved.')
  const handleSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault()
    const found = supportEmailProblem(email)
    setProblem(found)
    if (!found) void save.run()
  }
  return (
    <Section title="Support" description="Where your artists and labels write when they need help.">
      <form onSubmit={handleSubmit} noValidate aria-label="Support">
        <Flex direction="column" gap="3">
          {!problem && <FormError error={save.fieldErrors.supportEmail ? null : save.error} />}
          <Field
            label="Support email"
            type="email"
            value={email}
            onValueChange={(value) => (setEmail(value), setProblem(null))}
            error={problem ?? save.fieldErrors.supportEmail}
            disabled={!canEdit}
          />
          {canEdit && (
            <Flex justify="end">
              <Button type="submit" loading={save.saving}>
                Save support email
              </Button>
            </Flex>
          )}
        </Flex>
      </form>
    </Section>
  )
}

/** Where release smartlinks live; empty falls back to this workspace's own address + /l/. */
function ShortLinkForm({ settings, canEdit, onSaved }: TabProps) {
  const [host, setHost] = useState(settings.shortLinkHost ?? '')
  const save = useSave(() => api.call('site.saveSettings', { body: { shortLinkHost: host.trim() } }), onSaved, 'Short-link host saved.')
  return (
    <Section
      title="Short links"
      description="The host of release smartlinks, like go.example.com (links become https://go.example.com/l/code). Point it at this server; leave it empty to use this workspace’s own address."
    >
      <form onSubmit={(event) => (event.preventDefault(), void save.run())} noValidate aria-label="Short links">
        <Flex direction="column" gap="3">
          <FormError error={save.fieldErrors.shortLinkHost ? null : save.error} />
          <Field
            label="Short-link host"
            value={host}
            onValueChange={setHost}
            maxLength={300}
            placeholder={`${window.location.host}/l/`}
            error={save.fieldErrors.shortLinkHost}
            disabled={!canEdit}
          />
          {canEdit && (
            <Flex justify="end">
              <Button type="submit" loading={save.saving}>
                Save short-link host
              </Button>
            </Flex>
          )}
        </Flex>
      </form>
    </Section>
  )
}

function AddressForm({ settings, canEdit, onSaved }: TabProps) {
  const countryLabel = useId()
  const [address, setAddress] = useState({
    country: settings.address.country ?? '',
    postcode: settings.address.postcode ?? '',
    state: settings.address.state ?? '',
    city: settings.address.city ?? '',
    line1: settings.address.line1 ?? '',
    line2: settings.address.line2 ?? '',
  })
  const [local, setLocal] = useState<Record<string, string>>({})
  const save = useSave(() => api.call('site.saveAddress', { body: address }), onSaved, 'Address saved.')
  const set = (key: keyof typeof address) => (value: string) => setAddress((now) => ({ ...now, [key]: value }))
  // What the form found first; otherwise what the server said, field by field.
  const problems = Object.keys(local).length ? local : save.fieldErrors
  const handleSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    if (!address.country) found.country = 'Country is required'
    if (!address.postcode.trim()) found.postcode = 'Postcode is required'
    if (!address.state.trim()) found.state = 'State is required'
    setLocal(found)
    if (!Object.keys(found).length) void save.run()
  }
  return (
    <Section title="Address">
      <form onSubmit={handleSubmit} noValidate aria-label="Address">
        <Flex direction="column" gap="3">
          <FormError error={Object.keys(problems).length ? null : save.error} />
          <Flex direction="column" gap="1">
            <Text size="2" weight="medium" id={countryLabel}>
              Country
            </Text>
            <Select.Root value={address.country || undefined} onValueChange={set('country')} disabled={!canEdit}>
              <Select.Trigger aria-labelledby={countryLabel} placeholder="Choose a country" />
              <Select.Content position="popper" style={{ maxHeight: 320 }}>
                {COUNTRIES.map((country) => (
                  <Select.Item key={country.code} value={country.code}>
                    {country.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
            {problems.country && (
              <Text size="1" color="red" role="alert">
                {problems.country}
              </Text>
            )}
          </Flex>
          <Flex gap="3" wrap="wrap">
            <Box style={{ flex: 1, minWidth: 180 }}>
              <Field
                label="Postcode"
                value={address.postcode}
                onValueChange={set('postcode')}
                error={problems.postcode}
                disabled={!canEdit}
              />
            </Box>
            <Box style={{ flex: 1, minWidth: 180 }}>
              <Field label="State" value={address.state} onValueChange={set('state')} error={problems.state} disabled={!canEdit} />
            </Box>
            <Box style={{ flex: 1, minWidth: 180 }}>
              <Field label="City" value={address.city} onValueChange={set('city')} error={problems.city} disabled={!canEdit} />
            </Box>
          </Flex>
          <Field label="Address line 1" value={address.line1} onValueChange={set('line1')} error={problems.line1} disabled={!canEdit} />
          <Field label="Address line 2" value={address.line2} onValueChange={set('line2')} error={problems.line2} disabled={!canEdit} />
          {canEdit && (
            <Flex justify="end">
              <Button type="submit" loading={save.saving}>
                Save address
              </Button>
            </Flex>
          )}
        </Flex>
      </form>
    </Section>
  )
}
