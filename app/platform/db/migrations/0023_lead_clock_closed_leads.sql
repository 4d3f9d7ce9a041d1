-- A spam or lost lead is owed no response, so the "Most urgent" and "Oldest waiting" orders put it with
-- the answered ones. Their indexes, consultations_urgent_open_idx and consultations_waiting_open_idx, are
-- built after the migrations by list-indexes.server.ts (CONCURRENTLY on a server), which then drops the
-- ones they replace (consultations_urgent_idx, consultations_waiting_idx): the lists keep an index meanwhile.
SELECT 1;
