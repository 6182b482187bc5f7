CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"name" text NOT NULL,
	"aggregate" text NOT NULL,
	"payload" jsonb NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_cursors" (
	"subscriber" text PRIMARY KEY NOT NULL,
	"txid" "xid8" NOT NULL,
	"event_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_parked" (
	"subscriber" text NOT NULL,
	"event_id" bigint NOT NULL,
	"aggregate" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_parked_subscriber_event_id_pk" PRIMARY KEY("subscriber","event_id")
);
--> statement-breakpoint
CREATE INDEX "domain_events_order_idx" ON "domain_events" USING btree ("txid","id");--> statement-breakpoint
CREATE INDEX "domain_events_aggregate_idx" ON "domain_events" USING btree ("aggregate","id");--> statement-breakpoint
CREATE INDEX "event_parked_due_idx" ON "event_parked" USING btree ("subscriber","next_attempt_at");--> statement-breakpoint
CREATE INDEX "event_parked_aggregate_idx" ON "event_parked" USING btree ("subscriber","aggregate","event_id");--> statement-breakpoint
-- Append-only: events are history; subscribers may be replayed from the start.
CREATE FUNCTION domain_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'domain_events is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER domain_events_no_update BEFORE UPDATE OR DELETE ON "domain_events" FOR EACH ROW EXECUTE FUNCTION domain_events_append_only();
