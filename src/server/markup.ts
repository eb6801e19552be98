/**
 * Text made safe for HTML or XML (SVG): in element content and in quoted attributes alike. Numeric
 * character references, which both languages read, so one escape serves mail, pages and images.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
