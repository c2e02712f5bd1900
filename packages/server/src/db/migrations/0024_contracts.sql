CREATE TABLE "contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"faculty_id" uuid NOT NULL,
	"term_id" uuid NOT NULL,
	"hours" integer NOT NULL,
	"rate_per_hour" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"area_head_email" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "contract_hours_ck" CHECK ("contract"."hours" > 0),
	CONSTRAINT "contract_rate_ck" CHECK ("contract"."rate_per_hour" > 0),
	CONSTRAINT "contract_dates_ck" CHECK ("contract"."end_date" >= "contract"."start_date")
);
--> statement-breakpoint
CREATE TABLE "contract_course_offering" (
	"contract_id" uuid NOT NULL,
	"course_offering_id" uuid NOT NULL,
	CONSTRAINT "contract_course_offering_contract_id_course_offering_id_pk" PRIMARY KEY("contract_id","course_offering_id")
);
--> statement-breakpoint
CREATE TABLE "contract_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor_email" text NOT NULL,
	"contract_version" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_faculty_id_contact_id_fk" FOREIGN KEY ("faculty_id") REFERENCES "public"."contact"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_term_id_term_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."term"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract" ADD CONSTRAINT "contract_created_by_admin_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_course_offering" ADD CONSTRAINT "contract_course_offering_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_course_offering" ADD CONSTRAINT "contract_course_offering_course_offering_id_course_offering_id_fk" FOREIGN KEY ("course_offering_id") REFERENCES "public"."course_offering"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_event" ADD CONSTRAINT "contract_event_contract_id_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_state_idx" ON "contract" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "contract_faculty_idx" ON "contract" USING btree ("faculty_id");--> statement-breakpoint
CREATE INDEX "contract_term_idx" ON "contract" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "contract_area_head_idx" ON "contract" USING btree ("area_head_email");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_event_contract_uq" ON "contract_event" USING btree ("contract_id","contract_version");