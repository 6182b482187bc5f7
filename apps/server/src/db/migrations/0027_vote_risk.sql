CREATE TABLE "fraud_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"contest_id" uuid,
	"key" text NOT NULL,
	"voter_ids" uuid[] NOT NULL,
	"entry_ids" uuid[] NOT NULL,
	"vote_count" integer NOT NULL,
	"held_count" integer DEFAULT 0 NOT NULL,
	"evidence" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "risk_score" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "risk_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "risk_signals" jsonb;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "ip_network" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "votes" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_signature" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_bin" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_bank" text;--> statement-breakpoint
ALTER TABLE "fraud_findings" ADD CONSTRAINT "fraud_findings_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_findings_key" ON "fraud_findings" USING btree ("key");--> statement-breakpoint
CREATE INDEX "fraud_findings_contest_idx" ON "fraud_findings" USING btree ("contest_id","last_seen_at");--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "votes_ip_network_idx" ON "votes" USING btree ("ip_network","created_at") WHERE "votes"."ip_network" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "votes_contest_device_idx" ON "votes" USING btree ("contest_id","device_id") WHERE "votes"."device_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "votes_review_state_idx" ON "votes" USING btree ("review_state","created_at") WHERE "votes"."review_state" IS NOT NULL;--> statement-breakpoint
-- cast_vote with the vote's risk (issue 15 item 6; modules/votes/vote-risk.ts, ADR 030): the
-- request's address, network, device id and user agent, and the rules as p_risk. Before the writes
-- it measures the signals (each one indexed look-up) and scores them; a vote at or above the hold
-- threshold is written HELD: is_active false, review_state 'held', the entry's counters untouched,
-- its event p_held_event_name (vote.held) instead of vote.cast. A held vote still counts against the
-- voter's limits. Still one call per vote.
DROP FUNCTION IF EXISTS cast_vote(uuid, uuid, uuid, uuid, text, int, text, timestamptz, timestamptz, int, int, text, text, text, text, text, jsonb);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cast_vote(
  p_vote_id uuid, p_contest_id uuid, p_entry_id uuid, p_voter_id uuid, p_vote_type text, p_amount int,
  p_idempotency_key text, p_at timestamptz, p_day_start timestamptz, p_daily_free_limit int, p_weight int,
  p_credits_account text, p_revenue_account text, p_ledger_description text,
  p_event_name text, p_event_aggregate text, p_event_payload jsonb,
  p_ip text, p_ip_network text, p_device_id text, p_user_agent text, p_risk jsonb, p_held_event_name text
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
  signals jsonb;
  risk_score int;
  risk_reasons text[];
  held boolean;
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
    (SELECT coalesce(sum(v.amount), 0)::int FROM votes v WHERE v.contest_id = p_contest_id AND v.voter_id = p_voter_id AND (v.is_active OR v.review_state = 'held')),
    (SELECT coalesce(sum(v.amount), 0)::int FROM votes v
      WHERE v.contest_id = p_contest_id AND v.voter_id = p_voter_id AND (v.is_active OR v.review_state = 'held') AND v.vote_type = 'free'),
    (SELECT coalesce(sum(v.amount), 0)::int FROM votes v
      WHERE v.voter_id = p_voter_id AND v.vote_type = 'free' AND (v.is_active OR v.review_state = 'held') AND v.created_at >= p_day_start),
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
                'idempotencyKey', v.idempotency_key, 'isActive', v.is_active, 'reviewState', v.review_state, 'createdAt', v.created_at)
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

  -- The vote's risk (modules/votes/vote-risk.ts holds the rules, weights and thresholds; p_risk
  -- carries them). Each signal is one indexed look-up; a null signal trips no rule.
  SELECT jsonb_build_object(
    'accountAgeHours', round((extract(epoch FROM p_at - u.created_at) / 3600)::numeric, 2),
    'emailVerified', CASE WHEN u.is_verified THEN 1 ELSE 0 END,
    'hasPhone', CASE WHEN u.phone IS NULL THEN 0 ELSE 1 END,
    -- Each count stops at the rule's highest threshold (caps) or scans at most scanLimit recent
    -- rows: a rule only needs to know it was passed, and a hot entry's window holds thousands.
    'voterVotes', (SELECT count(*) FROM (SELECT 1 FROM votes v WHERE v.voter_id = p_voter_id
      AND v.created_at > p_at - make_interval(secs => (p_risk ->> 'voterWindowS')::int)
      LIMIT (p_risk -> 'caps' ->> 'voterVotes')::int) x),
    'entryVotes', (SELECT count(*) FROM (SELECT 1 FROM votes v WHERE v.entry_id = p_entry_id
      AND v.created_at > p_at - make_interval(secs => (p_risk ->> 'entryWindowS')::int)
      LIMIT (p_risk -> 'caps' ->> 'entryVotes')::int) x),
    'networkAccounts', CASE WHEN p_ip_network IS NULL THEN NULL ELSE (SELECT count(DISTINCT x.voter_id) FROM (
      SELECT v.voter_id FROM votes v
      WHERE v.ip_network = p_ip_network AND v.contest_id = p_contest_id AND v.voter_id <> p_voter_id
        AND v.created_at > p_at - make_interval(secs => (p_risk ->> 'networkAccountsWindowS')::int)
      ORDER BY v.created_at DESC LIMIT (p_risk ->> 'scanLimit')::int) x) END,
    'networkVotes', CASE WHEN p_ip_network IS NULL THEN NULL ELSE (SELECT count(*) FROM (SELECT 1 FROM votes v
      WHERE v.ip_network = p_ip_network
        AND v.created_at > p_at - make_interval(secs => (p_risk ->> 'networkBurstWindowS')::int)
      LIMIT (p_risk -> 'caps' ->> 'networkVotes')::int) x) END,
    'deviceAccounts', CASE WHEN p_device_id IS NULL THEN NULL ELSE (SELECT count(DISTINCT x.voter_id) FROM (
      SELECT v.voter_id FROM votes v WHERE v.contest_id = p_contest_id AND v.device_id = p_device_id AND v.voter_id <> p_voter_id
      LIMIT (p_risk ->> 'scanLimit')::int) x) END,
    'cardAccounts', CASE WHEN is_free THEN NULL ELSE (SELECT max(n) FROM (
      SELECT count(*) AS n FROM account_fingerprints f
      JOIN account_fingerprints g ON g.kind = 'card' AND g.digest = f.digest
      WHERE f.kind = 'card' AND f.user_id = p_voter_id GROUP BY f.digest) x) END
  ) INTO signals FROM users u WHERE u.id = p_voter_id;

  SELECT least(100, coalesce(sum((r ->> 'weight')::int), 0))::int, coalesce(array_agg(r ->> 'code'), '{}'::text[])
  INTO risk_score, risk_reasons
  FROM jsonb_array_elements(p_risk -> 'rules') r
  WHERE CASE r ->> 'op'
    WHEN 'gte' THEN (signals ->> (r ->> 'signal'))::numeric >= (r ->> 'threshold')::numeric
    WHEN 'lt' THEN (signals ->> (r ->> 'signal'))::numeric < (r ->> 'threshold')::numeric
    ELSE false END;
  held := risk_score >= (p_risk ->> 'holdThreshold')::int;

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

  -- A held vote is recorded but not counted: the entry's counters stay as they are.
  IF held THEN
    SELECT votes_count, weighted_votes INTO counters FROM entries WHERE id = p_entry_id;
  ELSE
    UPDATE entries SET votes_count = votes_count + amount, weighted_votes = weighted_votes + weighted
    WHERE id = p_entry_id AND status = 'approved'
    RETURNING votes_count, weighted_votes INTO counters;
  END IF;
  IF NOT FOUND THEN
    -- Rejected or disqualified since the read: undo the charge with the rest.
    RAISE EXCEPTION 'entry % is no longer approved', p_entry_id USING ERRCODE = 'CV001';
  END IF;

  INSERT INTO votes (id, contest_id, entry_id, voter_id, vote_type, amount, weighted_total, credit_cost, idempotency_key, created_at,
    is_active, risk_score, risk_reasons, risk_signals, ip, ip_network, device_id, user_agent, review_state)
  VALUES (p_vote_id, p_contest_id, p_entry_id, p_voter_id, p_vote_type, amount, weighted, cost,
    coalesce(p_idempotency_key, 'auto:' || p_vote_id), p_at,
    NOT held, risk_score, risk_reasons, signals, p_ip, p_ip_network, p_device_id, p_user_agent,
    CASE WHEN held THEN 'held' ELSE NULL END);

  -- The contest's totals (total_votes, total_voters) follow from this event (votes module,
  -- contest-totals.subscriber.ts): no row that every vote on the contest updates and holds to commit.
  INSERT INTO domain_events (name, aggregate, payload, actor_id)
  VALUES (CASE WHEN held THEN p_held_event_name ELSE p_event_name END, p_event_aggregate,
    p_event_payload || jsonb_build_object('creditCost', cost) ||
      CASE WHEN held THEN jsonb_build_object('riskScore', risk_score, 'riskReasons', to_jsonb(risk_reasons)) ELSE '{}'::jsonb END,
    p_voter_id);

  RETURN jsonb_build_object('outcome', 'cast', 'contest', limits, 'usage', usage, 'creditCost', cost,
    'amount', amount, 'weightedTotal', weighted, 'held', held, 'riskScore', risk_score,
    'entry', jsonb_build_object('votesCount', counters.votes_count, 'weightedVotes', counters.weighted_votes));
END;
$$;
