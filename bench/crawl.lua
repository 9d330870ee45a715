-- A mixed crawl for wrk: public pages, API reads, the CV, crawler files, an address with a query string and
-- addresses nobody serves, each unknown address new, so that no cache answers them all.
local paths = {
  "/", "/cv", "/research", "/on-the-web", "/about", "/login", "/sitemap.xml", "/robots.txt", "/share-image.png",
  "/api/site-content/", "/api/photos/images/?gallery_slug=page-logos", "/api/publications/",
  "/api/documents/documents/current_cv/", "/cv.pdf", "/profile",
}
local counter = 0

request = function()
  counter = counter + 1
  local slot = counter % (#paths + 4)
  if slot < #paths then return wrk.format("GET", paths[slot + 1]) end
  if slot == #paths then return wrk.format("GET", "/no/such/page/" .. counter) end
  if slot == #paths + 1 then return wrk.format("GET", "/login?next=/x" .. counter) end
  if slot == #paths + 2 then return wrk.format("GET", "/api/photos/images/?gallery_slug=g" .. counter) end
  return wrk.format("GET", "/media/missing-" .. counter .. ".webp")
end
