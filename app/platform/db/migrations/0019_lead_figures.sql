-- Business minutes to the first response (decision 043), written by recordFirstResponse from now on.
-- Leads answered before stay null: the hours they were answered under were never recorded, and the
-- first responses migration 0013 filled in for older leads are partly estimates. The figures leave
-- them out of the response times and say how many. The figures' index on the status history,
-- inbox_status_changes_reached_idx, is built after the migrations (list-indexes.server.ts).
ALTER TABLE "consultations" ADD COLUMN "first_response_business_minutes" integer;
