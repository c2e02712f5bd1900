ALTER TABLE "exam" ADD COLUMN "evaluation_deadline" date;--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "room_exclusive" boolean DEFAULT false NOT NULL;