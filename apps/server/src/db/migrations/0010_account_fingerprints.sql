CREATE TABLE "account_fingerprints" (
	"kind" text NOT NULL,
	"digest" text NOT NULL,
	"user_id" uuid NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_fingerprints_kind_digest_user_id_pk" PRIMARY KEY("kind","digest","user_id")
);
--> statement-breakpoint
ALTER TABLE "account_fingerprints" ADD CONSTRAINT "account_fingerprints_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_fingerprints_user_idx" ON "account_fingerprints" USING btree ("user_id");--> statement-breakpoint
INSERT INTO "account_fingerprints" ("kind", "digest", "user_id", "first_seen_at")
SELECT 'phone', encode(sha256(convert_to("phone", 'UTF8')), 'hex'), "id", "created_at" FROM "users" WHERE "phone" IS NOT NULL
ON CONFLICT DO NOTHING;
