export * from './exchange.js';
