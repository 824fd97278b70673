-- wrk script: POST /v1/settle with the bodies of $SHOWDOWN_CORPUS (one JSON
-- request per line), each thread cycling through them from its own offset.
-- Requests are formatted once in init(), so the generator spends its CPU on
-- sockets, not on Lua. With $SHOWDOWN_COUNT_STATUS=1 it also counts the
-- responses by status (slower: wrk then hands each response to Lua).

local requests = {}
local counter = 0
local threads = {}
local count_status = os.getenv("SHOWDOWN_COUNT_STATUS") == "1"
statuses = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

function init(args)
  local path = assert(os.getenv("SHOWDOWN_CORPUS"), "SHOWDOWN_CORPUS not set")
  local headers = { ["Content-Type"] = "application/json" }
  for line in io.lines(path) do
    if #line > 0 then
      requests[#requests + 1] = wrk.format("POST", "/v1/settle", headers, line)
    end
  end
  assert(#requests > 0, "empty corpus " .. path)
  counter = (id * 7919) % #requests
end

function request()
  counter = counter % #requests + 1
  return requests[counter]
end

if count_status then
  function response(status, headers, body)
    statuses[status] = (statuses[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local e = summary.errors
  local by_status = {}
  if count_status then
    local total = {}
    for _, t in ipairs(threads) do
      for k, v in pairs(t:get("statuses") or {}) do
        total[k] = (total[k] or 0) + v
      end
    end
    for k, v in pairs(total) do
      by_status[#by_status + 1] = string.format("%s:%d", k, v)
    end
    table.sort(by_status)
  end
  io.write(string.format(
    "RESULT requests=%d seconds=%.2f rps=%.1f p50_us=%d p99_us=%d p999_us=%d max_us=%d "
      .. "status_errors=%d socket_errors=%d timeouts=%d statuses=%s\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max,
    e.status, e.connect + e.read + e.write, e.timeout,
    #by_status > 0 and table.concat(by_status, ",") or "-"))
end
