export * from './besieged.js';
export * from './honours.js';
export * from './resolution.js';
