// Every table of the product. Domains add their schema modules here.
export * from './platform'
