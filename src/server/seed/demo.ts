export const DEMO_TENANT = { slug: 'demo', name: 'Demo Music' } as const
export const DEMO_PASSWORD = 'demo-password'
export const DEMO_SIGN_INS = [
  { email: 'operator@demo.test', role: 'white-label operator (owning admin)' },
  { email: 'admin@demo.test', role: 'admin' },
  { email: 'artist@demo.test', role: 'artist' },
  { email: 'label@demo.test', role: 'label' },
] as const
