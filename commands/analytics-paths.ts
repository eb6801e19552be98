/**
 * Addresses of the analytics screen that other commands open. Apart from commands/analytics.ts so that
 * the review queue's commands (loaded at start-up) do not bring every analytics declaration with them.
 */
export const ANALYTICS_PATH = '/analytics/overview'

/** A flagged track's review: the analytics tab's Reviews section with it open. */
export const trackReviewPath = (id: number | string) => `${ANALYTICS_PATH}?section=reviews&review=${encodeURIComponent(String(id))}`
