// The site-setup domain's public module: the only file of src/domains/site-setup/server that another domain may
// import (eslint.config.js, boundaries/domain-imports). docs/architecture.md, "Boundaries".

export { missingSteps, setupProgress } from './setup.service'
export { publicBranding, shortLinkHostOf } from './service'
export { encodePng, hex, lerp } from './png'
export { imageDimensions, removeFiles } from './images'

/** Relations of this domain that other domains may name in SQL (read only); none. */
export const readModels: readonly string[] = []
