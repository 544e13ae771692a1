export { CONFIG_EXIT_CODE, type Config, envSchema, formatProblems, loadConfig, parseConfig } from './env.js';
export { createLogger, initLogger, logger, REDACT_PATHS } from './logger.js';
