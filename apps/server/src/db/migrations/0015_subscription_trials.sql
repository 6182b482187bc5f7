CREATE TABLE "subscription_trial_claims" (
	"digest" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_amount_positive";--> statement-breakpoint
ALTER TABLE "subscription_trial_claims" ADD CONSTRAINT "subscription_trial_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_trial_unpaid" CHECK (("subscriptions"."duration" = 'trial') = ("subscriptions"."payment_method" = 'none'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_amount_positive" CHECK (("subscriptions"."payment_method" <> 'none' AND "subscriptions"."amount_kobo" > 0) OR ("subscriptions"."payment_method" = 'none' AND "subscriptions"."amount_kobo" = 0));