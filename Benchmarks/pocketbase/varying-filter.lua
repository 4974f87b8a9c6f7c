-- wrk script: request (c), the filtered, sorted page of (a) with a different filter text on each
-- request, so no kept answer can serve it: `views > 500.<n>` selects what `views > 500` does
-- (views are integers) while the text never repeats. Use one wrk thread.
local counter = 0
local prefix = "/api/collections/posts/records?sort=-views&perPage=30&filter="
local rest = "%20%26%26%20status%20%3D%20%22published%22"

request = function()
  counter = counter + 1
  return wrk.format("GET", string.format("%sviews%%20%%3E%%20500.%09d%s", prefix, counter, rest))
end
