-- A member chooses whether others see the exam outcome and study hours of their ratings: off by default.
ALTER TABLE "users" ADD COLUMN "show_rating_outcome" boolean DEFAULT false NOT NULL;