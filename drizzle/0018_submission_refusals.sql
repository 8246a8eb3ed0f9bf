-- A submission is one statement: its rate-limit tokens, charge, jobs, tasks and events. When the
-- tokens or the credits are not there, this raises, so the whole statement rolls back (the tokens
-- taken with it included) and the caller learns which one was missing from the message.
CREATE FUNCTION studio_refuse(reason text) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF reason IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'studio_refused:' || reason;
  END IF;
  RETURN true;
END
$$;
