import { themeQuartz } from 'ag-grid-community'

/**
 * Quartz coloured from Radix Themes' CSS variables, so the grid follows the accent colour and turns
 * dark with the rest of the page (Radix swaps the variables under its `dark` class).
 */
export const gridTheme = themeQuartz.withParams({
  accentColor: 'var(--accent-9)',
  backgroundColor: 'var(--color-panel-solid)',
  foregroundColor: 'var(--gray-12)',
  textColor: 'var(--gray-12)',
  subtleTextColor: 'var(--gray-11)',
  borderColor: 'var(--gray-a5)',
  chromeBackgroundColor: 'var(--gray-2)',
  headerBackgroundColor: 'var(--gray-2)',
  headerTextColor: 'var(--gray-11)',
  headerFontWeight: 600,
  rowHoverColor: 'var(--accent-a2)',
  selectedRowBackgroundColor: 'var(--accent-a4)',
  oddRowBackgroundColor: 'transparent',
  iconColor: 'var(--gray-11)',
  checkboxCheckedBackgroundColor: 'var(--accent-9)',
  checkboxCheckedBorderColor: 'var(--accent-9)',
  checkboxCheckedShapeColor: 'var(--accent-contrast)',
  checkboxIndeterminateBackgroundColor: 'var(--accent-9)',
  checkboxIndeterminateBorderColor: 'var(--accent-9)',
  checkboxIndeterminateShapeColor: 'var(--accent-contrast)',
  checkboxUncheckedBackgroundColor: 'var(--color-surface)',
  checkboxUncheckedBorderColor: 'var(--gray-a8)',
  focusShadow: '0 0 0 2px var(--focus-8)',
  rangeSelectionBorderColor: 'var(--focus-8)',
  fontFamily: 'var(--default-font-family)',
  fontSize: 14,
  borderRadius: 4,
  wrapperBorderRadius: 8,
  rowHeight: 44,
  headerHeight: 40,
  browserColorScheme: 'inherit',
})
