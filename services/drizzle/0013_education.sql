CREATE TABLE "edu_class_student" (
	"class_id" integer NOT NULL,
	"uid" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edu_class_student_class_id_uid_pk" PRIMARY KEY("class_id","uid")
);
--> statement-breakpoint
CREATE TABLE "edu_class" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"grade_id" integer NOT NULL,
	"creator" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_course" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_image" text,
	"creator" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_course_chapter" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"title" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_course_class" (
	"course_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"invite_code" text NOT NULL,
	"invite_expire_at" timestamp with time zone NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edu_course_class_course_id_class_id_pk" PRIMARY KEY("course_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "edu_course_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"chapter_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text,
	"pid" integer,
	"rank" integer DEFAULT 0 NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edu_grade" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"creator" text NOT NULL,
	"gmt_create" timestamp with time zone DEFAULT now() NOT NULL,
	"gmt_modified" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edu_class_student" ADD CONSTRAINT "edu_class_student_class_id_edu_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."edu_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_class_student" ADD CONSTRAINT "edu_class_student_uid_users_uuid_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("uuid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_class" ADD CONSTRAINT "edu_class_grade_id_edu_grade_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."edu_grade"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_class" ADD CONSTRAINT "edu_class_creator_users_uuid_fk" FOREIGN KEY ("creator") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_course" ADD CONSTRAINT "edu_course_creator_users_uuid_fk" FOREIGN KEY ("creator") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_course_chapter" ADD CONSTRAINT "edu_course_chapter_course_id_edu_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_course_class" ADD CONSTRAINT "edu_course_class_course_id_edu_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."edu_course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_course_class" ADD CONSTRAINT "edu_course_class_class_id_edu_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."edu_class"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_course_resource" ADD CONSTRAINT "edu_course_resource_chapter_id_edu_course_chapter_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."edu_course_chapter"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_course_resource" ADD CONSTRAINT "edu_course_resource_pid_problems_id_fk" FOREIGN KEY ("pid") REFERENCES "public"."problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edu_grade" ADD CONSTRAINT "edu_grade_creator_users_uuid_fk" FOREIGN KEY ("creator") REFERENCES "public"."users"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edu_class_student_uid_idx" ON "edu_class_student" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "edu_class_grade_idx" ON "edu_class" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "edu_course_chapter_course_idx" ON "edu_course_chapter" USING btree ("course_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "edu_course_class_code_idx" ON "edu_course_class" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "edu_course_class_class_idx" ON "edu_course_class" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "edu_course_resource_chapter_idx" ON "edu_course_resource" USING btree ("chapter_id","rank");