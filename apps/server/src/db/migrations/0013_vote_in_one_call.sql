-- A vote in one database call (issue 12, decision 006 revised).
--
-- ledger_post: the one posting statement of the ledger (ledger.repository.ts `postInOneStatement`
-- calls it; so does cast_vote). Locks the accounts in code order (so concurrent postings never
-- deadlock), computes every new balance and, only if every account exists and none that may not go
-- negative would, inserts the transaction (a reference that already exists inserts nothing), writes
-- the balances and the journal lines. Every write hangs on the same gate, so a refusal writes
-- nothing. Answers {found, go, transactionId, lines:[{code, asset, balance, before, ok}]}.
CREATE OR REPLACE FUNCTION ledger_post(
  p_reference text, p_kind text, p_description text, p_metadata jsonb, p_codes text[], p_amounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  result jsonb;
BEGIN
  IF (SELECT coalesce(sum(a), 0) FROM unnest(p_amounts) a) <> 0 THEN
    RAISE EXCEPTION 'ledger posting % does not balance', p_reference USING ERRCODE = 'check_violation';
  END IF;
  WITH lines(code, amount) AS (SELECT * FROM unnest(p_codes, p_amounts)),
  present AS (SELECT count(*)::int AS n FROM ledger_accounts WHERE code IN (SELECT code FROM lines)),
  -- Lock only when every account exists: holding some of them while the caller creates the
  -- others could deadlock with a posting that created one of those and waits for ours.
  locked AS (
    SELECT a.id, a.code, a.asset, a.balance, a.allow_negative FROM ledger_accounts a
    WHERE a.code IN (SELECT code FROM lines) AND (SELECT n FROM present) = cardinality(p_codes)
    ORDER BY a.code FOR UPDATE
  ),
  next AS (
    SELECT l.id, l.code, l.asset, l.balance AS before, l.balance + x.amount AS balance, x.amount,
      (l.allow_negative OR l.balance + x.amount >= 0) AS ok
    FROM locked l JOIN lines x ON x.code = l.code
  ),
  gate AS (SELECT count(*) = cardinality(p_codes) AND coalesce(bool_and(ok), false) AS go FROM next),
  t AS (
    INSERT INTO ledger_transactions (reference, kind, description, metadata)
    SELECT p_reference, p_kind, p_description, coalesce(p_metadata, '{}'::jsonb) FROM gate WHERE go
    ON CONFLICT (reference) DO NOTHING
    RETURNING id
  ),
  b AS (
    UPDATE ledger_accounts a SET balance = n.balance FROM next n
    WHERE a.id = n.id AND EXISTS (SELECT 1 FROM t)
    RETURNING a.id
  ),
  e AS (
    INSERT INTO ledger_entries (transaction_id, account_id, asset, amount, balance_after)
    SELECT t.id, n.id, n.asset, n.amount, n.balance FROM t, next n
    RETURNING id
  )
  SELECT jsonb_build_object(
    'found', (SELECT n FROM present),
    'go', (SELECT go FROM gate),
    'transactionId', (SELECT id FROM t),
    'lines', (SELECT jsonb_agg(jsonb_build_object('code', code, 'asset', asset, 'balance', balance, 'before', before, 'ok', ok)) FROM next)
  ) INTO result;
  RETURN result;
END;
$$;
--> statement-breakpoint
-- cast_vote: a vote, free or paid, in one call (votes.repository.ts `castVoteCall`; the rules are
-- documented in modules/votes/cast-vote.ts). In order:
--   1. the voter's lock (727201): one voter's votes serialise, so every limit and the idempotency
--      key are exact; different voters never wait for each other;
--   2. the contest's shared lock (727202): everything that changes a contest's status, dates or
--      counters takes it exclusively first (contests.repository.ts `getContestForUpdate`, a vote's
--      removal), so the reads below see any such change that committed, and none starts until
--      this vote has committed;
--   3. one read (each statement of a plpgsql function sees what committed before it began):
--      contest, entry, earlier vote under this key, the voter's usage, their credits;
--   4. the checks, in the order of the spec; a refusal returns its reason and writes nothing;
--   5. paid: the charge through ledger_post (voter's credits to one of the revenue shards);
--   6. the entry's counters (only while it is approved), the vote and its vote.cast event. The
--      contest row is not written: its totals are kept from the events.
-- Answers jsonb {outcome: 'cast' | 'replay' | 'refused' | 'notFound', …}; raises SQLSTATE CV001 (and
-- writes nothing) when the entry was rejected between the read and its counter update.
CREATE OR REPLACE FUNCTION cast_vote(
  p_vote_id uuid, p_contest_id uuid, p_entry_id uuid, p_voter_id uuid, p_vote_type text, p_amount int,
  p_idempotency_key text, p_at timestamptz, p_day_start timestamptz, p_daily_free_limit int, p_weight int,
  p_credits_account text, p_revenue_account text, p_ledger_description text,
  p_event_name text, p_event_aggregate text, p_event_payload jsonb
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  c record;
  en record;
  replay_id uuid;
  used_total int;
  used_free int;
  free_today int;
  credit_units bigint := 0;
  is_free boolean := p_vote_type = 'free';
  amount int := CASE WHEN p_vote_type = 'free' THEN 1 ELSE p_amount END;
  cost bigint;
  weighted int;
  posted jsonb;
  counters record;
  usage jsonb;
  limits jsonb;
  open_rows int;
BEGIN
  PERFORM pg_advisory_xact_lock(727201, hashtext(p_voter_id::text));
  PERFORM pg_advisory_xact_lock_shared(727202, hashtext(p_contest_id::text));

  SELECT id, status, entry_start_date, entry_end_date, voting_start_date, voting_end_date, voting_type,
    voting_fee_amount, free_votes_per_user, max_votes_per_user
  INTO c FROM contests WHERE id = p_contest_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'notFound');
  END IF;

  SELECT
    (SELECT v.id FROM votes v WHERE v.voter_id = p_voter_id AND v.idempotency_key = p_idempotency_key),
    (SELECT coalesce(sum(v.amount), 0)::int FROM votes v WHERE v.contest_id = p_contest_id AND v.voter_id = p_voter_id AND v.is_active),
    (SELECT coalesce(sum(v.amount), 0)::int FROM votes v
      WHERE v.contest_id = p_contest_id AND v.voter_id = p_voter_id AND v.is_active AND v.vote_type = 'free'),
    (SELECT coalesce(sum(v.amount), 0)::int FROM votes v
      WHERE v.voter_id = p_voter_id AND v.vote_type = 'free' AND v.is_active AND v.created_at >= p_day_start),
    CASE WHEN p_credits_account IS NULL THEN 0
      ELSE coalesce((SELECT a.balance FROM ledger_accounts a WHERE a.code = p_credits_account), 0) END
  INTO replay_id, used_total, used_free, free_today, credit_units;

  usage := jsonb_build_object('usedTotal', used_total, 'usedFree', used_free, 'freeToday', free_today);
  limits := jsonb_build_object(
    'status', c.status, 'entryStartDate', c.entry_start_date, 'entryEndDate', c.entry_end_date,
    'votingStartDate', c.voting_start_date, 'votingEndDate', c.voting_end_date, 'votingType', c.voting_type,
    'votingFeeAmount', c.voting_fee_amount, 'freeVotesPerUser', c.free_votes_per_user, 'maxVotesPerUser', c.max_votes_per_user);

  IF replay_id IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'replay', 'contest', limits, 'usage', usage,
      'vote', (SELECT jsonb_build_object('id', v.id, 'contestId', v.contest_id, 'entryId', v.entry_id, 'voterId', v.voter_id,
                'voteType', v.vote_type, 'amount', v.amount, 'weightedTotal', v.weighted_total, 'creditCost', v.credit_cost,
                'idempotencyKey', v.idempotency_key, 'isActive', v.is_active, 'createdAt', v.created_at)
               FROM votes v WHERE v.id = replay_id),
      'entry', (SELECT jsonb_build_object('votesCount', e.votes_count, 'weightedVotes', e.weighted_votes)
                FROM votes v JOIN entries e ON e.id = v.entry_id WHERE v.id = replay_id));
  END IF;

  SELECT id, contest_id, participant_id, status INTO en FROM entries WHERE id = p_entry_id;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'entryNotFound');
  ELSIF en.contest_id <> p_contest_id THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'wrongContest');
  ELSIF en.participant_id = p_voter_id THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'ownEntry');
  ELSIF en.status <> 'approved' THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'notApproved');
  END IF;

  -- The voting window (phase.ts `phaseAt` = 'voting'); the message comes from phase.ts.
  IF c.status NOT IN ('active', 'voting') OR p_at < c.voting_start_date OR p_at >= c.voting_end_date THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'votingClosed', 'contest', limits);
  END IF;

  -- The limits, in the order of vote-limits.ts (which also answers what a voter has left).
  IF c.voting_type = 'paid' AND is_free THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'paidOnly');
  ELSIF c.voting_type = 'free' AND NOT is_free THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'freeOnly');
  ELSIF c.max_votes_per_user IS NOT NULL AND used_total + amount > c.max_votes_per_user THEN
    IF c.max_votes_per_user - used_total <= 0 THEN
      RETURN jsonb_build_object('outcome', 'refused', 'reason', 'maxReached', 'max', c.max_votes_per_user);
    END IF;
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'maxLeft', 'left', c.max_votes_per_user - used_total);
  ELSIF is_free AND used_free >= c.free_votes_per_user THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'freeContestLimit');
  ELSIF is_free AND free_today >= p_daily_free_limit THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'freeDailyLimit');
  END IF;

  cost := CASE WHEN is_free THEN 0 ELSE c.voting_fee_amount::bigint * amount END;
  IF cost > credit_units THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'insufficientCredits', 'required', cost, 'available', credit_units);
  END IF;
  weighted := p_weight * amount;

  IF cost > 0 THEN
    -- The revenue shard is created on its first use (16 rows in all).
    IF NOT EXISTS (SELECT 1 FROM ledger_accounts WHERE code = p_revenue_account) THEN
      INSERT INTO ledger_accounts (code, asset, kind, allow_negative) VALUES (p_revenue_account, 'CREDIT', 'platform_revenue', false)
      ON CONFLICT (code) DO NOTHING;
    END IF;
    posted := ledger_post('vote:' || p_vote_id, 'vote_spend', p_ledger_description,
      jsonb_build_object('voteId', p_vote_id, 'contestId', p_contest_id, 'entryId', p_entry_id, 'amount', amount),
      ARRAY[p_credits_account, p_revenue_account], ARRAY[-cost, cost]);
    IF NOT coalesce((posted ->> 'go')::boolean, false) THEN
      -- The balance moved between the read and the lock (a transfer elsewhere): nothing was written.
      RETURN jsonb_build_object('outcome', 'refused', 'reason', 'insufficientCredits');
    END IF;
  END IF;

  UPDATE entries SET votes_count = votes_count + amount, weighted_votes = weighted_votes + weighted
  WHERE id = p_entry_id AND status = 'approved'
  RETURNING votes_count, weighted_votes INTO counters;
  IF NOT FOUND THEN
    -- Rejected or disqualified since the read: undo the charge with the rest.
    RAISE EXCEPTION 'entry % is no longer approved', p_entry_id USING ERRCODE = 'CV001';
  END IF;

  INSERT INTO votes (id, contest_id, entry_id, voter_id, vote_type, amount, weighted_total, credit_cost, idempotency_key, created_at)
  VALUES (p_vote_id, p_contest_id, p_entry_id, p_voter_id, p_vote_type, amount, weighted, cost,
    coalesce(p_idempotency_key, 'auto:' || p_vote_id), p_at);

  -- The contest's totals (total_votes, total_voters) follow from this event (votes module,
  -- contest-totals.subscriber.ts): no row that every vote on the contest updates and holds to commit.
  INSERT INTO domain_events (name, aggregate, payload, actor_id)
  VALUES (p_event_name, p_event_aggregate, p_event_payload || jsonb_build_object('creditCost', cost), p_voter_id);

  RETURN jsonb_build_object('outcome', 'cast', 'contest', limits, 'usage', usage, 'creditCost', cost,
    'amount', amount, 'weightedTotal', weighted,
    'entry', jsonb_build_object('votesCount', counters.votes_count, 'weightedVotes', counters.weighted_votes));
END;
$$;
