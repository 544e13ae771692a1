#!/usr/bin/env node
// Entry point for `ftg` and the npm scripts. Runs the TypeScript sources through tsx's
// loader so a fresh checkout works after `npm install` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
const code = await main(process.argv.slice(2));
if (typeof code === 'number') process.exitCode = code;
