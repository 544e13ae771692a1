-- The action log is append-only: a logged action is never rewritten (replays depend on it).
CREATE TRIGGER `actions_append_only` BEFORE UPDATE ON `actions`
BEGIN
  SELECT RAISE(ABORT, 'the action log is append-only');
END;
