CREATE TABLE "code_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"lid" integer NOT NULL,
	"code" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge" (
	"submit_id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"display_pid" text NOT NULL,
	"uid" text NOT NULL,
	"username" text NOT NULL,
	"submit_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer NOT NULL,
	"share" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"time" integer,
	"memory" integer,
	"score" integer,
	"length" integer NOT NULL,
	"code" text NOT NULL,
	"language" text NOT NULL,
	"cid" integer DEFAULT 0 NOT NULL,
	"cpid" integer DEFAULT 0 NOT NULL,
	"gid" integer,
	"judger" text,
	"ip" text,
	"version" integer DEFAULT 1 NOT NULL,
	"oi_rank_score" integer,
	"is_manual" boolean DEFAULT false NOT NULL,
	"counted_status" integer,
	"cases_total" integer DEFAULT 0 NOT NULL,
	"cases_done" integer DEFAULT 0 NOT NULL,
	"progress_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requeues" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"submit_id" integer NOT NULL,
	"pid" integer NOT NULL,
	"uid" text NOT NULL,
	"case_id" integer NOT NULL,
	"status" integer NOT NULL,
	"time" integer,
	"memory" integer,
	"score" integer,
	"group_num" integer,
	"seq" integer NOT NULL,
	"mode" text DEFAULT 'default' NOT NULL,
	"user_output" text,
	"message" text,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"description" text NOT NULL,
	"name" text NOT NULL,
	"compile_command" text,
	"template" text,
	"code_template" text,
	"is_spj" boolean DEFAULT false NOT NULL,
	"oj" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failure" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_failure_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"submit_id" integer NOT NULL,
	"version" integer NOT NULL,
	"lane" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_case" (
	"id" serial PRIMARY KEY NOT NULL,
	"pid" integer NOT NULL,
	"input" text NOT NULL,
	"output" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"group_num" integer,
	"seq" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_language" (
	"pid" integer NOT NULL,
	"lid" integer NOT NULL,
	CONSTRAINT "problem_language_pid_lid_pk" PRIMARY KEY("pid","lid")
);
--> statement-breakpoint
CREATE TABLE "problem_tag" (
	"pid" integer NOT NULL,
	"tid" integer NOT NULL,
	CONSTRAINT "problem_tag_pid_tid_pk" PRIMARY KEY("pid","tid")
);
--> statement-breakpoint
CREATE TABLE "problems" (
	"id" serial PRIMARY KEY NOT NULL,
	"problem_id" text NOT NULL,
	"title" text NOT NULL,
	"author" text,
	"type" integer DEFAULT 0 NOT NULL,
	"judge_mode" text DEFAULT 'default' NOT NULL,
	"judge_case_mode" text DEFAULT 'default' NOT NULL,
	"time_limit" integer DEFAULT 1000 NOT NULL,
	"memory_limit" integer DEFAULT 256 NOT NULL,
	"stack_limit" integer DEFAULT 128 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input" text DEFAULT '' NOT NULL,
	"output" text DEFAULT '' NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hint" text,
	"source" text,
	"difficulty" integer DEFAULT 0 NOT NULL,
	"auth" integer DEFAULT 1 NOT NULL,
	"io_score" integer DEFAULT 100 NOT NULL,
	"code_share" boolean DEFAULT true NOT NULL,
	"is_remove_end_blank" boolean DEFAULT true NOT NULL,
	"open_case_result" boolean DEFAULT true NOT NULL,
	"is_file_io" boolean DEFAULT false NOT NULL,
	"io_read_file_name" text,
	"io_write_file_name" text,
	"is_remote" boolean DEFAULT false NOT NULL,
	"gid" integer,
	"user_extra_file" jsonb,
	"total" integer DEFAULT 0 NOT NULL,
	"ac" integer DEFAULT 0 NOT NULL,
	"wa" integer DEFAULT 0 NOT NULL,
	"tle" integer DEFAULT 0 NOT NULL,
	"mle" integer DEFAULT 0 NOT NULL,
	"re" integer DEFAULT 0 NOT NULL,
	"pe" integer DEFAULT 0 NOT NULL,
	"ce" integer DEFAULT 0 NOT NULL,
	"se" integer DEFAULT 0 NOT NULL,
	"pa" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "problems_problem_id_unique" UNIQUE("problem_id")
);
--> statement-breakpoint
CREATE TABLE "push_event" (
	"topic" text NOT NULL,
	"seq" bigint NOT NULL,
	"event" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_event_topic_seq_pk" PRIMARY KEY("topic","seq")
);
--> statement-breakpoint
CREATE TABLE "push_topic" (
	"topic" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_session" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" integer PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"description" text,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"oj" text DEFAULT 'ME' NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_role" (
	"uid" text NOT NULL,
	"role_id" integer NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_role_uid_role_id_pk" PRIMARY KEY("uid","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uuid" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text,
	"nickname" text,
	"realname" text,
	"school" text,
	"course" text,
	"number" text,
	"gender" text,
	"signature" text,
	"github" text,
	"blog" text,
	"cf_username" text,
	"avatar" text,
	"title_name" text,
	"title_color" text,
	"status" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "code_template" ADD CONSTRAINT "code_template_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_template" ADD CONSTRAINT "code_template_lid_languages_id_fk" FOREIGN KEY ("lid") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge" ADD CONSTRAINT "judge_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge" ADD CONSTRAINT "judge_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_case" ADD CONSTRAINT "judge_case_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_case" ADD CONSTRAINT "problem_case_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_language" ADD CONSTRAINT "problem_language_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_language" ADD CONSTRAINT "problem_language_lid_languages_id_fk" FOREIGN KEY ("lid") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_tag" ADD CONSTRAINT "problem_tag_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_tag" ADD CONSTRAINT "problem_tag_tid_tags_id_fk" FOREIGN KEY ("tid") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_template_pid_lid_idx" ON "code_template" USING btree ("pid","lid");--> statement-breakpoint
CREATE INDEX "judge_uid_idx" ON "judge" USING btree ("uid","submit_id");--> statement-breakpoint
CREATE INDEX "judge_pid_idx" ON "judge" USING btree ("pid");--> statement-breakpoint
CREATE INDEX "judge_in_progress_idx" ON "judge" USING btree ("progress_at") WHERE status in (5, 6, 7);--> statement-breakpoint
CREATE UNIQUE INDEX "judge_case_submit_case_idx" ON "judge_case" USING btree ("submit_id","case_id");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_name_oj_idx" ON "languages" USING btree ("name","oj");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE sent_at is null;--> statement-breakpoint
CREATE INDEX "problem_case_pid_idx" ON "problem_case" USING btree ("pid","seq");--> statement-breakpoint
CREATE INDEX "problems_auth_idx" ON "problems" USING btree ("auth");--> statement-breakpoint
CREATE INDEX "push_event_created_idx" ON "push_event" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_oj_idx" ON "tags" USING btree ("name","oj");