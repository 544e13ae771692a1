export * from './score.js';
export * from './victory.js';
