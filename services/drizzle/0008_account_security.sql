CREATE TABLE "rate_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"window_ms" integer NOT NULL,
	"win" bigint NOT NULL,
	"cur" integer NOT NULL,
	"prev" integer NOT NULL,
	"at_ms" bigint NOT NULL,
	"ok" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failure" ADD COLUMN "locks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "redacted_body" text;