/**
 * AG Grid and its modules are a chunk of their own (~170 kB compressed). One loader, so the table,
 * the start-up preload of a list route and the idle preload after sign-in share one request.
 */
let loading: Promise<typeof import('./DataGrid')> | undefined
export const loadGrid = () => (loading ??= import('./DataGrid'))
