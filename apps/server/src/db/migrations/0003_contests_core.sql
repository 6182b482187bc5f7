CREATE TABLE "comment_likes" (
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"entry_id" uuid,
	"parent_comment_id" uuid,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"flags_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_likes" (
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_likes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"contest_id" uuid,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"admin_notes" text,
	"actions_taken" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"contest_id" uuid NOT NULL,
	"title" text NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"vote_type" text NOT NULL,
	"amount" integer NOT NULL,
	"weighted_total" integer NOT NULL,
	"credit_cost" bigint DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "votes_amount_positive" CHECK ("votes"."amount" > 0 AND "votes"."weighted_total" > 0 AND "votes"."credit_cost" >= 0)
);
--> statement-breakpoint
DROP INDEX "contests_status_idx";--> statement-breakpoint
DROP INDEX "contests_organizer_idx";--> statement-breakpoint
DROP INDEX "entries_contest_idx";--> statement-breakpoint
DROP INDEX "entries_participant_idx";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "rules" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "prize_items" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "entry_fee" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "entry_fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "entry_review" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "max_participants" integer;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "voting_type" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "voting_fee_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "free_votes_per_user" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "max_votes_per_user" integer;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "restrictions" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "is_admin_contest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "finalized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "total_voters" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "media" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "allow_sharing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "votes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "weighted_votes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_likes" ADD CONSTRAINT "entry_likes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_likes" ADD CONSTRAINT "entry_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votes" ADD CONSTRAINT "votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_contest_idx" ON "comments" USING btree ("contest_id","status","created_at");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_entry_idx" ON "comments" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_once_per_reporter" ON "reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_badges_contest_key" ON "user_badges" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "user_badges_user_idx" ON "user_badges" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "votes_idempotency_key" ON "votes" USING btree ("voter_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "votes_contest_voter_idx" ON "votes" USING btree ("contest_id","voter_id");--> statement-breakpoint
CREATE INDEX "votes_entry_idx" ON "votes" USING btree ("entry_id","created_at");--> statement-breakpoint
CREATE INDEX "votes_voter_created_idx" ON "votes" USING btree ("voter_id","created_at");--> statement-breakpoint
CREATE INDEX "contests_entry_end_idx" ON "contests" USING btree ("entry_end_date");--> statement-breakpoint
CREATE INDEX "contests_voting_end_idx" ON "contests" USING btree ("voting_end_date");--> statement-breakpoint
CREATE INDEX "contests_category_idx" ON "contests" USING btree ("category");--> statement-breakpoint
CREATE INDEX "entries_status_created_idx" ON "entries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contests_status_idx" ON "contests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contests_organizer_idx" ON "contests" USING btree ("organizer_id","created_at");--> statement-breakpoint
CREATE INDEX "entries_contest_idx" ON "entries" USING btree ("contest_id","status","weighted_votes");--> statement-breakpoint
CREATE INDEX "entries_participant_idx" ON "entries" USING btree ("participant_id","created_at");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_dates_ordered" CHECK ("contests"."entry_start_date" < "contests"."entry_end_date" AND "contests"."entry_end_date" <= "contests"."voting_start_date" AND "contests"."voting_start_date" < "contests"."voting_end_date");--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_money_non_negative" CHECK ("contests"."prize_amount" >= 0 AND "contests"."entry_fee_amount" >= 0 AND "contests"."voting_fee_amount" >= 0);--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_counters_non_negative" CHECK ("entries"."votes_count" >= 0 AND "entries"."weighted_votes" >= 0 AND "entries"."likes_count" >= 0 AND "entries"."comments_count" >= 0);