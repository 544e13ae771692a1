// Public surface of the strategic map layer (pure).
export * from './costs.js';
export * from './georef.js';
export * from './hex.js';
export * from './schema.js';
export * from './strategic-map.js';
export type * from './types.js';
