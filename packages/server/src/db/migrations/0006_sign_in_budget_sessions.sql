CREATE TABLE "session_family" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_failure" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_challenge" ADD COLUMN "kind" text DEFAULT 'code' NOT NULL;--> statement-breakpoint
ALTER TABLE "session_family" ADD CONSTRAINT "session_family_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_failure" ADD CONSTRAINT "sign_in_failure_user_id_admin_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."admin_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_family_user_idx" ON "session_family" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_attempt_client_idx" ON "sign_in_attempt" USING btree ("client_address","created_at");--> statement-breakpoint
CREATE INDEX "sign_in_failure_user_idx" ON "sign_in_failure" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "otp_challenge_code_hash_idx" ON "otp_challenge" USING btree ("code_hash");--> statement-breakpoint
-- hand-written
-- Sessions signed in before this migration: one family row each, revoked when all its tokens are.
INSERT INTO "session_family" ("id", "user_id", "revoked_at", "created_at")
SELECT "family_id", (array_agg("user_id"))[1],
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END, min("created_at")
FROM "refresh_token" GROUP BY "family_id"
ON CONFLICT ("id") DO NOTHING;
