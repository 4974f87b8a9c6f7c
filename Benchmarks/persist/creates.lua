-- wrk script: POSTs a new demo task on each request (a fresh client id every time), so every
-- request is a write. Environment: PROJECT and AUTHOR (demo ids), PREFIX (8 hex digits, unique
-- per run). Use one wrk thread.
local counter = 0
local prefix = os.getenv("PREFIX") or "c0000000"
local author = os.getenv("AUTHOR")
wrk.method = "POST"
wrk.path = "/projects/" .. os.getenv("PROJECT") .. "/tasks"
wrk.headers["Content-Type"] = "application/json"

request = function()
  counter = counter + 1
  local id = string.format("%s-0000-4000-8000-%012x", prefix, counter)
  local body = string.format(
    '{"id":"%s","title":"bench %d","state":"todo","author_id":"%s","position":%d,'
      .. '"created_at":"2025-06-01T00:00:00.000Z","updated_at":"2025-06-01T00:00:00.000Z"}',
    id, counter, author, counter)
  return wrk.format(nil, nil, nil, body)
end

done = function(summary, latency, requests)
  io.write(string.format("RESULT requests=%d seconds=%.3f p50_ms=%.3f p99_ms=%.3f errors=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
