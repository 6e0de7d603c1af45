-- The large community of benchmark 4, added to a migrated and seeded database in a few statements (no row by
-- row inserts): 5,000 certifications, 100,000 members, 1,000,000 votes, 200,000 comments (2,000 on the busiest
-- certification) and 20,000 resources. Counters are set from the rows at the end, as the application keeps them.
-- :busiest is the id of the busiest certification, bound by the script (psql-style variables are not used).

insert into users (username, email, email_verified, created_at)
select 'member_' || g, 'member_' || g || '@example.com', true, now() - make_interval(mins => g)
from generate_series(1, 100000) g;

insert into certifications (slug, name, cert_code, vendor, description, url, status, created_at)
select 'generated-certification-' || g,
       'Generated Certification ' || g,
       'GEN-' || g,
       v.vendors[1 + g % array_length(v.vendors, 1)],
       'A generated certification for the scale benchmark: ' || md5(g::text) || ' covers networks, cloud and security.',
       'https://example.com/certification/' || g,
       case when g % 100 = 0 then 'PENDING' else 'APPROVED' end,
       now() - make_interval(mins => g)
from generate_series(1, (5000 - (select count(*) from certifications))::int) g,
     (select array_agg(distinct vendor) as vendors from certifications) v;

-- Ten votes per member, on ten different approved certifications (523 * k mod n differs for k < 10).
with members as (
  select id, row_number() over (order by id) as rn from users where username like 'member\_%'
), approved as (
  select id, row_number() over (order by id) - 1 as idx from certifications where status = 'APPROVED'
), total as (
  select count(*)::int as n from approved
)
insert into certification_votes (user_id, certification_id, value)
select m.id, a.id, case when (m.rn + k) % 5 = 0 then -1 else 1 end
from members m
cross join generate_series(0, 9) k
cross join total t
join approved a on a.idx = (m.rn * 7 + k * 523) % t.n;

update certifications c
set upvote_count = v.up, downvote_count = v.down
from (
  select certification_id,
         count(*) filter (where value = 1)::int as up,
         count(*) filter (where value = -1)::int as down
  from certification_votes group by certification_id
) v
where v.certification_id = c.id;

-- Ratings: 200,000, two per member, spread over the approved catalogue, with the sums the service keeps.
with members as (
  select id, row_number() over (order by id) as rn from users where username like 'member\_%'
), approved as (
  select id, row_number() over (order by id) - 1 as idx from certifications where status = 'APPROVED'
), total as (
  select count(*)::int as n from approved
)
insert into certification_ratings (user_id, certification_id, difficulty, value, recognition, study_hours, outcome, exam_year, review, updated_at)
select m.id, a.id, 1 + (m.rn + k) % 5, 1 + (m.rn * 3 + k) % 5, 1 + (m.rn * 7 + k) % 5, (m.rn * 13 + k) % 300,
       (array['PASSED_FIRST_TRY', 'PASSED_RETAKE', 'FAILED', 'STUDYING'])[1 + (m.rn + k) % 4], 2020 + (m.rn % 6),
       case when m.rn % 10 = 0 then 'Generated review ' || m.rn || ': what helped me prepare.' end,
       now() - ((m.rn % 60) || ' days')::interval
from members m
cross join generate_series(0, 1) k
cross join total t
join approved a on a.idx = (m.rn * 11 + k * 1009) % t.n;

update certifications c
set rating_count = r.n, difficulty_sum = r.d, value_sum = r.v, recognition_sum = r.r
from (
  select certification_id, count(*)::int as n, sum(difficulty)::int as d, sum(value)::int as v, sum(recognition)::int as r
  from certification_ratings group by certification_id
) r
where r.certification_id = c.id;

-- Comments: 500 threads four deep on the busiest certification (2,000), and 99,000 threads of two on the others.
insert into comments (certification_id, user_id, depth, content, created_at)
select $1::int, (select min(id) from users where username like 'member\_%') + (g * 37) % 100000, 0,
       'Generated comment ' || g || ' on the busiest certification: how I prepared and what the exam asked.',
       now() - make_interval(secs => 5000 - g)
from generate_series(1, 500) g;

insert into comments (certification_id, user_id, depth, content, created_at)
select o.ids[1 + g % array_length(o.ids, 1)],
       (select min(id) from users where username like 'member\_%') + (g * 41) % 100000, 0,
       'Generated comment ' || g || ': a member shares a study tip.',
       now() - make_interval(secs => g)
from generate_series(1, 99000) g,
     (select array_agg(id order by id) as ids from certifications where status = 'APPROVED' and id <> $1::int) o;

insert into comments (certification_id, user_id, parent_id, depth, content, created_at)
select c.certification_id, (select min(id) from users where username like 'member\_%') + (c.id * 13) % 100000,
       c.id, 1, 'Generated reply to comment ' || c.id || '.', c.created_at + interval '1 minute'
from comments c where c.depth = 0 and c.content like 'Generated comment%';

insert into comments (certification_id, user_id, parent_id, depth, content, created_at)
select c.certification_id, (select min(id) from users where username like 'member\_%') + (c.id * 17) % 100000,
       c.id, 2, 'Generated reply to reply ' || c.id || '.', c.created_at + interval '1 minute'
from comments c where c.depth = 1 and c.certification_id = $1::int;

insert into comments (certification_id, user_id, parent_id, depth, content, created_at)
select c.certification_id, (select min(id) from users where username like 'member\_%') + (c.id * 19) % 100000,
       c.id, 3, 'Generated reply, three deep, to ' || c.id || '.', c.created_at + interval '1 minute'
from comments c where c.depth = 2 and c.certification_id = $1::int;

insert into resources (certification_id, name, description, url, type, is_paid, status)
select o.ids[1 + g % array_length(o.ids, 1)],
       'Generated resource ' || g,
       'A generated learning resource for the scale benchmark.',
       'https://example.com/resource/' || g,
       (array['course', 'video', 'article', 'book', 'documentation', 'other'])[1 + g % 6],
       g % 3 = 0,
       case when g % 200 = 0 then 'PENDING' else 'APPROVED' end
from generate_series(1, (20000 - (select count(*) from resources))::int) g,
     (select array_agg(id order by id) as ids from certifications where status = 'APPROVED') o;

analyze;
