export * from './crt.js';
export * from './percentage-loss.js';
export * from './provenance.js';
export * from './siege-table.js';
export * from './victory-levels.js';
