-- Addresses that name nothing, each one new, for wrk: missing notes, papers and tags, list pages past the
-- end, unknown addresses and API reads of missing items. `wrk -s bench/misses.lua URL -- FIRST` numbers them
-- from FIRST, so that successive runs never repeat one; `-- crawl` runs bench/crawl.lua's mix instead.
-- Either way the answers are counted by status, and printed as "statuses: 404=N ...".
local threads = {}
local kinds = {
  "/notes/missing-%d", "/research/missing-%d", "/notes/tag/missing-%d", "/notes/page/%d", "/no/such/page-%d",
  "/research/topic/missing-%d", "/api/notes/missing-%d/", "/api/notes/?tag=missing-%d",
  "/api/publications/papers/missing-%d/",
}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
  if args[1] == "crawl" then
    dofile("bench/crawl.lua")
  else
    counter = tonumber(args[1] or "0")
    request = function()
      counter = counter + 1
      return wrk.format("GET", string.format(kinds[counter % #kinds + 1], counter + 1000))
    end
  end
end

function response(status)
  statuses[status] = (statuses[status] or 0) + 1
end

function done()
  local counted = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do counted[status] = (counted[status] or 0) + n end
  end
  local parts = {}
  for status, n in pairs(counted) do table.insert(parts, status .. "=" .. n) end
  io.write("statuses: " .. table.concat(parts, " ") .. "\n")
end
