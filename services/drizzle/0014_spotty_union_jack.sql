CREATE TABLE "edu_task" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"released" boolean DEFAULT false NOT NULL,
	"creator" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_task_class" (
	"task_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edu_task_class_task_id_class_id_pk" PRIMARY KEY("task_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "edu_task_entry" (
	"task_id" integer NOT NULL,
	"uid" text NOT NULL,
	"entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edu_task_entry_task_id_uid_pk" PRIMARY KEY("task_id","uid")
);
--> statement-breakpoint
CREATE TABLE "edu_task_problem" (
	"task_id" integer NOT NULL,
	"pid" integer NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "edu_task_problem_task_id_pid_pk" PRIMARY KEY("task_id","pid")
);
--> statement-breakpoint
CREATE TABLE "edu_task_submission" (
	"submit_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"uid" text NOT NULL,
	"pid" integer NOT NULL,
	"late" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edu_task" ADD CONSTRAINT "edu_task_course_id_edu_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task" ADD CONSTRAINT "edu_task_creator_users_uuid_fk" FOREIGN KEY ("creator") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_class" ADD CONSTRAINT "edu_task_class_task_id_edu_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."edu_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_class" ADD CONSTRAINT "edu_task_class_class_id_edu_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."edu_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_entry" ADD CONSTRAINT "edu_task_entry_task_id_edu_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."edu_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_problem" ADD CONSTRAINT "edu_task_problem_task_id_edu_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."edu_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_problem" ADD CONSTRAINT "edu_task_problem_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_submission" ADD CONSTRAINT "edu_task_submission_submit_id_judge_submit_id_fk" FOREIGN KEY ("submit_id") REFERENCES "public"."judge"("submit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_task_submission" ADD CONSTRAINT "edu_task_submission_task_id_edu_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."edu_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edu_task_course_idx" ON "edu_task" USING btree ("course_id","kind");--> statement-breakpoint
CREATE INDEX "edu_task_class_class_idx" ON "edu_task_class" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "edu_task_submission_task_idx" ON "edu_task_submission" USING btree ("task_id","uid");