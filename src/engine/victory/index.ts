export * from './victory.js';
