CREATE TABLE "activity_items" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"contest_id" uuid,
	"link" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_items_user_idx" ON "activity_items" USING btree ("user_id","created_at");--> statement-breakpoint
-- Activity so far, from the tables it used to be rebuilt from (the same titles); events keep it from here on.
INSERT INTO "activity_items" ("id", "user_id", "type", "title", "contest_id", "link", "created_at")
SELECT 'contest_created:' || c.id, c.organizer_id, 'contest_created', 'You created the contest "' || c.title || '"', c.id, NULL, c.created_at
FROM contests c
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "activity_items" ("id", "user_id", "type", "title", "contest_id", "link", "created_at")
SELECT 'entry_submitted:' || e.id, e.participant_id, 'entry_submitted', 'You submitted "' || e.title || '" to "' || c.title || '"', NULL, '/dashboard/entries', e.created_at
FROM entries e JOIN contests c ON c.id = e.contest_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "activity_items" ("id", "user_id", "type", "title", "contest_id", "link", "created_at")
SELECT 'entry_' || e.status || ':' || e.id, e.participant_id, 'entry_' || e.status, 'Your entry "' || e.title || '" was ' || e.status, NULL, '/dashboard/entries', e.reviewed_at
FROM entries e
WHERE e.status IN ('approved', 'rejected') AND e.reviewed_by IS NOT NULL AND e.reviewed_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "activity_items" ("id", "user_id", "type", "title", "contest_id", "link", "created_at")
SELECT 'vote_cast:' || v.id, v.voter_id, 'vote_cast',
  'You ' || CASE WHEN v.amount = 1 THEN 'voted' ELSE 'cast ' || v.amount || ' votes' END || ' for "' || e.title || '" in "' || c.title || '"',
  c.id, NULL, v.created_at
FROM votes v JOIN entries e ON e.id = v.entry_id JOIN contests c ON c.id = v.contest_id
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "activity_items" ("id", "user_id", "type", "title", "contest_id", "link", "created_at")
SELECT 'prize_won:' || c.id, e.participant_id, 'prize_won', 'You won "' || c.title || '"', c.id, NULL, c.finalized_at
FROM contests c JOIN entries e ON e.id = c.winner_entry_id
WHERE c.status = 'ended' AND c.finalized_at IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "activity_items" ("id", "user_id", "type", "title", "contest_id", "link", "created_at")
SELECT 'comment_posted:' || m.id, m.author_id, 'comment_posted', 'You commented on "' || c.title || '"', c.id, NULL, m.created_at
FROM comments m JOIN contests c ON c.id = m.contest_id
WHERE m.status <> 'deleted'
ON CONFLICT DO NOTHING;
