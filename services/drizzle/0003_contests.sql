CREATE TABLE "contest" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"author" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"source" integer DEFAULT 0 NOT NULL,
	"auth" integer DEFAULT 0 NOT NULL,
	"pwd" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"seal_rank" boolean DEFAULT false NOT NULL,
	"seal_rank_time" timestamp with time zone,
	"auto_real_rank" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"open_print" boolean DEFAULT false NOT NULL,
	"open_rank" boolean DEFAULT false NOT NULL,
	"rank_show_name" text DEFAULT 'username' NOT NULL,
	"open_account_limit" boolean DEFAULT false NOT NULL,
	"account_limit_rule" text,
	"star_account" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"oi_rank_score_type" text DEFAULT 'Recent' NOT NULL,
	"award_type" integer DEFAULT 0 NOT NULL,
	"award_config" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allow_end_submit" boolean DEFAULT false NOT NULL,
	"gid" integer,
	"imported" boolean DEFAULT false NOT NULL,
	"board_version" integer DEFAULT 0 NOT NULL,
	"announced_phase" integer DEFAULT -1 NOT NULL,
	"next_phase_at" timestamp with time zone DEFAULT now(),
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_ac_info" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"display_id" text NOT NULL,
	"submit_id" integer NOT NULL,
	"time" integer NOT NULL,
	"submit_time" timestamp with time zone NOT NULL,
	"first_blood" boolean DEFAULT false NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_announcement_read" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"aid" integer NOT NULL,
	CONSTRAINT "contest_announcement_read_uid_aid_pk" PRIMARY KEY("uid","aid")
);
--> statement-breakpoint
CREATE TABLE "contest_print" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"content" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_problem" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"pid" integer NOT NULL,
	"display_id" text NOT NULL,
	"display_title" text NOT NULL,
	"color" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contest_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"pid" integer,
	"display_id" text NOT NULL,
	"submit_id" integer,
	"status" integer,
	"time" integer NOT NULL,
	"submit_time" timestamp with time zone NOT NULL,
	"score" integer,
	"use_time" integer,
	"language" text,
	"external_id" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_record_submit_id_unique" UNIQUE("submit_id")
);
--> statement-breakpoint
CREATE TABLE "contest_register" (
	"cid" integer NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_register_cid_uid_pk" PRIMARY KEY("cid","uid")
);
--> statement-breakpoint
ALTER TABLE "contest" ADD CONSTRAINT "contest_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_ac_info" ADD CONSTRAINT "contest_ac_info_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_ac_info" ADD CONSTRAINT "contest_ac_info_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcement" ADD CONSTRAINT "contest_announcement_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcement" ADD CONSTRAINT "contest_announcement_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcement_read" ADD CONSTRAINT "contest_announcement_read_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcement_read" ADD CONSTRAINT "contest_announcement_read_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_announcement_read" ADD CONSTRAINT "contest_announcement_read_aid_contest_announcement_id_fk" FOREIGN KEY ("aid") REFERENCES "public"."contest_announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_print" ADD CONSTRAINT "contest_print_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_print" ADD CONSTRAINT "contest_print_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problem" ADD CONSTRAINT "contest_problem_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_problem" ADD CONSTRAINT "contest_problem_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_record" ADD CONSTRAINT "contest_record_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_record" ADD CONSTRAINT "contest_record_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_register" ADD CONSTRAINT "contest_register_cid_contest_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."contest"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_register" ADD CONSTRAINT "contest_register_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contest_start_idx" ON "contest" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "contest_next_phase_idx" ON "contest" USING btree ("next_phase_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_ac_info_cell_uq" ON "contest_ac_info" USING btree ("cid","uid","display_id");--> statement-breakpoint
CREATE INDEX "contest_announcement_cid_idx" ON "contest_announcement" USING btree ("cid");--> statement-breakpoint
CREATE INDEX "contest_print_cid_idx" ON "contest_print" USING btree ("cid","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_problem_cid_display_uq" ON "contest_problem" USING btree ("cid","display_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contest_problem_cid_pid_uq" ON "contest_problem" USING btree ("cid","pid");--> statement-breakpoint
CREATE INDEX "contest_record_cid_idx" ON "contest_record" USING btree ("cid","time");--> statement-breakpoint
CREATE INDEX "contest_record_pending_idx" ON "contest_record" USING btree ("cid") WHERE "contest_record"."status" is null;