CREATE TABLE "training" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"uid" text NOT NULL,
	"author" text,
	"auth" text DEFAULT 'Public' NOT NULL,
	"private_pwd" text,
	"status" boolean DEFAULT true NOT NULL,
	"rank" integer DEFAULT 1000 NOT NULL,
	"category_id" integer,
	"is_group" boolean DEFAULT false NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"gid" integer,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_problem" (
	"id" serial PRIMARY KEY NOT NULL,
	"tid" integer NOT NULL,
	"pid" integer NOT NULL,
	"display_id" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"tid" integer NOT NULL,
	"tpid" integer NOT NULL,
	"pid" integer NOT NULL,
	"uid" text NOT NULL,
	"submit_id" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_register" (
	"id" serial PRIMARY KEY NOT NULL,
	"tid" integer NOT NULL,
	"uid" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training" ADD CONSTRAINT "training_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training" ADD CONSTRAINT "training_category_id_training_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."training_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_problem" ADD CONSTRAINT "training_problem_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_problem" ADD CONSTRAINT "training_problem_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_record" ADD CONSTRAINT "training_record_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_record" ADD CONSTRAINT "training_record_tpid_training_problem_id_fk" FOREIGN KEY ("tpid") REFERENCES "public"."training_problem"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_record" ADD CONSTRAINT "training_record_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_record" ADD CONSTRAINT "training_record_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_register" ADD CONSTRAINT "training_register_tid_training_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."training"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_register" ADD CONSTRAINT "training_register_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_rank_idx" ON "training" USING btree ("rank","id");--> statement-breakpoint
CREATE UNIQUE INDEX "training_problem_tid_pid_idx" ON "training_problem" USING btree ("tid","pid");--> statement-breakpoint
CREATE INDEX "training_problem_pid_idx" ON "training_problem" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "training_record_tid_uid_idx" ON "training_record" USING btree ("tid","uid");--> statement-breakpoint
CREATE UNIQUE INDEX "training_record_submit_idx" ON "training_record" USING btree ("submit_id");--> statement-breakpoint
CREATE INDEX "training_record_uid_pid_idx" ON "training_record" USING btree ("uid","pid");--> statement-breakpoint
CREATE UNIQUE INDEX "training_register_tid_uid_idx" ON "training_register" USING btree ("tid","uid");--> statement-breakpoint
CREATE INDEX "training_register_uid_idx" ON "training_register" USING btree ("uid");