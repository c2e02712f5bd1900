ALTER TABLE "academic_programme" ADD COLUMN "programme_type" text;--> statement-breakpoint
ALTER TABLE "course_offering" ADD COLUMN "room_id" uuid;--> statement-breakpoint
ALTER TABLE "intake" ADD COLUMN "section_count" smallint;--> statement-breakpoint
ALTER TABLE "course_offering" ADD CONSTRAINT "course_offering_room_fk" FOREIGN KEY ("room_id") REFERENCES "public"."facility"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_offering_room_idx" ON "course_offering" USING btree ("room_id");--> statement-breakpoint
ALTER TABLE "academic_programme" ADD CONSTRAINT "academic_programme_type_ck" CHECK ("academic_programme"."programme_type" in ('Type 1', 'Type 2'));--> statement-breakpoint
ALTER TABLE "intake" ADD CONSTRAINT "intake_section_count_ck" CHECK ("intake"."section_count" between 1 and 26);