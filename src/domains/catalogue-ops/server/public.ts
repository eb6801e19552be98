// Catalogue operations' public module: the only file of src/domains/catalogue-ops/server another
// domain (or the platform's app.ts) may import. docs/architecture.md, "Boundaries".

export { createCodeAllocator, type CodeAllocator, type CodeTarget } from './code-allocator'

/** Relations other domains may read in SQL: none yet (the pools are reached through `ctx.services.codes`). */
export const readModels: readonly string[] = []
