/**
 * Ctrl+Enter (⌘+Enter on a Mac) submits whatever dialog has the keyboard, from any field in it,
 * textareas included. One listener for every dialog, so a new dialog needs nothing to get it:
 *
 * - a dialog's element marked `data-dialog-submit` is what the key presses, when there is one;
 * - otherwise the form holding the focus, or the dialog's only form, is submitted (its own submit
 *   handler and validation run, exactly as its submit button would);
 * - otherwise the dialog's primary button (the last solid one, as Radix dialogs lay out
 *   "Cancel · Confirm") is pressed.
 *
 * A disabled submit button means the dialog is not ready: the key then does nothing. A handler
 * that already used the key (the palette's "open in a new pane") prevents its default and is
 * left alone.
 */
const DIALOG = '[role="dialog"], [role="alertdialog"]'

export type DialogSubmit = { kind: 'form'; form: HTMLFormElement } | { kind: 'button'; button: HTMLElement }

function isDisabled(element: Element): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true' || element.hasAttribute('data-disabled')
}

/** What Ctrl+Enter would submit for a key pressed on `from`, or null. */
export function dialogSubmitFor(from: Element): DialogSubmit | null {
  const dialog = from.closest(DIALOG)
  if (!dialog) return null
  const explicit = dialog.querySelector<HTMLElement>('[data-dialog-submit]')
  if (explicit) return isDisabled(explicit) ? null : { kind: 'button', button: explicit }
  const holding = from.closest('form')
  const forms = dialog.querySelectorAll('form')
  const form = holding && dialog.contains(holding) ? holding : forms.length === 1 ? forms[0] : null
  if (form) {
    const submitter = form.querySelector('button[type="submit"], input[type="submit"]')
    return submitter && isDisabled(submitter) ? null : { kind: 'form', form }
  }
  const solid = [...dialog.querySelectorAll<HTMLElement>('button.rt-Button.rt-variant-solid')]
  const primary = solid[solid.length - 1]
  return primary && !isDisabled(primary) ? { kind: 'button', button: primary } : null
}

export function isSubmitKey(event: KeyboardEvent): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.isComposing
}

function onKeyDown(event: KeyboardEvent) {
  if (!isSubmitKey(event) || event.defaultPrevented || !(event.target instanceof Element)) return
  const submit = dialogSubmitFor(event.target)
  if (!submit) return
  event.preventDefault()
  if (submit.kind === 'form') submit.form.requestSubmit()
  else submit.button.click()
}

/** Installs the key once for the document; returns how to remove it. */
export function installDialogSubmitKey(target: Document = document): () => void {
  target.addEventListener('keydown', onKeyDown)
  return () => target.removeEventListener('keydown', onKeyDown)
}
