/** The release's deliveries as its record asks for them: one query, so the route's prefetch and the record ask the same address. */
export const releaseDeliveriesQuery = (releaseId: number) => ({ release_id: releaseId, page: 1, per_page: 50 })
